import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, categories, packs, productCategories, productMedia, products, searchSynonyms } from './tables';

/** What a website's catalogue copy made: old id → new id, per kind. */
export interface CatalogueCopy {
  categories: Map<number, number>;
  brands: Map<number, number>;
  products: Map<number, number>;
  packs: Map<number, number>;
}

/** Inserts `rows` in batches, returning the new rows in the order given. */
async function insertInOrder<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += 500) out.push(...(await insert(rows.slice(i, i + 500))));
  return out;
}

/**
 * Copies a website's catalogue into another (a new website made as a copy, website/create.ts):
 * categories (with their tree), brands, products with their packs, further categories, images and
 * search synonyms. Not stock, orders or slug history: the copy starts with nothing sold or held.
 * Runs in the caller's transaction.
 */
export async function copyCatalogue(tx: DbOrTx, fromWebsiteId: number, toWebsiteId: number): Promise<CatalogueCopy> {
  const map: CatalogueCopy = { categories: new Map(), brands: new Map(), products: new Map(), packs: new Map() };

  // Categories level by level, so each parent exists before its children.
  const cats = await tx.select().from(categories).where(eq(categories.websiteId, fromWebsiteId)).orderBy(asc(categories.id));
  let level = cats.filter((c) => c.parentId === null || !cats.some((p) => p.id === c.parentId));
  const done = new Set<number>();
  while (level.length) {
    const made = await insertInOrder(level, (batch) =>
      tx
        .insert(categories)
        .values(
          batch.map(({ id: _id, websiteId: _w, version: _v, ...c }) => ({
            ...c,
            websiteId: toWebsiteId,
            parentId: c.parentId === null ? null : (map.categories.get(c.parentId) ?? null),
          })),
        )
        .returning({ id: categories.id }),
    );
    level.forEach((c, i) => {
      map.categories.set(c.id, made[i]!.id);
      done.add(c.id);
    });
    level = cats.filter((c) => !done.has(c.id) && c.parentId !== null && done.has(c.parentId));
  }

  const brandRows = await tx.select().from(brands).where(eq(brands.websiteId, fromWebsiteId)).orderBy(asc(brands.id));
  const newBrands = await insertInOrder(brandRows, (batch) =>
    tx
      .insert(brands)
      .values(batch.map(({ id: _id, websiteId: _w, version: _v, ...b }) => ({ ...b, websiteId: toWebsiteId })))
      .returning({ id: brands.id }),
  );
  brandRows.forEach((b, i) => map.brands.set(b.id, newBrands[i]!.id));

  const productRows = await tx.select().from(products).where(eq(products.websiteId, fromWebsiteId)).orderBy(asc(products.id));
  const newProducts = await insertInOrder(productRows, (batch) =>
    tx
      .insert(products)
      .values(
        batch.map(({ id: _id, websiteId: _w, version: _v, createdAt: _c, updatedAt: _u, ...p }) => ({
          ...p,
          websiteId: toWebsiteId,
          categoryId: p.categoryId === null ? null : (map.categories.get(p.categoryId) ?? null),
          brandId: p.brandId === null ? null : (map.brands.get(p.brandId) ?? null),
        })),
      )
      .returning({ id: products.id }),
  );
  productRows.forEach((p, i) => map.products.set(p.id, newProducts[i]!.id));

  const packRows = await tx.select().from(packs).where(eq(packs.websiteId, fromWebsiteId)).orderBy(asc(packs.id));
  const newPacks = await insertInOrder(packRows, (batch) =>
    tx
      .insert(packs)
      .values(batch.map(({ id: _id, ...k }) => ({ ...k, websiteId: toWebsiteId, productId: map.products.get(k.productId)! })))
      .returning({ id: packs.id }),
  );
  packRows.forEach((k, i) => map.packs.set(k.id, newPacks[i]!.id));

  const further = await tx.select().from(productCategories).where(eq(productCategories.websiteId, fromWebsiteId));
  await insertInOrder(further, (batch) =>
    tx
      .insert(productCategories)
      .values(
        batch.map((r) => ({
          websiteId: toWebsiteId,
          productId: map.products.get(r.productId)!,
          categoryId: map.categories.get(r.categoryId)!,
        })),
      )
      .returning({ productId: productCategories.productId }),
  );

  // Images: the same files (media paths are shared, never rewritten), new rows.
  const media = await tx.select().from(productMedia).where(eq(productMedia.websiteId, fromWebsiteId)).orderBy(asc(productMedia.id));
  await insertInOrder(media, (batch) =>
    tx
      .insert(productMedia)
      .values(batch.map(({ id: _id, ...m }) => ({ ...m, websiteId: toWebsiteId, productId: map.products.get(m.productId)! })))
      .returning({ id: productMedia.id }),
  );

  const synonyms = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.websiteId, fromWebsiteId));
  await insertInOrder(synonyms, (batch) =>
    tx
      .insert(searchSynonyms)
      .values(batch.map(({ id: _id, ...s }) => ({ ...s, websiteId: toWebsiteId })))
      .returning({ id: searchSynonyms.id }),
  );
  return map;
}
