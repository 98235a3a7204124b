import { IMAGE_SIZES } from '@grocer/shared/image';
import { rm } from 'node:fs/promises';
import path from 'node:path';

/** The formats variants are served in, by the browser's Accept. */
export const VARIANT_FORMATS = ['avif', 'webp', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/**
 * Where this process keeps a resized variant: always the local disk (under MEDIA_DIR/.cache),
 * also when originals live in S3. A variant is derived and immutable, so each process may keep
 * its own copy, and a CDN (CDN_URL) in front keeps one for all.
 */
export const variantFile = (mediaDir: string, size: string, format: VariantFormat, rel: string) =>
  path.join(path.resolve(mediaDir), '.cache', size, format, rel + '.' + format);

/** Drops this process's variants of a deleted original. */
export async function forgetVariants(mediaDir: string, rel: string): Promise<void> {
  await Promise.all(IMAGE_SIZES.flatMap((size) => VARIANT_FORMATS.map((f) => rm(variantFile(mediaDir, size, f, rel), { force: true }))));
}
