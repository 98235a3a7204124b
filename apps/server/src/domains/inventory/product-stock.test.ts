import { adminProductsQuerySchema } from '@grocer/shared/admin-catalogue';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { packs, products, productStock, stock } from '../../db/schema';
import { listAdminProducts } from '../catalogue/admin-service';
import { checkoutBench } from '../orders/test-fixture';
import { countStockBulk } from './bulk';
import { adjustStockTo, moveStock, openStock } from './service';

// Administration's product list filters (`stock=in|out`) and sorts by units in stock through
// `product_stock`, a summary the database keeps from `stock` (migration 0023_product-stock).
// Whatever moves stock, however transactions interleave, the list must answer exactly as if it
// had summed the balances itself.
const { t, shop, shopper, place, key } = await checkoutBench();
afterAll(() => t.close());
const websiteId = shop.websiteId;
const [blr, mum, del] = [shop.warehouses.blr.id, shop.warehouses.mum.id, shop.warehouses.del.id];

// Two products whose packs interleave (P: a < d, Q: b < c), so that transactions taking stock in
// pack order meet the products in either order; one product with a pack never stocked, one with none.
const product = async (name: string) =>
  (
    await t.db
      .insert(products)
      .values({ websiteId, name, slug: name.toLowerCase().replace(/ /g, '-') })
      .returning()
  )[0]!.id;
const pack = async (productId: number, name: string) =>
  (await t.db.insert(packs).values({ websiteId, productId, name, price: 100, actPrice: 100 }).returning())[0]!.id;
const P = await product('Product P');
const Q = await product('Product Q');
const a = await pack(P, 'a');
const b = await pack(Q, 'b');
const c = await pack(Q, 'c');
const d = await pack(P, 'd');
await pack(await product('Never Stocked'), 'one');
await product('No Packs');
const packIds = (await t.db.select({ id: packs.id }).from(packs).where(eq(packs.websiteId, websiteId))).map((k) => k.id);

/** Every product of the website with its units summed from the balances themselves. */
async function fromBalances() {
  return t.db
    .select({
      id: products.id,
      units: sql<number>`coalesce(sum(${stock.available}), 0)`.mapWith(Number),
      someAvailable: sql<boolean>`coalesce(bool_or(${stock.available} > 0), false)`,
      // the warehouses with units of one of its packs (product_stock.warehouses, migration 0036)
      warehouses: sql<
        number[]
      >`coalesce(array_agg(distinct ${stock.warehouseId} order by ${stock.warehouseId}) filter (where ${stock.available} > 0), '{}')`,
    })
    .from(products)
    .leftJoin(packs, eq(packs.productId, products.id))
    .leftJoin(stock, eq(stock.packId, packs.id))
    .where(eq(products.websiteId, websiteId))
    .groupBy(products.id)
    .orderBy(asc(products.id));
}

const list = (query: string) =>
  listAdminProducts(t.db, websiteId, adminProductsQuerySchema.parse(Object.fromEntries(new URLSearchParams(`perPage=100&${query}`))));

/** The list's stock filters, stock sort and figures against the balances, and the summary row by row. */
async function expectListFromBalances() {
  const truth = await fromBalances();
  expect(truth.length).toBeLessThanOrEqual(100); // one page holds them all
  // in stock as the list always meant it: a pack with units at some warehouse (balances are never negative)
  for (const r of truth) expect(r.someAvailable, `product ${r.id}`).toBe(r.units > 0);
  const summary = await t.db
    .select({ id: productStock.productId, units: productStock.units, warehouses: productStock.warehouses })
    .from(productStock)
    .where(eq(productStock.websiteId, websiteId))
    .orderBy(asc(productStock.productId));
  expect(summary).toEqual(truth.map(({ id, units, warehouses }) => ({ id, units, warehouses })));

  for (const filter of [undefined, 'in', 'out'] as const)
    for (const dir of ['asc', 'desc'] as const) {
      const sign = dir === 'asc' ? 1 : -1;
      const want = truth
        .filter((r) => filter === undefined || (filter === 'in') === r.units > 0)
        .sort((x, y) => sign * (x.units - y.units || x.id - y.id));
      const got = await list(`sort=stock&dir=${dir}${filter ? `&stock=${filter}` : ''}`);
      expect(
        got.data.map((p) => [p.id, p.stock]),
        `stock=${filter} sort=stock ${dir}`,
      ).toEqual(want.map((r) => [r.id, r.units]));
      expect(got.meta.total).toBe(want.length);
      if (filter) {
        // the same rows under another sort, and the total counted the same way
        const byName = await list(`sort=name&stock=${filter}`);
        expect(byName.data.map((p) => p.id).sort((x, y) => x - y)).toEqual(want.map((r) => r.id).sort((x, y) => x - y));
        expect(byName.meta.total).toBe(want.length);
      }
    }
}

