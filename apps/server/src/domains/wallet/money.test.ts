import { addShopDays, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, payments, users, websiteDomains, websiteMembers } from '../../db/schema';
import { staffClients } from '../../test/staff-clients';
import type { TestClient } from '../../test/client';
import { checkoutBench, curdAndBread } from '../orders/test-fixture';
import { signInAs } from '../cart/test-fixture';
import { TestClient as Client } from '../../test/client';
import { sendKhataNotices } from './index';
import { walletMismatches } from './ledger';
import { accountEntries, customerAccounts, walletTopups } from './tables';

// Issue 44 §3 and §4 over real HTTP: the website's minimum top-up on the shopper's online top-up,
// and the shopper paying their khata online (the gateway simulator, signed webhooks back to this
// server), with the pay link in the monthly statement.
const { t, base, shop, simulatorOutcome, prepaid } = await checkoutBench();
afterAll(() => t.close());

let owner: TestClient;
let n = 0;
const customer = async () => {
  const [u] = await t.db
    .insert(users)
    .values({
      name: `Money ${++n}`,
      email: `money${n}-${Date.now()}@example.com`,
      phone: `97${String(Date.now() % 1e6).padStart(6, '0')}${n % 100}`,
    })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const c = new Client(t.app);
  await signInAs(t.db, c, u!.id);
  return { c, id: u!.id };
};
const settings = (min: number) =>
  owner.put('/s/api/admin/subscriptions/settings', {
    cutoff_time: '22:00',
    subscribable_pack_ids: [],
    min_topup_paise: min,
    cashback_percent: 0,
    cashback_cap_paise: 0,
  });
/** A customer with a khata of `limit` paise that owes `owed` paise (a counter sale's debit). */
const owing = async (limit: number, owed: number) => {
  const who = await customer();
  const opened = await owner.post(`/s/api/admin/wallets/customers/${who.id}/khata`, { credit_limit_paise: limit });
  expect(opened.statusCode, opened.body).toBe(200);
  const khataId = opened.json().id as number;
  await t.db.transaction((tx) =>
    t.app.wallet.postOrFail(tx, {
      websiteId: shop.websiteId,
      accountId: khataId,
      amountPaise: -owed,
      reason: 'khata_sale',
      key: `sale-${khataId}`,
      createdBy: 'system',
    }),
  );
  return { ...who, khataId };
};
const khataBalance = async (id: number) => (await t.db.select().from(customerAccounts).where(eq(customerAccounts.id, id)))[0]!.balancePaise;

