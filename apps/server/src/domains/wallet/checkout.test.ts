import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import { curdAndBread, checkoutBench } from '../orders/test-fixture';
import { orderEvents } from '../orders/tables';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import type { TestClient } from '../../test/client';
import { openAccount, post, walletMismatches } from './ledger';
import { payOrderFromWallet } from './orders';
import { accountEntries, customerAccounts } from './tables';

// Checkout paying wholly from the wallet (issue 44 §1) over real HTTP: the debit written with the
// order, refused when short, once per order whatever is retried, and given back when the order is
// cancelled (once, however often the refund is asked).
const { t, shop, base, key, shopper, place, stockOf, simulatorOutcome } = await checkoutBench();
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

  it('a balance short of the total with cash on delivery is refused: no order, no debit, the cart and stock as they were', async () => {
    const s = await funded(50);
    const curdBefore = await stockOf(items.curd, shop.warehouses.blr.id);
    const res = await place(s.c, body(s, { payment_method: 'cod' }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('WALLET_REST_ONLINE');
    expect(res.json().message).toBe('Cash on delivery takes the whole order: pay the rest by UPI or card to use your wallet balance');
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

// Split with a gateway (issue 44 §1): the wallet pays what it has, Razorpay or Cashfree the rest.
describe('POST /s/api/orders with use_wallet and a balance short of the total', () => {
  const simRefunds = async (providerOrderId: string) =>
    ((await (await fetch(`${base}/sim/orders/${providerOrderId}/refunds`)).json()) as Array<{ amount: number }>).map((r) => r.amount);
  const notes = async (orderId: string) =>
    (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((e) => e.note);
  const [orderRow, paymentRow] = [
    async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!,
    async (id: string) => (await t.db.select().from(payments).where(eq(payments.orderId, id)))[0]!,
  ];

  /** ₹50 in the wallet, ₹88 to pay: ₹50 from the wallet and ₹38 by `provider`, the order awaiting that payment. */
  async function split(provider: 'razorpay' | 'cashfree' = 'razorpay', rupees = 50) {
    const s = await funded(rupees);
    const res = await place(s.c, body(s, { payment_method: provider }));
    expect(res.statusCode, res.body).toBe(200);
    return {
      s,
      ...(res.json() as { order: { id: string; ordernumber: string }; payment: Record<string, unknown> & { checkout_url: string } }),
    };
  }

  it('takes all the wallet has and hands the rest to the gateway; paid, the order is placed', async () => {
    const { s, order, payment } = await split('razorpay');
    expect(order).toMatchObject({ status: 'pending_payment', payment_method: 'razorpay', total: 88, wallet_paid: 50, wallet_returned: 0 });
    expect(payment).toMatchObject({ provider: 'razorpay', amount: 3_800 });
    expect((await walletOf(s.user.id)).balancePaise).toBe(0);
    expect((await entriesOf(s.user.id)).at(-1)).toMatchObject({
      amountPaise: -5_000,
      reason: 'order_payment',
      idempotencyKey: `order:${order.id}`,
    });
    expect(await paymentRow(order.id)).toMatchObject({ provider: 'razorpay', status: 'pending', amount: 3_800 });
    expect(await notes(order.id)).toEqual(['₹50 from the wallet, ₹38 by Razorpay']);

    await simulatorOutcome(payment.checkout_url, 'success');
    const paid = (await s.c.get(`/s/api/orders/${order.id}`)).json();
    expect(paid).toMatchObject({ status: 'placed', wallet_paid: 50, payment: { provider: 'razorpay', status: 'paid', amount: 38 } });
    expect(paid.refunds).toMatchObject({ paid: 88, refunded: 0, net: 88, refundable: 38 });
    const staff = (await owner.get(`/s/api/admin/orders/${order.id}`)).json();
    expect(staff).toMatchObject({ wallet_paid: 50, wallet_returned: 0, payment: { amount: 38 }, refunds: { paid: 88 } });
  });

  it('Cashfree is asked for the rest only: its payment of ₹38 places the order', async () => {
    const { s, order, payment } = await split('cashfree');
    expect(payment).toMatchObject({ provider: 'cashfree' });
    await simulatorOutcome(payment.checkout_url, 'success');
    // a payment of any other amount would be held for review, not paid
    expect((await s.c.get(`/s/api/orders/${order.id}`)).json()).toMatchObject({
      status: 'placed',
      payment: { provider: 'cashfree', status: 'paid', amount: 38 },
    });
  });

  it('cancelled after paying: the wallet part back at once, the rest to the gateway, each once', async () => {
    const { s, order, payment } = await split('razorpay');
    await simulatorOutcome(payment.checkout_url, 'success');
    const res = await s.c.post(`/s/api/orders/${order.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
    const back = (await entriesOf(s.user.id)).filter((e) => e.reason === 'refund');
    expect(back).toMatchObject([{ amountPaise: 5_000, referenceId: order.id, idempotencyKey: `order_wallet_back:${order.id}` }]);
    const p = await paymentRow(order.id);
    expect(p).toMatchObject({ status: 'refunded', amount: 3_800 });
    expect(await simRefunds(p.providerOrderId!)).toEqual([3_800]);
    expect(await orderRow(order.id)).toMatchObject({ walletPaid: 5_000, walletReturned: 5_000 });
    expect(await notes(order.id)).toContain('₹50 returned to the wallet');
    const after = (await s.c.get(`/s/api/orders/${order.id}`)).json();
    expect(after).toMatchObject({ wallet_paid: 50, wallet_returned: 50 });
    expect(after.refunds).toMatchObject({ paid: 88, refunded: 88, net: 0, refundable: 0 });
    // asked again: nothing more anywhere
    await t.app.payments.refundOrder(order.id);
    expect((await s.c.post(`/s/api/orders/${order.id}/cancel`)).statusCode).toBe(409);
    expect((await entriesOf(s.user.id)).filter((e) => e.reason === 'refund')).toHaveLength(1);
    expect(await simRefunds(p.providerOrderId!)).toEqual([3_800]);
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
  });

  it('never paid: released, the wallet part back', async () => {
    const { s, order } = await split('razorpay');
    const released = await t.app.payments.releaseAbandoned(new Date(Date.now() + 24 * 3_600_000));
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'payment_failed', walletReturned: 5_000 });
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
    // the job again: nothing more
    await t.app.payments.releaseAbandoned(new Date(Date.now() + 48 * 3_600_000));
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
  });

  it('switched to cash on delivery: the wallet part back, the cash to collect the whole total', async () => {
    const { s, order } = await split('razorpay');
    const res = await s.c.post(`/s/api/orders/${order.id}/payment-method`, { payment_method: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'placed', payment_method: 'cod', wallet_paid: 50, wallet_returned: 50 });
    expect(res.json().payment).toBeNull();
    expect(await paymentRow(order.id)).toMatchObject({ provider: 'cod', status: 'cod', amount: 8_800 });
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
    expect(await notes(order.id)).toContain('₹50 returned to the wallet');
    // cancelled later: nothing more comes back to the wallet
    expect((await s.c.post(`/s/api/orders/${order.id}/cancel`)).statusCode).toBe(200);
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
  });

  it('an edit that would cost less than the wallet part is refused, nothing changed', async () => {
    const { s, order, payment } = await split('razorpay', 80);
    await simulatorOutcome(payment.checkout_url, 'success');
    const res = await s.c.post(`/s/api/orders/${order.id}/edit`, {
      lines: [{ pack_id: items.curd, quantity: 1 }],
      expected_total: 62,
      key: key(),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_EDIT_BELOW_WALLET',
      message:
        '₹80 of this order was paid from the wallet, so it cannot cost less than that. Cancel the order to have the wallet part back.',
    });
    expect(await orderRow(order.id)).toMatchObject({ total: 8_800, walletPaid: 8_000 });
  });

  it('cancelled by the shop before it was paid: the wallet part back', async () => {
    const { s, order } = await split('razorpay');
    const res = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Out of delivery area' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await walletOf(s.user.id)).balancePaise).toBe(5_000);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', walletReturned: 5_000 });
    expect(await paymentRow(order.id)).toMatchObject({ status: 'failed' });
  });

  it('every balance still equals the sum of its entries', async () => {
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });
});

describe('the wallet never goes below zero', () => {
  /** Another debit of the same wallet (a subscription's order, a second device), in its own transaction. */
  const debitElsewhere = (userId: number, amountPaise: number) =>
    t.db.transaction((tx) =>
      payOrderFromWallet(tx, { websiteId: shop.websiteId, userId, orderId: randomUUID(), amountPaise, createdBy: 'system' }),
    );
  // A checkout and another debit of the same wallet at once (a subscription's order, a second
  // device): whichever locks the wallet second finds what the first left, and is refused if short.
  itOnPostgres('a checkout racing another debit: one of them, never both, when the balance covers one', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await funded(100);
      const other = () => debitElsewhere(s.user.id, 5_000);
      // cash on delivery for the rest: a short balance is refused rather than split (below)
      const [checkout, debit] = await Promise.allSettled([place(s.c, body(s, { payment_method: 'cod' })), other()]);
      const placed = checkout.status === 'fulfilled' && checkout.value.statusCode === 200;
      const debited = debit.status === 'fulfilled';
      expect(placed !== debited, `round ${round}: placed ${placed}, debited ${debited}`).toBe(true);
      const balance = (await walletOf(s.user.id)).balancePaise;
      expect(balance).toBe(placed ? 1_200 : 5_000);
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });

  // A split checkout reads the balance without a lock and debits what it read: another debit in
  // between makes it take less (read after) or be refused (read before), never too much.
  itOnPostgres('a split checkout racing another debit: the wallet part is all there was, or it is refused', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await funded(50);
      const other = () => debitElsewhere(s.user.id, 3_000);
      const [checkout, debit] = await Promise.allSettled([place(s.c, body(s)), other()]);
      const placed = checkout.status === 'fulfilled' && checkout.value.statusCode === 200;
      if (checkout.status === 'fulfilled' && !placed) expect(checkout.value.json().code).toBe('WALLET_NOT_ENOUGH');
      const debited = debit.status === 'fulfilled';
      const [o] = await t.db.select().from(orders).where(eq(orders.userId, s.user.id));
      const walletPart = o?.walletPaid ?? 0;
      expect(placed).toBe(!!o);
      if (placed) expect([5_000, 2_000]).toContain(walletPart);
      const balance = (await walletOf(s.user.id)).balancePaise;
      expect(balance, `round ${round}`).toBe(5_000 - walletPart - (debited ? 3_000 : 0));
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });
});
