import type { MediaFormat } from '@grocer/shared/media';
import { slugify } from '@grocer/shared/slug';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { fail } from '../../http/errors';

/** The largest stored side: larger photos are scaled down (the biggest variant is 1000 px wide). */
export const MAX_SIDE = 2400;
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  body: Buffer;
  format: MediaFormat;
  width: number;
  height: number;
}

/**
 * Checks an upload by what sharp decodes (never by its name or the browser's type: an SVG or an
 * HTML page renamed .png is refused) and re-encodes it in its own format: turned upright by its
 * EXIF orientation, at most MAX_SIDE px, with every piece of metadata dropped (EXIF with its GPS
 * position, XMP, IPTC, comments), since sharp writes none unless asked.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let format: MediaFormat | null = null;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') format = meta.format;
    // sharp names AVIF files 'heif' with AV1 compression (HEIC photos are HEVC: refused).
    else if (meta.format === 'heif' && meta.compression === 'av1') format = 'avif';
  } catch {
    format = null;
  }
  if (!format) throw fail('MEDIA_UNSUPPORTED').withErrors({ file: [fail('MEDIA_UNSUPPORTED').message] });
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 8 })
          : format === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.avif({ quality: 60, effort: 3 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { body: data, format, width: info.width, height: info.height };
  } catch {
    // A file whose header says image but whose data does not decode.
    throw fail('MEDIA_UNSUPPORTED').withErrors({ file: ['This image is damaged or cannot be read.'] });
  }
}

const EXTENSION: Record<MediaFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
export const CONTENT_TYPE: Record<MediaFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

/**
 * A new object's path: the website's folder, a readable name from the upload (letters, digits and
 * hyphens only) and a random part, with the extension of the format the server wrote.
 */
export function mediaPath(websiteId: number, fileName: string, format: MediaFormat): string {
  const base =
    slugify(fileName.replace(/\.[^.]*$/, ''))
      .slice(0, 40)
      .replace(/-$/, '') || 'image';
  return `uploads/w${websiteId}/${base}-${randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}.${EXTENSION[format]}`;
}

/** The uploaded name as shown to people: no control characters, no folders, at most 200 characters. */
export const displayName = (fileName: string) =>
  // eslint-disable-next-line no-control-regex
  (fileName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