beforeAll(async () => {
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);

describe('the minimum top-up (issue 44 §3)', () => {
  it('the shopper’s online top-up below the owner’s minimum is refused with the minimum, and nothing is made; the page is told the minimum', async () => {
    expect((await settings(50_000)).statusCode).toBe(200);
    try {
      const { c, id } = await customer();
      expect((await c.get('/s/api/account/wallet')).json().topup).toEqual({ min_paise: 50_000, max_paise: 1_000_000 });
      const small = await c.post('/s/api/account/wallet/topups', { amount_paise: 20_000, provider: 'razorpay' });
      expect(small.statusCode).toBe(422);
      expect(small.json()).toMatchObject({
        code: 'WALLET_TOPUP_TOO_SMALL',
        message: 'The smallest top-up is ₹500',
        errors: { amount_paise: ['The smallest top-up is ₹500'] },
      });
      expect(await t.db.select().from(walletTopups).where(eq(walletTopups.userId, id))).toHaveLength(0);
      expect(await t.db.select().from(customerAccounts).where(eq(customerAccounts.userId, id))).toHaveLength(0);
      const ok = await c.post('/s/api/account/wallet/topups', { amount_paise: 50_000, provider: 'razorpay' });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await settings(0);
    }
    // no minimum set: ₹10, the floor, as before
    const { c } = await customer();
    expect((await c.get('/s/api/account/wallet')).json().topup.min_paise).toBe(1_000);
  });
});

describe('paying the khata online (issue 44 §4)', () => {
  it('Razorpay: pays what is owed; the webhook, its retries and the verification credit the khata once, as a khata payment', async () => {
    const { c, khataId } = await owing(100_000, 43_210);
    const started = await c.post('/s/api/account/khata/payments', { provider: 'razorpay' });
    expect(started.statusCode, started.body).toBe(200);
    const { topup, handoff } = started.json();
    expect(topup).toMatchObject({ purpose: 'khata', status: 'pending', amount_paise: 43_210, balance_paise: -43_210 });
    expect(handoff).toMatchObject({ provider: 'razorpay', amount: 43_210 });
    const back = await simulatorOutcome(handoff.checkout_url, 'success_late');
    expect(back.pathname).toBe('/account/wallet');
    // the webhook held back, then delivered; a retried delivery and the return page change nothing
    const deliver = () => fetch(`${base}/sim/webhooks/${handoff.order_id}/deliver`, { method: 'POST' });
    await Promise.all([deliver(), deliver()]);
    await deliver();
    const verify = await c.post(`/s/api/account/wallet/topups/${topup.id}/verify`, {
      razorpay_order_id: back.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
      razorpay_signature: back.searchParams.get('razorpay_signature'),
    });
    expect(verify.json()).toMatchObject({ status: 'paid', purpose: 'khata', balance_paise: 0 });
    expect((await c.get(`/s/api/account/wallet/topups/${topup.id}`)).json()).toMatchObject({ status: 'paid', balance_paise: 0 });
    expect(await khataBalance(khataId)).toBe(0);
    const entries = await t.db.select().from(accountEntries).where(eq(accountEntries.accountId, khataId));
    expect(entries.map((e) => [e.reason, e.amountPaise, e.referenceType, e.referenceId])).toEqual([
      ['khata_sale', -43_210, null, null],
      ['khata_payment', 43_210, 'topup', String(topup.id)],
    ]);
    // the shopper's page sees the khata settled; no wallet was opened for it
    const mine = (await c.get('/s/api/account/wallet')).json();
    expect(mine.khata).toMatchObject({ balance_paise: 0 });
    expect(mine.wallet).toBeNull();
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });

  it('paid at the till while the online payment was on its way: the khata takes what it still owes, the rest goes to the wallet, never a khata in credit', async () => {
    const { c, id, khataId } = await owing(100_000, 43_210);
    const started = await c.post('/s/api/account/khata/payments', { provider: 'razorpay' });
    expect(started.statusCode, started.body).toBe(200);
    const { topup, handoff } = started.json();
    await simulatorOutcome(handoff.checkout_url, 'success_late');
    // before the gateway's webhook arrives, ₹300 is paid in cash at the counter
    await t.db.transaction((tx) =>
      t.app.wallet.postOrFail(tx, {
        websiteId: shop.websiteId,
        accountId: khataId,
        amountPaise: 30_000,
        reason: 'khata_payment',
        key: `till-${khataId}`,
        createdBy: 'system',
      }),
    );
    const deliver = () => fetch(`${base}/sim/webhooks/${handoff.order_id}/deliver`, { method: 'POST' });
    await Promise.all([deliver(), deliver()]);
    expect(await khataBalance(khataId)).toBe(0);
    const khata = await t.db.select().from(accountEntries).where(eq(accountEntries.accountId, khataId));
    expect(khata.map((e) => [e.reason, e.amountPaise])).toEqual([
      ['khata_sale', -43_210],
      ['khata_payment', 30_000],
      ['khata_payment', 13_210],
    ]);
    const [wallet] = await t.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.userId, id))
      .then((rows) => rows.filter((r) => r.kind === 'wallet'));
    expect(wallet!.balancePaise).toBe(30_000);
    const [kept] = await t.db.select().from(accountEntries).where(eq(accountEntries.accountId, wallet!.id));
    expect(kept).toMatchObject({ reason: 'topup', amountPaise: 30_000, referenceType: 'topup', referenceId: String(topup.id) });
    expect(kept!.note).toMatch(/more than the khata owed, kept in the wallet$/);
    expect((await c.get(`/s/api/account/wallet/topups/${topup.id}`)).json()).toMatchObject({ status: 'paid' });
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });

  it('Cashfree: a part of what is owed; then nothing more than is owed, nothing when nothing is owed, no khata refused', async () => {
    const { c, khataId } = await owing(100_000, 30_000);
    const part = await c.post('/s/api/account/khata/payments', { provider: 'cashfree', amount_paise: 10_000 });
    expect(part.statusCode, part.body).toBe(200);
    await simulatorOutcome(part.json().handoff.checkout_url, 'success');
    expect((await c.get(`/s/api/account/wallet/topups/${part.json().topup.id}`)).json()).toMatchObject({
      status: 'paid',
      balance_paise: -20_000,
    });
    const tooMuch = await c.post('/s/api/account/khata/payments', { provider: 'cashfree', amount_paise: 20_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'KHATA_PAYMENT_TOO_MUCH',
      message: 'The customer owes ₹200 on their khata: take no more than that',
    });
    const rest = await c.post('/s/api/account/khata/payments', { provider: 'razorpay' });
    await simulatorOutcome(rest.json().handoff.checkout_url, 'success');
    expect(await khataBalance(khataId)).toBe(0);
    const none = await c.post('/s/api/account/khata/payments', { provider: 'razorpay' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'KHATA_NOTHING_OWED' });
    const stranger = await customer();
    const noKhata = await stranger.c.post('/s/api/account/khata/payments', { provider: 'razorpay' });
    expect(noKhata.statusCode).toBe(409);
    expect(noKhata.json()).toMatchObject({ code: 'KHATA_NOT_OPEN' });
    expect((await new Client(t.app).post('/s/api/account/khata/payments', { provider: 'razorpay' })).statusCode).toBe(401);
    // a failed payment credits nothing
    const { c: c2, khataId: k2 } = await owing(50_000, 5_000);
    const failed = await c2.post('/s/api/account/khata/payments', { provider: 'razorpay' });
    await simulatorOutcome(failed.json().handoff.checkout_url, 'failure');
    expect(await khataBalance(k2)).toBe(-5_000);
  });

  it('the monthly statement carries the pay link to the account page on the website’s own address', async () => {
    const domains = await t.db.select().from(websiteDomains).where(eq(websiteDomains.websiteId, shop.websiteId));
    let host = domains.find((d) => d.isPrimary)?.host;
    if (!host) {
      host = `khata-${Date.now()}.example.in`;
      await t.db.insert(websiteDomains).values({ websiteId: shop.websiteId, host, isPrimary: true });
    }
    const { id } = await owing(100_000, 12_300);
    const [person] = await t.db.select().from(users).where(eq(users.id, id));
    const today = shopDayOf();
    const nextFirst = `${addShopDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
    await sendKhataNotices(t.db, t.app.outbox, { now: new Date(shopDayStart(nextFirst).getTime() + 10 * 3_600_000) });
    const sent = await t.db.select().from(outbox).where(eq(outbox.to, person!.phone!));
    expect(sent.map((m) => m.body)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Your khata statement for \\w+ \\d{4}: ₹123 owed\\. Please pay by \\d+ \\w+ at the counter or online: https://${host.replace(/\./g, '\\.')}/account/wallet\\?pay=khata\\.$`,
        ),
      ),
    ]);
  });
});

