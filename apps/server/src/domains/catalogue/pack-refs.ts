import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { Errors } from '../../http/errors';
import { packs, products } from './tables';

/**
 * The catalogue's packs as other domains' staff screens name them (the stock list, a pack's
 * history): read-only, scoped to the website.
 */

/**
 * A subquery to select from or join: every pack of the website with its product's name
 * (`packId`, `productId`, `product`, `pack`, `sku`, `position`, `active`: the product is on sale; columns prefixed `pn_`
 * so that joins stay unambiguous).
 */
export const packNamesSubquery = (db: DbOrTx, websiteId: number) =>
  db
    .select({
      packId: sql`${packs.id}`.mapWith(Number).as('pn_pack_id'),
      productId: sql`${packs.productId}`.mapWith(Number).as('pn_product_id'),
      product: sql<string>`${products.name}`.as('pn_product'),
      pack: sql<string>`${packs.name}`.as('pn_pack'),
      sku: sql<string>`${packs.sku}`.as('pn_sku'),
      position: sql`${packs.position}`.mapWith(Number).as('pn_position'),
      active: sql<boolean>`(${products.status} = 'active')`.as('pn_active'),
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(eq(packs.websiteId, websiteId))
    .as('pack_names');

/** One of the website's packs with its product's name; 404 when it is not the website's. */
export async function packNamed(db: DbOrTx, websiteId: number, packId: number) {
  const [k] = await db
    .select({ id: packs.id, productId: packs.productId, name: packs.name, sku: packs.sku, product: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), eq(packs.id, packId)));
  if (!k) throw Errors.notFound('Pack not found');
  return k;
}
