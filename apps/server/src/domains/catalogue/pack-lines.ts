import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { packs, productMedia, products } from './tables';

/**
 * Packs as an order line needs them (issue 44 §5: the nightly subscription orders): names, tax,
 * the pack's own price (paise; no promotion or price list), the product's first image and whether
 * the product is on sale. Read-only, scoped to the website; a pack not the website's is left out.
 */
export async function packLines(db: DbOrTx, websiteId: number, packIds: readonly number[]) {
  if (!packIds.length) return [];
  return db
    .select({
      packId: packs.id,
      productId: products.id,
      slug: products.slug,
      productName: products.name,
      packName: packs.name,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      price: packs.price,
      actPrice: packs.actPrice,
      soldByWeight: packs.soldByWeight,
      active: sql<boolean>`${products.status} = 'active'`,
      image: sql<
        string | null
      >`(select ${productMedia.src} from ${productMedia} where ${productMedia.productId} = ${products.id} order by ${productMedia.position} limit 1)`,
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), inArray(packs.id, [...packIds])));
}
export type PackLine = Awaited<ReturnType<typeof packLines>>[number];
