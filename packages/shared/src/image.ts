/**
 * The image-URL rule of spec §7, in one place: a size path segment (default medium), a
 * placeholder when the source is empty, full URLs unchanged, an optional CDN prefix.
 */
export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
/** Each size's width in pixels: what the server resizes to and what srcset tells the browser. */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { small: 240, medium: 480, large: 1000 };
export const PLACEHOLDER_IMAGE = 'placeholder.svg';

export function imageUrl(src: string | null | undefined, size: ImageSize = 'medium', cdn = ''): string {
  const s = (src ?? '').trim();
  if (/^(https?:)?\/\//i.test(s) || s.startsWith('data:')) return s;
  const path = (s || PLACEHOLDER_IMAGE)
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+/, '')
    .replace(/^media\/(small|medium|large)\//, '');
  return `${cdn.replace(/\/$/, '')}/media/${size}/${path}`;
}

/** A srcset offering every size with its width ('… 240w, … 480w, … 1000w'). */
export const imageSrcSet = (src: string | null | undefined, cdn = ''): string =>
  IMAGE_SIZES.map((size) => `${imageUrl(src, size, cdn)} ${IMAGE_WIDTHS[size]}w`).join(', ');
