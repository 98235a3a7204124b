import { productListSchema, productSchema, productsQuerySchema, type Product } from '@grocer/shared/catalogue';
import { SORTS } from '@grocer/shared/list-params';
import { toRupees } from '@grocer/shared/money';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import type { Serialised } from '../../http/micro-cache';
import { databaseUrl } from '../../test/postgres';
import { brands, categories, packs, productMedia, products, stock, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { websiteWithTwoWarehouses } from './test-fixture';
import { hydrateProducts, listAnswer, listProducts } from './service';
import { itOnPostgres } from '../../test/on-postgres';

/**
 * Spec §3 products are written as JSON by PostgreSQL (their cards, migration 0027): a list answer
 * is those texts joined, never built as objects. Whatever the text (quotes, backslashes, Hindi,
 * emoji, control characters), prices, discounts and stock, the JSON must be the contract's: the
 * objects this test builds from the same rows in JavaScript, the way the contract says (rupees =
 * paise / 100, a flat discount in rupees, optional keys left out when empty, each pack's stock at
 * the shopper's warehouse or else at the warehouse holding most of it).
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// any text PostgreSQL can hold (no NUL), from the whole of Unicode
const text = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/\0/g, ''));
const packArb = fc.record({
  price: fc.integer({ min: 1, max: 99_999_999 }),
  extra: fc.integer({ min: 0, max: 5_000_000 }),
  discount: fc.integer({ min: 0, max: 100_000 }),
  discountType: fc.constantFrom(null, 'flat', 'percentage'),
  name: text,
  // units at each of the two warehouses (null: no stock row there)
  levels: fc.tuple(fc.option(fc.integer({ min: 0, max: 500 })), fc.option(fc.integer({ min: 0, max: 500 }))),
});
const productArb = fc.record({
  name: text,
  description: text,
  // (a plain object: the dictionary's own has no prototype)
  info: fc.option(
    fc.dictionary(text, text, { maxKeys: 3 }).map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== '__proto__'))),
  ),
  brand: fc.boolean(),
  category: fc.boolean(),
  hsn: fc.stringMatching(/^\d{0,8}$/),
  gst: fc.integer({ min: 0, max: 2800 }),
  medias: fc.array(fc.record({ src: text, alt: fc.oneof(fc.constant(''), text) }), { maxLength: 3 }),
  packs: fc.array(packArb, { maxLength: 3 }),
});

/** A list answer's JSON with every wishlist flag false (as the micro-cache joins it for everyone). */
const joined = (answer: Serialised) => answer.pieces.map((x) => (typeof x === 'number' ? 'false' : x)).join('');

let run = 0;
describe('product JSON written by PostgreSQL', () => {
  it('is the contract: the same products as built in JavaScript, for any text, prices and stock', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(productArb, { minLength: 1, maxLength: 5 }), fc.boolean(), async (list, atWarehouse) => {
        const db = database.db;
        run++;
        const { websiteId, whs } = await websiteWithTwoWarehouses(db, `JSON ${run}`);
        const [brand] = await db
          .insert(brands)
          .values({ websiteId, name: `Brand "${run}" \\ ब्रांड`, slug: `brand-${run}` })
          .returning();
        const [category] = await db
          .insert(categories)
          .values({ websiteId, name: 'Dal', slug: `dal-${run}` })
          .returning();
        const warehouseId = atWarehouse ? whs[1]!.id : null;

        const expected: Product[] = [];
        for (const [i, g] of list.entries()) {
          const [p] = await db
            .insert(products)
            .values({
              websiteId,
              name: g.name,
              slug: `p-${run}-${i}`,
              description: g.description,
              info: g.info,
              brandId: g.brand ? brand!.id : null,
              categoryId: g.category ? category!.id : null,
              hsnCode: g.hsn,
              gstRate: g.gst,
            })
            .returning();
          if (g.medias.length)
            await db
              .insert(productMedia)
              .values(g.medias.map((m, position) => ({ websiteId, productId: p!.id, src: m.src, alt: m.alt, position })));
          const packRows = [];
          for (const [j, k] of g.packs.entries()) {
            const [row] = await db
              .insert(packs)
              .values({
                websiteId,
                productId: p!.id,
                name: k.name,
                sku: `S${run}-${i}-${j}`,
                price: k.price,
                actPrice: k.price + k.extra,
                discount: k.discount,
                discountType: k.discountType,
                position: j,
              })
              .returning();
            const levels = k.levels.flatMap((a, w) => (a === null ? [] : [{ w: whs[w]!.id, a }]));
            if (levels.length)
              await db.insert(stock).values(levels.map((l) => ({ websiteId, packId: row!.id, warehouseId: l.w, available: l.a })));
            // the shopper's warehouse, else the one holding most (the first such by id), else the website's first
            const chosen =
              warehouseId !== null
                ? { w: warehouseId, a: levels.find((l) => l.w === warehouseId)?.a ?? 0 }
                : (levels.reduce<{ w: number; a: number } | null>((best, l) => (!best || l.a > best.a ? l : best), null) ?? {
                    w: whs[0]!.id,
                    a: 0,
                  });
            packRows.push({
              pack_id: row!.id,
              pack_name: k.name,
              price: toRupees(k.price),
              act_price: toRupees(k.price + k.extra),
              discount: k.discountType === 'flat' ? toRupees(k.discount) : k.discount,
              warehouse_id: chosen.w,
              discount_type: k.discountType,
              stock: chosen.a,
            });
          }
          const medias = g.medias.map((m) => ({ src: m.src, ...(m.alt ? { alt: m.alt } : {}) }));
          expected.push({
            product_id: p!.id,
            product_name: g.name,
            product_description: g.description,
            ...(g.info === null ? {} : { product_info: g.info }),
            brand_name: g.brand ? brand!.name : '',
            slug: `p-${run}-${i}`,
            brand_slug: g.brand ? brand!.slug : '',
            wishlist: false,
            medias,
            image: medias[0]?.src ?? '',
            packs: packRows,
            ...(g.category ? { category_slug: category!.slug } : {}),
            hsn_code: g.hsn,
            gst_rate: g.gst / 100,
          });
        }
        const ctx = { websiteId, warehouseId, userId: null };
        // in any order asked for, and each the contract's
        const ids = expected.map((p) => p.product_id).reverse();
        const got = await hydrateProducts(db, ctx, ids);
        expect(got).toEqual(ids.map((id) => expected.find((p) => p.product_id === id)));
        for (const p of got) expect(productSchema.parse(p)).toEqual(p);
        // the list answer: the same products, in the shop's order, as one valid JSON text
        const answer = await listAnswer(db, ctx, productsQuerySchema.parse({ perPage: '50' }));
        const json = joined(answer);
        const parsed = productListSchema.parse(JSON.parse(json));
        expect(parsed.meta).toEqual({ total: list.length, perPage: 50, page: 1 });
        // what can be bought first (issue 39 §5), the shop's order kept within each group
        const buyable = (p: Product) => p.packs.some((k) => (k.stock ?? 0) > 0);
        expect(JSON.parse(json).data).toEqual([...expected.filter(buyable), ...expected.filter((p) => !buyable(p))]);
        // in every order, the page read with its products is the page picked, then read by id
        for (const sort of SORTS) {
          const q = productsQuerySchema.parse({ s: sort, perPage: '2', page: '2' });
          const together = await listAnswer(db, ctx, q);
          const apart = await listProducts(db, ctx, q);
          expect(JSON.parse(joined(together))).toEqual(apart);
        }
      }),
      { numRuns: 30 },
    );
  });

  itOnPostgres('runs its hot reads as prepared statements on PostgreSQL, unnamed with DATABASE_PREPARED=off', async () => {
    const prepared = async (db: Database['db']) =>
      (
        (await db.execute(sql`select count(*)::int as n from pg_prepared_statements where name like 'h%'`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    const [site] = await database.db.select({ id: websites.id }).from(websites).limit(1);
    const ctx = { websiteId: site!.id, warehouseId: null, userId: null };
    const query = productsQuerySchema.parse({});
    const answer = joined(await listAnswer(database.db, ctx, query));
    // the pool lends the connection released last first: the one that ran them (unless this run
    // sends them unnamed, as behind a pooler: scripts/through-pgbouncer.mjs)
    if (process.env.DATABASE_PREPARED !== 'off') expect(await prepared(database.db)).toBeGreaterThan(0);
    // the same database through one connection that prepares nothing: the same answer
    const [{ name } = { name: '' }] = (
      (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }
    ).rows;
    const unnamed = await openDatabase({
      databaseUrl: databaseUrl(process.env.TEST_DATABASE_URL!, name),
      poolSize: 1,
      preparedStatements: false,
    });
    try {
      expect(joined(await listAnswer(unnamed.db, ctx, query))).toBe(answer);
      expect(await prepared(unnamed.db)).toBe(0);
    } finally {
      await unnamed.close();
    }
  });
});
