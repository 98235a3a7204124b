import type { ProductImage } from '@grocer/shared/media';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockMediaPaths } from '../media';
import { productMedia } from './tables';

/** A product's images in order (the first is the cover). */
export async function productImages(db: DbOrTx, websiteId: number, productId: number): Promise<ProductImage[]> {
  return db
    .select({ src: productMedia.src, alt: productMedia.alt })
    .from(productMedia)
    .where(and(eq(productMedia.websiteId, websiteId), eq(productMedia.productId, productId)))
    .orderBy(asc(productMedia.position), asc(productMedia.id));
}

/**
 * Refuses (at `images.{i}.src`) an image that is neither already the product's nor one of this
 * website's library images. The library rows stay locked for share until the save commits, so an
 * image cannot be deleted from the library while it is being attached.
 */
export async function checkProductImages(
  tx: DbOrTx,
  websiteId: number,
  productId: number,
  images: ProductImage[],
  refuse: (field: string, message: string) => void,
): Promise<void> {
  const current = new Set((await productImages(tx, websiteId, productId)).map((m) => m.src));
  const added = images.map((m) => m.src).filter((src) => !current.has(src));
  const library = await lockMediaPaths(tx, websiteId, added);
  const seen = new Set<string>();
  images.forEach((m, i) => {
    if (!current.has(m.src) && !library.has(m.src)) refuse(`images.${i}.src`, 'This image is not in the media library');
    else if (seen.has(m.src)) refuse(`images.${i}.src`, 'This image is already on the product');
    seen.add(m.src);
  });
}

/** Replaces the product's images with `images`, in that order, in the caller's transaction. */
export async function replaceProductImages(tx: DbOrTx, websiteId: number, productId: number, images: ProductImage[]): Promise<void> {
  await tx.delete(productMedia).where(and(eq(productMedia.websiteId, websiteId), eq(productMedia.productId, productId)));
  if (images.length)
    await tx.insert(productMedia).values(images.map((m, position) => ({ websiteId, productId, src: m.src, alt: m.alt, position })));
}