class Rollback extends Error {}
type Move = { pack: number; warehouse: number; quantity: number };
const inPackOrder = (moves: Move[]) => [...moves].sort((x, y) => x.pack - y.pack || x.warehouse - y.warehouse);
const reasonOf = (quantity: number) => (quantity < 0 ? 'order' : 'cancel');

/** Moves in one transaction, in the lock order every caller keeps (pack, then warehouse), as an order or a bill does. */
const moveAll = (moves: Move[], after?: () => Promise<void>) =>
  t.db.transaction(async (tx) => {
    for (const m of inPackOrder(moves))
      await moveStock(tx, {
        websiteId,
        packId: m.pack,
        warehouseId: m.warehouse,
        quantity: m.quantity,
        reason: reasonOf(m.quantity),
        reference: 'test',
        actor: 'test',
      });
    await after?.();
  });

describe('units in stock per product (product_stock)', () => {
  it('starts from the seeded balances, every product with a row', async () => {
    await expectListFromBalances();
  });

  it('follows an order and its cancellation', async () => {
    const s = await shopper([
      [shop.packs.rice5.id, 2],
      [shop.packs.dal1.id, 1],
    ]);
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    await expectListFromBalances();
    expect((await s.c.post(`/s/api/orders/${res.json().order.id}/cancel`)).statusCode).toBe(200);
    await expectListFromBalances();
  });

  it('follows any sequence of moves, counts, imports and rolled-back transactions, some at the same time', async () => {
    const where = { pack: fc.constantFrom(...packIds), warehouse: fc.constantFrom(blr, mum, del) };
    const move = fc.record({ ...where, quantity: fc.integer({ min: -8, max: 8 }).filter((q) => q !== 0) });
    const moves = fc.array(move, { minLength: 1, maxLength: 5 });
    const step = fc.oneof(
      // orders, bills, cancellations: transactions running at the same time
      fc.record({ kind: fc.constant('together' as const), txs: fc.array(moves, { minLength: 1, maxLength: 4 }) }),
      // a stock take of one balance
      fc.record({ kind: fc.constant('count' as const), ...where, available: fc.nat(12) }),
      // a CSV import's counted balances
      fc.record({
        kind: fc.constant('import' as const),
        counted: fc.uniqueArray(fc.record({ ...where, available: fc.nat(12) }), {
          selector: (r) => `${r.pack}:${r.warehouse}`,
          minLength: 1,
          maxLength: 6,
        }),
      }),
      // moves that roll back
      fc.record({ kind: fc.constant('rolledBack' as const), moves }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'together') await Promise.all(s.txs.map((m) => moveAll(m)));
          else if (s.kind === 'count')
            await t.db.transaction((tx) =>
              adjustStockTo(tx, {
                websiteId,
                packId: s.pack,
                warehouseId: s.warehouse,
                available: s.available,
                reference: null,
                actor: 'test',
              }),
            );
          else if (s.kind === 'import')
            await t.db.transaction((tx) =>
              countStockBulk(
                tx,
                websiteId,
                s.counted.map((r) => ({ packId: r.pack, warehouseId: r.warehouse, available: r.available })),
                'test.csv',
                'test',
              ),
            );
          else
            await moveAll(s.moves, async () => {
              throw new Rollback();
            }).catch((e: unknown) => {
              if (!(e instanceof Rollback)) throw e;
            });
        }
        await expectListFromBalances();
      }),
      { numRuns: 25 },
    );
  });

  it('two transactions taking packs of the same two products, each meeting them in the other order, both commit', async () => {
    // Had each statement updated the summary at once, the first would hold P's row waiting for Q's
    // and the second Q's waiting for P's: a deadlock. The pauses make them overlap on PostgreSQL.
    const pause = () => new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        t.db.transaction(async (tx) => {
          await moveStock(tx, { websiteId, packId: a, warehouseId: del, quantity: 2, reason: 'received', reference: null, actor: 'test' });
          await pause();
          await moveStock(tx, { websiteId, packId: c, warehouseId: del, quantity: 2, reason: 'received', reference: null, actor: 'test' });
        }),
        t.db.transaction(async (tx) => {
          await moveStock(tx, { websiteId, packId: b, warehouseId: del, quantity: 3, reason: 'received', reference: null, actor: 'test' });
          await pause();
          await moveStock(tx, { websiteId, packId: d, warehouseId: del, quantity: 3, reason: 'received', reference: null, actor: 'test' });
        }),
      ]);
    }
    await expectListFromBalances();
  });

  it('a pack leaving its product takes its units along', async () => {
    const e = await pack(P, 'e');
    await t.db.transaction((tx) => openStock(tx, [{ websiteId, packId: e, warehouseId: blr, available: 7 }], 'test'));
    await expectListFromBalances();
    await t.db.update(packs).set({ productId: Q }).where(eq(packs.id, e));
    await expectListFromBalances();
    await t.db.delete(packs).where(eq(packs.id, e));
    await expectListFromBalances();
  });
});
