import { imageSrcSet, imageUrl, type ImageSize } from '@grocer/shared/image';

// The CDN prefix: from the page's meta tag in the browser, set by the server renderer on the server.
let CDN = typeof document === 'undefined' ? '' : ((document.querySelector('meta[name="cdn"]') as HTMLMetaElement | null)?.content ?? '');
export const setCdn = (cdn: string) => void (CDN = cdn);

/** The shared image-URL rule with this page's CDN prefix. */
export const img = (src: string | null | undefined, size: ImageSize = 'medium') => imageUrl(src, size, CDN);

/** srcset for responsive images: every size the server makes, with its width. */
export const imgSrcSet = (src: string | null | undefined) => imageSrcSet(src, CDN);
