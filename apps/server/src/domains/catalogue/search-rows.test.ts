import { productsQuerySchema } from '@grocer/shared/catalogue';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { products, productSearch, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { refreshProductIndex } from './search';
import { listProducts } from './service';

/**
 * A search for words alone reads `product_search` (one row per active product with a search
 * document), which database triggers keep from `products` (migration 0025_search-rows). Whatever
 * writes products (one row or many at once, name, status, website, deletes), the rows must be
 * exactly the active products' documents, and a search must answer as if it had read the products.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const NAMES = ['Basmati Rice', 'Rice Bran Oil', 'Ricebran Cookies', 'Toor Dal', 'Brown Rice Flakes', 'Honey'];
const STATUSES = ['active', 'draft', 'archived'] as const;

const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), name: fc.constantFrom(...NAMES), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: fc.constantFrom(...NAMES) }),
  // many products in one statement (an import, a bulk status change)
  fc.record({ kind: fc.constant('bulk' as const), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('noop' as const), pick: fc.nat() }),
);

let run = 0;
describe('search rows', () => {
  it('are the active products’ documents after any writes, and a search for words answers as the products would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const db = database.db;
        run++;
        const [a, b] = await db
          .insert(websites)
          .values([{ name: `Search rows ${run} A` }, { name: `Search rows ${run} B` }])
          .returning();
        const sites = [a!.id, b!.id];
        const ids = async () =>
          (await db.select({ id: products.id }).from(products).where(inArray(products.websiteId, sites)).orderBy(asc(products.id))).map(
            (r) => r.id,
          );
        let n = 0;
        for (const o of ops) {
          const all = await ids();
          const picked = all.length ? all[('pick' in o ? o.pick : 0) % all.length]! : null;
          if (o.kind === 'add') {
            n++;
            const [p] = await db
              .insert(products)
              .values({ websiteId: sites[0]!, name: o.name, slug: `p-${run}-${n}`, status: o.status })
              .returning();
            await refreshProductIndex(db, sites[0]!, [p!.id]);
          } else if (picked === null) continue;
          else if (o.kind === 'status') await db.update(products).set({ status: o.status }).where(eq(products.id, picked));
          else if (o.kind === 'rename') {
            const [p] = await db.update(products).set({ name: o.name }).where(eq(products.id, picked)).returning();
            await refreshProductIndex(db, p!.websiteId, [picked]);
          } else if (o.kind === 'bulk') await db.update(products).set({ status: o.status }).where(inArray(products.websiteId, sites));
          else if (o.kind === 'move') await db.update(products).set({ websiteId: sites[1]! }).where(eq(products.id, picked));
          else if (o.kind === 'delete') await db.delete(products).where(eq(products.id, picked));
          else
            await db
              .update(products)
              .set({ position: sql`${products.position}` })
              .where(eq(products.id, picked));
        }

        // the rows, exactly
        const expected = await db
          .select({ productId: products.id, websiteId: products.websiteId, doc: sql<string>`${products.searchDoc}::text` })
          .from(products)
          .where(and(inArray(products.websiteId, sites), eq(products.status, 'active'), sql`${products.searchDoc} is not null`))
          .orderBy(asc(products.id));
        const rows = await db
          .select({
            productId: productSearch.productId,
            websiteId: productSearch.websiteId,
            doc: sql<string>`${productSearch.searchDoc}::text`,
          })
          .from(productSearch)
          .where(inArray(productSearch.websiteId, sites))
          .orderBy(asc(productSearch.productId));
        expect(rows).toEqual(expected);

        // a search for words (which reads the search rows) answers what the products themselves
        // give: every active match, ranked, then by id
        for (const websiteId of sites) {
          const ctx = { websiteId, warehouseId: null, userId: null };
          const found = await listProducts(db, ctx, productsQuerySchema.parse({ q: 'rice', perPage: '50' }));
          const ranked = await db
            .select({ id: products.id })
            .from(products)
            .where(
              and(
                eq(products.websiteId, websiteId),
                eq(products.status, 'active'),
                sql`${products.searchDoc} @@ to_tsquery('simple', 'rice:*')`,
              ),
            )
            .orderBy(
              sql`ts_rank(${products.searchDoc}, to_tsquery('simple', 'rice:*')) + ts_rank(${products.searchDoc}, to_tsquery('simple', 'rice')) desc`,
              asc(products.id),
            );
          expect(found.data.map((p) => p.product_id)).toEqual(ranked.map((r) => r.id));
          expect(found.meta.total).toBe(ranked.length);
        }
      }),
      { numRuns: 25 },
    );
  });
});
