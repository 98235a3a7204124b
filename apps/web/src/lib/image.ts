import { imageUrl, type ImageSize } from '@grocer/shared/image';

const CDN = (document.querySelector('meta[name="cdn"]') as HTMLMetaElement | null)?.content ?? '';

/** The shared image-URL rule with this page's CDN prefix. */
export const img = (src: string | null | undefined, size: ImageSize = 'medium') => imageUrl(src, size, CDN);

/** srcset for responsive images: small 240w, medium 480w, large 1000w. */
export const imgSrcSet = (src: string | null | undefined) => `${img(src, 'small')} 240w, ${img(src, 'medium')} 480w, ${img(src, 'large')} 1000w`;
