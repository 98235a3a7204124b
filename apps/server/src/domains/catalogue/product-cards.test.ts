import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../db/client';
import { brands, categories, packs, productMedia, products, stock, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { websiteWithTwoWarehouses } from './test-fixture';
import { hydrateProducts } from './service';
import { itOnPostgres } from '../../test/on-postgres';

/**
 * Products are read from their cards (`product_cards`), which database triggers keep from the
 * products, their packs and images, and their brands' and categories' names and slugs (migration
 * 0027_product-cards). Whatever writes them (one row or many at once, moves, deletes, a brand
 * renamed or deleted), a product read must be what its rows say now: the JSON written from the
 * rows themselves, as the read did before the cards (the reference below).
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Spec §3's JSON of `ids` (those of the website, in id order) written from the rows themselves. */
async function fromRows(db: DbOrTx, websiteId: number, ids: number[], warehouseId: number | null, fallback: number) {
  const idList = sql`${`{${ids.join(',')}}`}::int[]`;
  const level =
    warehouseId === null
      ? sql`left join lateral (select s.warehouse_id as w, s.available as a from ${stock} s where s.pack_id = k.id
          order by s.available desc, s.warehouse_id limit 1) st on true`
      : sql`left join lateral (select s.available as a from ${stock} s where s.pack_id = k.id and s.warehouse_id = ${warehouseId}::int) st on true`;
  // the shopper's warehouse, else the one holding most of the pack, else the website's first
  const from = warehouseId === null ? sql`coalesce(st.w, ${fallback}::int)` : sql`${warehouseId}::int`;
  const rows = await db.execute(sql`select p.id,
      '{"product_id":' || p.id || ',"product_name":' || to_json(p.name) || ',"product_description":' || to_json(p.description)
        || coalesce(',"product_info":' || p.info::text, '') || ',"brand_name":' || to_json(coalesce(b.name, ''))
        || ',"slug":' || to_json(p.slug) || ',"brand_slug":' || to_json(coalesce(b.slug, '')) || ',"wishlist":false'
        || ',"medias":' || coalesce(m.list, '[]') || ',"image":' || to_json(coalesce(m.first, '')) || ',"packs":' || coalesce(pk.list, '[]')
        || coalesce(',"category_slug":' || to_json(c.slug), '') || ',"hsn_code":' || to_json(p.hsn_code)
        || ',"gst_rate":' || (p.gst_rate::float8 / 100) || '}' as json
    from ${products} p
      left join ${brands} b on b.id = p.brand_id
      left join ${categories} c on c.id = p.category_id
      left join lateral (
        select '[' || string_agg('{"src":' || to_json(x.src) || coalesce(',"alt":' || to_json(nullif(x.alt, '')), '') || '}', ','
            order by x.position, x.id) || ']' as list,
          (array_agg(x.src order by x.position, x.id))[1] as first
        from ${productMedia} x where x.product_id = p.id
      ) m on true
      left join lateral (select '[' || string_agg('{"pack_id":' || k.id || ',"pack_name":' || to_json(k.name)
          || ',"price":' || (k.price::float8 / 100) || ',"act_price":' || (k.act_price::float8 / 100)
          || ',"discount":' || case when k.discount_type = 'flat' then (k.discount::float8 / 100)::text else k.discount::text end
          || ',"warehouse_id":' || ${from} || ',"discount_type":' || coalesce(to_json(k.discount_type)::text, 'null')
          || ',"stock":' || coalesce(st.a, 0) || '}', ',' order by k.position, k.id) || ']' as list
        from ${packs} k ${level} where k.product_id = p.id) pk on true
    where p.id = any(${idList}) and p.website_id = ${websiteId}
    order by p.id`);
  return (rows as unknown as { rows: Array<{ json: string }> }).rows.map((r) => JSON.parse(r.json) as unknown);
}

const NAMES = ['Basmati "Rice"', 'Toor Dal \\ 1kg', 'चावल', 'Honey 🍯'];

const op = fc.oneof(
  fc.record({ kind: fc.constant('product' as const), name: fc.constantFrom(...NAMES), brand: fc.nat(2), category: fc.nat(2) }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('rebrand' as const), pick: fc.nat(), brand: fc.nat(2), category: fc.nat(2) }),
  fc.record({ kind: fc.constant('pack' as const), pick: fc.nat(), price: fc.integer({ min: 1, max: 99_999 }), units: fc.nat(50) }),
  fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), price: fc.integer({ min: 1, max: 99_999 }) }),
  // every pack of the website in one statement (a bulk price change, an import)
  fc.record({ kind: fc.constant('prices' as const), price: fc.integer({ min: 1, max: 99_999 }) }),
  fc.record({ kind: fc.constant('packMove' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('packDelete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('image' as const), pick: fc.nat(), alt: fc.constantFrom('', 'front', 'back "label"') }),
  fc.record({ kind: fc.constant('imageEdit' as const), pick: fc.nat(), position: fc.integer({ min: -1, max: 3 }) }),
  fc.record({ kind: fc.constant('imageDelete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('brandRename' as const), brand: fc.nat(1), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('brandDelete' as const), brand: fc.nat(1) }),
  fc.record({ kind: fc.constant('categorySlug' as const), category: fc.nat(1), slug: fc.constantFrom('dal', 'rice', 'snacks') }),
  fc.record({ kind: fc.constant('categoryDelete' as const), category: fc.nat(1) }),
  fc.record({ kind: fc.constant('productDelete' as const), pick: fc.nat() }),
);

let run = 0;
describe('product cards', () => {
  it('read as the products’ rows say after any writes, at a warehouse and at any warehouse', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const db = database.db;
        run++;
        const { websiteId, whs } = await websiteWithTwoWarehouses(db, `Cards ${run}`);
        // (a deleted brand or category is null: a product added or moved after it has none)
        const brandIds: Array<number | null> = (
          await db
            .insert(brands)
            .values([0, 1].map((i) => ({ websiteId, name: `Brand ${i}`, slug: `brand-${run}-${i}` })))
            .returning()
        ).map((b) => b.id);
        const categoryIds: Array<number | null> = (
          await db
            .insert(categories)
            .values([0, 1].map((i) => ({ websiteId, name: `Category ${i}`, slug: `category-${run}-${i}` })))
            .returning()
        ).map((c) => c.id);
        const idsOf = async (table: typeof products | typeof packs | typeof productMedia) =>
          (await db.select({ id: table.id }).from(table).where(eq(table.websiteId, websiteId)).orderBy(asc(table.id))).map((r) => r.id);
        const pick = (ids: number[], n: number) => (ids.length ? ids[n % ids.length]! : null);
        // three products to start from: of each brand and category, and of none
        const start = await db
          .insert(products)
          .values(
            [0, 1, 2].map((i) => ({
              websiteId,
              name: NAMES[i]!,
              slug: `p-${run}-s${i}`,
              brandId: brandIds[i] ?? null,
              categoryId: categoryIds[i] ?? null,
            })),
          )
          .returning();
        const startPacks = await db
          .insert(packs)
          .values(start.map((p, i) => ({ websiteId, productId: p.id, name: '1 kg', sku: `S-${run}-s${i}`, price: 100 + i, actPrice: 200 })))
          .returning();
        await db.insert(stock).values(startPacks.map((k, i) => ({ websiteId, packId: k.id, warehouseId: whs[i % 2]!.id, available: i })));
        await db.insert(productMedia).values(start.map((p) => ({ websiteId, productId: p.id, src: `p/${p.slug}.webp` })));
        let n = 0;
        for (const o of ops) {
          n++;
          if (o.kind === 'product') {
            await db.insert(products).values({
              websiteId,
              name: o.name,
              slug: `p-${run}-${n}`,
              brandId: brandIds[o.brand] ?? null,
              categoryId: categoryIds[o.category] ?? null,
            });
          } else if (o.kind === 'brandRename') {
            if (brandIds[o.brand] === null) continue;
            await db
              .update(brands)
              .set({ name: o.name, slug: `b-${run}-${n}` })
              .where(eq(brands.id, brandIds[o.brand]!));
          } else if (o.kind === 'brandDelete') {
            if (brandIds[o.brand] === null) continue;
            await db.delete(brands).where(eq(brands.id, brandIds[o.brand]!));
            brandIds[o.brand] = null;
          } else if (o.kind === 'categorySlug') {
            if (categoryIds[o.category] === null) continue;
            await db
              .update(categories)
              .set({ slug: `${o.slug}-${run}-${n}` })
              .where(eq(categories.id, categoryIds[o.category]!));
          } else if (o.kind === 'categoryDelete') {
            if (categoryIds[o.category] === null) continue;
            await db.delete(categories).where(eq(categories.id, categoryIds[o.category]!));
            categoryIds[o.category] = null;
          } else if (o.kind === 'prices') {
            await db.update(packs).set({ price: o.price, actPrice: o.price }).where(eq(packs.websiteId, websiteId));
          } else if (o.kind === 'rename' || o.kind === 'rebrand' || o.kind === 'pack' || o.kind === 'image' || o.kind === 'productDelete') {
            const productId = pick(await idsOf(products), o.pick);
            if (productId === null) continue;
            if (o.kind === 'rename') await db.update(products).set({ name: o.name }).where(eq(products.id, productId));
            else if (o.kind === 'rebrand')
              await db
                .update(products)
                .set({ brandId: brandIds[o.brand] ?? null, categoryId: categoryIds[o.category] ?? null })
                .where(eq(products.id, productId));
            else if (o.kind === 'productDelete') await db.delete(products).where(eq(products.id, productId));
            else if (o.kind === 'image')
              await db.insert(productMedia).values({ websiteId, productId, src: `p/${run}-${n}.webp`, alt: o.alt, position: n % 3 });
            else {
              const [k] = await db
                .insert(packs)
                .values({ websiteId, productId, name: `${o.price} g`, sku: `S-${run}-${n}`, price: o.price, actPrice: o.price + 100 })
                .returning();
              await db.insert(stock).values({ websiteId, packId: k!.id, warehouseId: whs[n % 2]!.id, available: o.units });
            }
          } else if (o.kind === 'price' || o.kind === 'packMove' || o.kind === 'packDelete') {
            const packId = pick(await idsOf(packs), o.pick);
            if (packId === null) continue;
            if (o.kind === 'price')
              await db
                .update(packs)
                .set({ price: o.price, actPrice: o.price + 50, discount: 5, discountType: 'percentage' })
                .where(eq(packs.id, packId));
            else if (o.kind === 'packDelete') await db.delete(packs).where(eq(packs.id, packId));
            else {
              const productId = pick(await idsOf(products), o.to);
              await db.update(packs).set({ productId: productId! }).where(eq(packs.id, packId));
            }
          } else {
            const mediaId = pick(await idsOf(productMedia), o.pick);
            if (mediaId === null) continue;
            if (o.kind === 'imageDelete') await db.delete(productMedia).where(eq(productMedia.id, mediaId));
            else await db.update(productMedia).set({ position: o.position }).where(eq(productMedia.id, mediaId));
          }
        }

        const ids = await idsOf(products);
        for (const warehouseId of [whs[1]!.id, null]) {
          const got = await hydrateProducts(db, { websiteId, warehouseId, userId: null }, ids);
          expect(got).toEqual(await fromRows(db, websiteId, ids, warehouseId, whs[0]!.id));
        }
        // another website's products are never read as this one's
        const [other] = await db
          .insert(websites)
          .values({ name: `Cards ${run} other` })
          .returning();
        expect(await hydrateProducts(db, { websiteId: other!.id, warehouseId: null, userId: null }, ids)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  itOnPostgres('two staff editing two packs of one product at once: the card holds both edits', async () => {
    const db = database.db;
    const [site] = await db.insert(websites).values({ name: 'Cards race' }).returning();
    const websiteId = site!.id;
    const [p] = await db.insert(products).values({ websiteId, name: 'Race Rice', slug: 'race-rice' }).returning();
    const [a, b] = await db
      .insert(packs)
      .values([
        { websiteId, productId: p!.id, name: '1 kg', sku: 'RACE-1', price: 10_000, actPrice: 10_000, position: 0 },
        { websiteId, productId: p!.id, name: '5 kg', sku: 'RACE-5', price: 45_000, actPrice: 45_000, position: 1 },
      ])
      .returning();
    for (let round = 1; round <= 10; round++) {
      // the first holds its card's lock while the second edits the other pack and waits for it
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let edited!: () => void;
      const first = db.transaction(async (tx) => {
        await tx
          .update(packs)
          .set({ price: 10_000 + round, actPrice: 10_000 + round })
          .where(eq(packs.id, a!.id));
        edited();
        await held;
      });
      await new Promise<void>((r) => (edited = r));
      const second = db.transaction(async (tx) => {
        await tx
          .update(packs)
          .set({ price: 45_000 + round, actPrice: 45_000 + round })
          .where(eq(packs.id, b!.id));
      });
      await new Promise((r) => setTimeout(r, 50));
      release();
      await Promise.all([first, second]);
      const [card] = await hydrateProducts(db, { websiteId, warehouseId: null, userId: null }, [p!.id]);
      expect(card!.packs.map((k) => k.price)).toEqual([(10_000 + round) / 100, (45_000 + round) / 100]);
    }
    const rows = await db
      .select()
      .from(packs)
      .where(and(eq(packs.websiteId, websiteId), inArray(packs.id, [a!.id, b!.id])));
    expect(rows).toHaveLength(2);
  });
});
