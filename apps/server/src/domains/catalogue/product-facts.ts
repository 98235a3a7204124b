import { EMPTY_FACTS, type ProductFacts } from '@grocer/shared/product-facts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { products } from './tables';

/**
 * The catalogue's side of issue 39 point 15: a product's facts (FSSAI licence, ingredients,
 * nutrition, food type) and the rating summary the reviews domain keeps in the product's row.
 * The food type and the summary travel in the product's card (migration 0034); the rest is read
 * only by the product page (`factsOf`), so lists stay as small as they were.
 */

const MAX_ID = 2_147_483_647;

/** The id of the website's active product named by slug or numeric id (a slug wins), or null. */
export async function activeProductId(db: DbOrTx, websiteId: number, idOrSlug: string): Promise<number | null> {
  const id = /^[1-9]\d{0,9}$/.test(idOrSlug) && Number(idOrSlug) <= MAX_ID ? Number(idOrSlug) : null;
  const match = id === null ? eq(products.slug, idOrSlug) : sql`(${products.slug} = ${idOrSlug} or ${products.id} = ${id})`;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.status, 'active'), match))
    .orderBy(sql`${products.slug} = ${idOrSlug} desc`)
    .limit(1);
  return row?.id ?? null;
}

const factColumns = {
  fssai_licence: products.fssaiLicence,
  ingredients: products.ingredients,
  nutrition: products.nutrition,
  food_type: products.foodType,
};

/** The product's facts as the product page and the editor show them. */
export async function factsOf(db: DbOrTx, websiteId: number, productId: number): Promise<ProductFacts> {
  const [row] = await db
    .select(factColumns)
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, productId)));
  return row ?? EMPTY_FACTS;
}

/** The columns a save writes (drizzle names). */
export function factsRow(f: ProductFacts) {
  return { fssaiLicence: f.fssai_licence, ingredients: f.ingredients, nutrition: f.nutrition, foodType: f.food_type };
}

/**
 * Locks the product's row for a change to its reviews, so the recount after it (a new statement,
 * a new snapshot under READ COMMITTED) sees every other committed change: two moderations of one
 * product's reviews take turns instead of each writing a count that misses the other's.
 */
export async function lockProductForRating(tx: Tx, websiteId: number, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, productId)))
    .for('update');
  return row !== undefined;
}

/** Writes the summary of the product's approved reviews (the card is rebuilt by its trigger). */
export async function writeProductRating(tx: Tx, productId: number, summary: { count: number; total: number }): Promise<void> {
  await tx
    .update(products)
    .set({ ratingCount: summary.count, ratingTotal: summary.total })
    .where(
      and(
        eq(products.id, productId),
        sql`(${products.ratingCount}, ${products.ratingTotal}) is distinct from (${summary.count}, ${summary.total})`,
      ),
    );
}

/** The summary as kept in the product's row. */
export async function productRating(db: DbOrTx, websiteId: number, productId: number): Promise<{ count: number; total: number }> {
  const [row] = await db
    .select({ count: products.ratingCount, total: products.ratingTotal })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, productId)));
  return row ?? { count: 0, total: 0 };
}
