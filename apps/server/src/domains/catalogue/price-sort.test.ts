import { productsQuerySchema } from '@grocer/shared/catalogue';
import { displayPack } from '@grocer/shared/packs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { packs, products, stock, warehouses, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { listProducts } from './service';

/**
 * "Price: low to high" prices only what it must (service.ts pickCheapest: matches read by
 * min_price, priced in batches). Whatever the packs' prices and stock, its pages must be exactly
 * the cards in stock first (issue 39), each group ordered by the price they show (the cheapest pack
 * in stock, else the cheapest pack), then by id: the order the correlated form gives.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const productArb = fc.array(fc.record({ price: fc.integer({ min: 1, max: 40 }), available: fc.integer({ min: 0, max: 2 }) }), {
  minLength: 1,
  maxLength: 3,
});

let run = 0;
describe('price: low to high', () => {
  it('pages are the cards ordered by the price they show, then id, for any prices and stock', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(productArb, { minLength: 0, maxLength: 70 }), fc.integer({ min: 1, max: 30 }), async (list, perPage) => {
        const db = database.db;
        run++;
        const [site] = await db
          .insert(websites)
          .values({ name: `Price sort ${run}` })
          .returning();
        const websiteId = site!.id;
        const [wh] = await db.insert(warehouses).values({ websiteId, name: 'Main', code: 'M' }).returning();
        const expected: Array<{ id: number; price: number; inStock: boolean }> = [];
        for (const [i, packList] of list.entries()) {
          const [p] = await db
            .insert(products)
            .values({ websiteId, name: `P${i}`, slug: `p-${i}`, status: 'active', minPrice: Math.min(...packList.map((k) => k.price)) })
            .returning();
          const rows = await db
            .insert(packs)
            .values(
              packList.map((k, j) => ({
                websiteId,
                productId: p!.id,
                name: `${j}`,
                sku: `S${run}-${i}-${j}`,
                price: k.price,
                actPrice: k.price,
              })),
            )
            .returning();
          await db
            .insert(stock)
            .values(rows.map((r, j) => ({ websiteId, packId: r.id, warehouseId: wh!.id, available: packList[j]!.available })));
          const buyable = packList.filter((k) => k.available > 0).map((k) => k.price);
          expected.push({
            id: p!.id,
            price: Math.min(...(buyable.length ? buyable : packList.map((k) => k.price))),
            inStock: buyable.length > 0,
          });
        }
        expected.sort((a, b) => Number(b.inStock) - Number(a.inStock) || a.price - b.price || a.id - b.id);
        const pages = Math.max(1, Math.ceil(list.length / perPage)) + 1; // and one past the end
        for (let page = 1; page <= pages; page++) {
          const query = productsQuerySchema.parse({ s: 'price_asc', perPage: String(perPage), page: String(page) });
          const got = await listProducts(db, { websiteId, warehouseId: wh!.id, userId: null }, query);
          expect(got.data.map((p) => p.product_id)).toEqual(expected.slice((page - 1) * perPage, page * perPage).map((e) => e.id));
          expect(got.meta.total).toBe(list.length);
          // each card shows the price it was sorted by (the pack displayPack picks for this sort)
          expect(got.data.map((p) => displayPack(p.packs, 'price_asc')?.price)).toEqual(
            expected.slice((page - 1) * perPage, page * perPage).map((e) => e.price / 100),
          );
        }
      }),
      { numRuns: 25 },
    );
  });
});
