import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { orders, stock, stockMovements } from '../../db/schema';
import { checkoutBench } from '../orders/test-fixture';
import { adjustStockTo, ledgerMismatches, moveStock, openStock } from './service';
import { itOnPostgres } from '../../test/on-postgres';

// The stock ledger (DESIGN §3): every change of a balance is a movement written in the same
// transaction, and for every pack and warehouse the balance is the sum of its movements.
const { t, shop, shopper, place, key, stockOf } = await checkoutBench();
afterAll(() => t.close());

const blr = () => shop.warehouses.blr.id;
const movementsOf = (reference: string) =>
  t.db
    .select({
      packId: stockMovements.packId,
      quantity: stockMovements.quantity,
      balance: stockMovements.balance,
      reason: stockMovements.reason,
      actor: stockMovements.actor,
    })
    .from(stockMovements)
    .where(eq(stockMovements.reference, reference))
    .orderBy(asc(stockMovements.id));
class Rollback extends Error {}

describe('the stock ledger', () => {
  it('starts from the seeded opening balances', async () => {
    expect(await ledgerMismatches(t.db)).toMatchObject({ mismatches: [] });
    const opening = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.packId, shop.packs.dal1.id), eq(stockMovements.warehouseId, blr())));
    expect(opening).toMatchObject([{ quantity: 100, balance: 100, reason: 'opening', reference: null }]);
  });

  it('records the units an order takes and a cancellation gives back, with who, why and the balance after', async () => {
    const dal = shop.packs.dal1.id;
    const rice5 = shop.packs.rice5.id;
    const before = { dal: await stockOf(dal, blr()), rice5: await stockOf(rice5, blr()) };
    const s = await shopper([
      [dal, 2],
      [rice5, 1],
    ]);
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order.id as string;
    const actor = `user:${s.user.id}`;
    // in the order stock rows are locked: by pack, then warehouse
    expect(await movementsOf(`order:${orderId}`)).toEqual([
      { packId: rice5, quantity: -1, balance: before.rice5 - 1, reason: 'order', actor },
      { packId: dal, quantity: -2, balance: before.dal - 2, reason: 'order', actor },
    ]);

    expect((await s.c.post(`/s/api/orders/${orderId}/cancel`)).statusCode).toBe(200);
    expect((await movementsOf(`order:${orderId}`)).slice(2)).toEqual([
      { packId: rice5, quantity: 1, balance: before.rice5, reason: 'cancel', actor },
      { packId: dal, quantity: 2, balance: before.dal, reason: 'cancel', actor },
    ]);
    expect(await ledgerMismatches(t.db)).toMatchObject({ mismatches: [] });
  });

  it('records the release of an abandoned prepaid order as the system', async () => {
    const dal = shop.packs.dal1.id;
    const s = await shopper([[dal, 3]]);
    const res = await place(s.c, {
      address_id: s.addressId,
      payment_method: 'razorpay',
      expected_total: s.cart.amount,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order.id as string;
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orders.id, orderId));
    expect(await t.app.payments.releaseAbandoned()).toBe(1);
    const moves = await movementsOf(`order:${orderId}`);
    expect(moves.map((m) => [m.quantity, m.reason, m.actor])).toEqual([
      [-3, 'order', `user:${s.user.id}`],
      [3, 'release', 'system'],
    ]);
    expect(moves[1]!.balance).toBe(await stockOf(dal, blr()));
    expect(await ledgerMismatches(t.db)).toMatchObject({ mismatches: [] });
  });

  itOnPostgres('balance 5, 20 concurrent takers of one unit: exactly 5 movements, balance 0, never negative (PostgreSQL)', async () => {
    const where = { websiteId: shop.websiteId, packId: shop.packs.ghee1.id, warehouseId: shop.warehouses.del.id };
    await t.db.transaction((tx) => openStock(tx, [{ ...where, available: 5 }], 'test'));
    const taken = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) => moveStock(tx, { ...where, quantity: -1, reason: 'pos_sale', reference: `bill:${i}`, actor: 'user:1' })),
      ),
    );
    expect(taken.filter((b) => b !== null).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await stockOf(where.packId, where.warehouseId)).toBe(0);
    const rows = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.packId, where.packId), eq(stockMovements.warehouseId, where.warehouseId)));
    expect(rows.map((r) => r.reason).sort()).toEqual(['opening', 'pos_sale', 'pos_sale', 'pos_sale', 'pos_sale', 'pos_sale']);
    expect(await ledgerMismatches(t.db)).toMatchObject({ mismatches: [] });
  });

  it('any sequence of moves: refused ones change nothing, and the balance is the sum of the movements', async () => {
    const where = { websiteId: shop.websiteId, packId: shop.packs.vada1.id, warehouseId: shop.warehouses.del.id };
    await fc.assert(
      fc.asyncProperty(
        fc.nat(20),
        fc.array(
          fc.integer({ min: -15, max: 15 }).filter((q) => q !== 0),
          { maxLength: 12 },
        ),
        async (opening, moves) => {
          // each run in a transaction that is rolled back, so every run starts from nothing
          await t.db
            .transaction(async (tx) => {
              await openStock(tx, [{ ...where, available: opening }], 'test');
              let expected = opening;
              for (const q of moves) {
                const balance = await moveStock(tx, {
                  ...where,
                  quantity: q,
                  reason: q < 0 ? 'pos_sale' : 'return',
                  reference: null,
                  actor: 'user:1',
                });
                if (expected + q < 0) expect(balance).toBeNull();
                else expect(balance).toBe((expected += q));
              }
              const [row] = await tx
                .select()
                .from(stock)
                .where(and(eq(stock.packId, where.packId), eq(stock.warehouseId, where.warehouseId)));
              expect(row!.available).toBe(expected);
              expect((await ledgerMismatches(tx)).mismatches).toEqual([]);
              throw new Rollback();
            })
            .catch((e: unknown) => {
              if (!(e instanceof Rollback)) throw e;
            });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a counted balance (stock take) is one adjustment of the difference', async () => {
    const where = { websiteId: shop.websiteId, packId: shop.packs.rice1.id, warehouseId: shop.warehouses.mum.id };
    const before = await stockOf(where.packId, where.warehouseId);
    expect(
      await t.db.transaction((tx) => adjustStockTo(tx, { ...where, available: before + 4, reference: 'count:1', actor: 'user:1' })),
    ).toBe(before + 4);
    expect(
      await t.db.transaction((tx) => adjustStockTo(tx, { ...where, available: before + 4, reference: 'count:2', actor: 'user:1' })),
    ).toBe(before + 4);
    expect(await t.db.transaction((tx) => adjustStockTo(tx, { ...where, available: 1, reference: 'count:3', actor: 'user:1' }))).toBe(1);
    expect((await movementsOf('count:1')).map((m) => [m.quantity, m.balance, m.reason])).toEqual([[4, before + 4, 'adjustment']]);
    expect(await movementsOf('count:2')).toEqual([]);
    expect((await movementsOf('count:3')).map((m) => [m.quantity, m.balance])).toEqual([[1 - before - 4, 1]]);
    expect(await ledgerMismatches(t.db)).toMatchObject({ mismatches: [] });
  });

  it('reports a balance changed behind the ledger', async () => {
    const where = and(eq(stock.packId, shop.packs.dal1.id), eq(stock.warehouseId, shop.warehouses.mum.id));
    await t.db
      .transaction(async (tx) => {
        const [row] = await tx.select().from(stock).where(where);
        await tx
          .update(stock)
          .set({ available: row!.available + 7 })
          .where(where);
        const { mismatches } = await ledgerMismatches(tx);
        expect(mismatches).toEqual([
          {
            website_id: shop.websiteId,
            pack_id: shop.packs.dal1.id,
            warehouse_id: shop.warehouses.mum.id,
            available: row!.available + 7,
            moved: row!.available,
            last_balance: row!.available,
          },
        ]);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
  });
});
