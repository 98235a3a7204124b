import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import { curdAndBread, checkoutBench } from '../orders/test-fixture';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import type { TestClient } from '../../test/client';
import { openAccount, post, walletMismatches } from './ledger';
import { payOrderFromWallet } from './orders';
import { accountEntries, customerAccounts } from './tables';

// Checkout paying wholly from the wallet (issue 44 §1) over real HTTP: the debit written with the
// order, refused when short, once per order whatever is retried, and given back when the order is
// cancelled (once, however often the refund is asked).
const { t, shop, key, shopper, place, stockOf } = await checkoutBench();
afterAll(() => t.close());

let items: { curd: number; bread: number };
let owner: TestClient;
beforeAll(async () => {
  items = await curdAndBread(t.db, shop);
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);

/** Credits the shopper's wallet `paise` (a goodwill entry, straight on the ledger). */
async function fund(userId: number, paise: number) {
  await t.db.transaction(async (tx) => {
    const { account } = await openAccount(tx, { websiteId: shop.websiteId, userId, kind: 'wallet', openedBy: 'test' });
    const r = await post(tx, {
      websiteId: shop.websiteId,
      accountId: account.id,
      amountPaise: paise,
      reason: 'goodwill',
      key: `fund:${randomUUID()}`,
      createdBy: 'test',
    });
    expect(r.ok).toBe(true);
  });
}
const walletOf = async (userId: number) =>
  (
    await t.db
      .select()
      .from(customerAccounts)
      .where(and(eq(customerAccounts.userId, userId), eq(customerAccounts.kind, 'wallet')))
  )[0]!;
const entriesOf = async (userId: number) =>
  t.db
    .select()
    .from(accountEntries)
    .where(eq(accountEntries.accountId, (await walletOf(userId)).id))
    .orderBy(accountEntries.id);

/** A shopper with ₹`rupees` in the wallet and curd + bread (₹88) in the cart. */
async function funded(rupees: number) {
  const s = await shopper([
    [items.curd, 1],
    [items.bread, 1],
  ]);
  if (rupees) await fund(s.user.id, rupees * 100);
  return s;
}
const body = (s: Awaited<ReturnType<typeof funded>>, extra: Record<string, unknown> = {}) => ({
  address_id: s.addressId,
  payment_method: 'razorpay',
  expected_total: s.cart.amount,
  idempotency_key: key(),
  use_wallet: true,
  ...extra,
});

describe('POST /s/api/orders with use_wallet', () => {
  it('the wallet covers the total: the order is placed and paid, the debit written with it', async () => {
    const s = await funded(200);
    expect(s.cart.amount).toBe(88);
    const res = await place(s.c, body(s));
    expect(res.statusCode, res.body).toBe(200);
    const { order, payment } = res.json();
    expect(payment).toBeNull(); // nothing to pay at a gateway
    expect(order).toMatchObject({ status: 'placed', payment_method: 'wallet', total: 88 });
    expect(order.payment).toMatchObject({ provider: 'wallet', status: 'paid', amount: 88 });
    expect((await walletOf(s.user.id)).balancePaise).toBe(20_000 - 8_800);
    const debit = (await entriesOf(s.user.id)).at(-1)!;
    expect(debit).toMatchObject({
      amountPaise: -8_800,
      balanceAfterPaise: 11_200,
      reason: 'order_payment',
      referenceType: 'order',
      referenceId: order.id,
      idempotencyKey: `order:${order.id}`,
    });
    // the shopper's order page and the staff's order screen name the wallet
    expect((await s.c.get(`/s/api/orders/${order.id}`)).json().payment).toMatchObject({ provider: 'wallet', status: 'paid' });
    const staff = await owner.get(`/s/api/admin/orders/${order.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().payment).toMatchObject({ provider: 'wallet', status: 'paid' });
    expect((await s.c.get('/s/api/cart')).json().quantity).toBe(0);
  });

  it('a balance short of the total is refused: no order, no debit, the cart and stock as they were', async () => {
    const s = await funded(50);
    const curdBefore = await stockOf(items.curd, shop.warehouses.blr.id);
    const res = await place(s.c, body(s));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('WALLET_NOT_ENOUGH');
    expect(res.json().message).toBe('The wallet has ₹50: not enough for this');
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
    expect(await entriesOf(s.user.id)).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, s.user.id))).toHaveLength(0);
    expect(await stockOf(items.curd, shop.warehouses.blr.id)).toBe(curdBefore);
    expect((await s.c.get('/s/api/cart')).json().quantity).toBe(2);
  });

  it('no wallet at all: refused the same way', async () => {
    const s = await funded(0);
    const res = await place(s.c, body(s));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('WALLET_NOT_ENOUGH');
  });

  it('a retried placement with the same idempotency key answers the same order and debits once', async () => {
    const s = await funded(300);
    const b = body(s);
    const [one, two] = await Promise.all([place(s.c, b), place(s.c, b)]);
    const three = await place(s.c, b);
    for (const r of [one, two, three]) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set([one, two, three].map((r) => r.json().order.id));
    expect(ids.size).toBe(1);
    const debits = (await entriesOf(s.user.id)).filter((e) => e.reason === 'order_payment');
    expect(debits).toHaveLength(1);
    expect((await walletOf(s.user.id)).balancePaise).toBe(30_000 - 8_800);
  });

  it('cancelled: the wallet part comes back once, the payment refunded', async () => {
    const s = await funded(100);
    const { order } = (await place(s.c, body(s))).json();
    expect((await walletOf(s.user.id)).balancePaise).toBe(1_200);
    const cancelled = await s.c.post(`/s/api/orders/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await walletOf(s.user.id)).balancePaise).toBe(10_000);
    // asked again (a retry job, a second cancel): nothing more
    await t.app.payments.refundOrder(order.id);
    expect((await s.c.post(`/s/api/orders/${order.id}/cancel`)).statusCode).toBe(409);
    const refunds = (await entriesOf(s.user.id)).filter((e) => e.reason === 'refund');
    expect(refunds).toMatchObject([{ amountPaise: 8_800, referenceId: order.id, idempotencyKey: `order_refund:${order.id}` }]);
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p).toMatchObject({ provider: 'wallet', status: 'refunded', refundId: `wallet:${refunds[0]!.id}` });
    expect((await walletOf(s.user.id)).balancePaise).toBe(10_000);
  });

  it('cancelled by the shop: the wallet part comes back too', async () => {
    const s = await funded(100);
    const { order } = (await place(s.c, body(s))).json();
    const res = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Out of delivery area' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await walletOf(s.user.id)).balancePaise).toBe(10_000);
  });

  it('every balance still equals the sum of its entries', async () => {
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });
});

describe('the wallet never goes below zero', () => {
  // A checkout and another debit of the same wallet at once (a subscription's order, a second
  // device): whichever locks the wallet second finds what the first left, and is refused if short.
  itOnPostgres('a checkout racing another debit: one of them, never both, when the balance covers one', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await funded(100);
      const other = () =>
        t.db.transaction((tx) =>
          payOrderFromWallet(tx, {
            websiteId: shop.websiteId,
            userId: s.user.id,
            orderId: randomUUID(),
            amountPaise: 5_000,
            createdBy: 'system',
          }),
        );
      const [checkout, debit] = await Promise.allSettled([place(s.c, body(s)), other()]);
      const placed = checkout.status === 'fulfilled' && checkout.value.statusCode === 200;
      const debited = debit.status === 'fulfilled';
      expect(placed !== debited, `round ${round}: placed ${placed}, debited ${debited}`).toBe(true);
      const balance = (await walletOf(s.user.id)).balancePaise;
      expect(balance).toBe(placed ? 1_200 : 5_000);
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });
});