describe('a cancelled order’s refund to the wallet, at the shopper’s choice (issue 44 §2)', () => {
  let goods: { curd: number; bread: number } | null = null;
  const paidOrder = async () => {
    const items = (goods ??= await curdAndBread(t.db, shop));
    const s = await prepaid('razorpay', [
      [items.curd, 1],
      [items.bread, 1],
    ]);
    const order = s.placed.order;
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p!.status).toBe('paid');
    return { ...s, order, total: p!.amount };
  };
  const paymentOf = async (orderId: string) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const walletOf = async (userId: number) =>
    (await t.db.select().from(customerAccounts).where(eq(customerAccounts.userId, userId))).find((a) => a.kind === 'wallet');

  it('wallet: credited at once with the whole payment, the wallet opened for it; once, however often asked', async () => {
    const s = await paidOrder();
    expect(await walletOf(s.user.id)).toBeUndefined();
    const cancelled = await s.c.post(`/s/api/orders/${s.order.id}/cancel`, { refund_to: 'wallet' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const p = await paymentOf(s.order.id);
    expect(p).toMatchObject({ status: 'refunded', refundTo: 'wallet' });
    expect(p.refundId).toMatch(/^wallet:\d+$/);
    const wallet = (await walletOf(s.user.id))!;
    expect(wallet.balancePaise).toBe(s.total);
    // the refunds' retry, a second cancel: nothing more
    await t.app.payments.refundOrder(s.order.id);
    expect((await s.c.post(`/s/api/orders/${s.order.id}/cancel`, { refund_to: 'wallet' })).statusCode).toBe(409);
    const entries = await t.db.select().from(accountEntries).where(eq(accountEntries.accountId, wallet.id));
    expect(entries.map((e) => [e.reason, e.amountPaise, e.referenceType, e.referenceId])).toEqual([
      ['refund', s.total, 'order', s.order.id],
    ]);
    expect((await s.c.get('/s/api/account/wallet')).json().wallet.balance_paise).toBe(s.total);
  });

  it('source (or no choice): back to the gateway as before, the wallet untouched; a bad choice changes nothing', async () => {
    const s = await paidOrder();
    const bad = await s.c.post(`/s/api/orders/${s.order.id}/cancel`, { refund_to: 'piggy bank' });
    expect(bad.statusCode).toBe(422);
    expect((await t.db.select().from(orders).where(eq(orders.id, s.order.id)))[0]!.status).not.toBe('cancelled');
    const cancelled = await s.c.post(`/s/api/orders/${s.order.id}/cancel`, { refund_to: 'source' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const p = await paymentOf(s.order.id);
    expect(p.refundTo).toBeNull();
    expect(p.status).toBe('refunded');
    expect(p.refundId).not.toMatch(/^wallet:/);
    expect(await walletOf(s.user.id)).toBeUndefined();
  });

  it('staff cancel with the customer’s choice: refund to the wallet; audited as the cancellation', async () => {
    const s = await paidOrder();
    const res = await owner.post(`/s/api/admin/orders/${s.order.id}/cancel`, {
      reason: 'Customer asked on the phone',
      refund_to: 'wallet',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentOf(s.order.id)).toMatchObject({ status: 'refunded', refundTo: 'wallet' });
    expect((await walletOf(s.user.id))!.balancePaise).toBe(s.total);
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  });
});
