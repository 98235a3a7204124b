import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, categories, productMedia, products } from './tables';

/** Where the catalogue shows a media path (products' images, category avatars, brand logos), as people name them. */
export async function catalogueMediaUses(db: DbOrTx, websiteId: number, path: string): Promise<string[]> {
  // one after another: a media delete asks inside its transaction (one statement at a time)
  const onProducts = await db
    .selectDistinct({ name: products.name })
    .from(productMedia)
    .innerJoin(products, eq(products.id, productMedia.productId))
    .where(and(eq(productMedia.websiteId, websiteId), eq(productMedia.src, path)))
    .limit(5);
  const onCategories = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.avatar, path)))
    .limit(5);
  const onBrands = await db
    .select({ name: brands.name })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), eq(brands.logo, path)))
    .limit(5);
  return [
    ...onProducts.map((r) => `product “${r.name}”`),
    ...onCategories.map((r) => `category “${r.name}”`),
    ...onBrands.map((r) => `brand “${r.name}”`),
  ];
}
