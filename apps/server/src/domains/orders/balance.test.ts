import { randomUUID } from 'node:crypto';
import { staffEditDifferenceText } from '@grocer/shared/order-edit';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, outbox, paymentBalances } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { ledgerMismatches } from '../inventory';
import { SIMULATOR_KEYS, razorpay } from '../payments/providers';
import { checkoutBench } from './test-fixture';

// A staff edit that raises a paid prepaid order's total (issue 40 §12): the difference is a balance,
// a second payment the customer makes by a payment link, over the gateway simulator's real HTTP.
const { t, shop, base, stockOf, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

type Lines = Array<{ pack_id: number; quantity: number }>;
const dal = () => shop.packs.dal1.id;
const blr = () => shop.warehouses.blr.id;
const quote = (c: TestClient, id: string, lines: Lines) => c.post(`/s/api/admin/orders/${id}/edit/quote`, { lines });
const edit = (c: TestClient, id: string, lines: Lines, expected_total: number) =>
  c.post(`/s/api/admin/orders/${id}/edit`, { lines, expected_total, key: `staff-${randomUUID()}` });
const adminOrder = async (id: string) => (await owner.get(`/s/api/admin/orders/${id}`)).json();
const balanceRows = (id: string) => t.db.select().from(paymentBalances).where(eq(paymentBalances.orderId, id));
const paidEvents = async (id: string) =>
  (
    await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), like(orderEvents.note, 'Balance of %')))
  ).length;
const refundsAt = async (providerOrderId: string) =>
  ((await (await fetch(`${base}/sim/orders/${providerOrderId}/refunds`)).json()) as Array<{ amount: number }>).map((r) => r.amount);
const sim = { ...SIMULATOR_KEYS.razorpay, baseUrl: '', simulated: true };
const razorpayHook = (raw: string, eventId: string) =>
  fetch(`${base}/s/api/payments/razorpay/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': razorpay.webhookSignature(sim, raw),
      'x-razorpay-event-id': eventId,
    },
    body: raw,
  });

/** A shopper's Razorpay order of one Toor Dal, paid on the simulator. */
async function paidOrder() {
  const s = await prepaid('razorpay', [[dal(), 1]]);
  await simulatorOutcome(s.placed.payment.checkout_url, 'success');
  const order = s.placed.order as { id: string; ordernumber: string; total: number };
  return { ...s, order };
}

/** The owner adds a second Toor Dal: answers the edited order and the difference (₹). */
async function addDal(id: string) {
  const lines = [{ pack_id: dal(), quantity: 2 }];
  const q = await quote(owner, id, lines);
  expect(q.statusCode, q.body).toBe(200);
  const res = await edit(owner, id, lines, q.json().total);
  expect(res.statusCode, res.body).toBe(200);
  return { o: res.json(), more: q.json().difference as number };
}

describe('a staff edit that raises a paid prepaid order', () => {
  it('is made: stock moves, a pending balance with its link; the staff quote says the customer pays by link, the shopper’s own edit still refuses', async () => {
    const { c, order } = await paidOrder();
    const lines = [{ pack_id: dal(), quantity: 2 }];
    const own = await c.post(`/s/api/orders/${order.id}/edit/quote`, { lines });
    expect([own.statusCode, own.json().code]).toEqual([409, 'ORDER_EDIT_COSTS_MORE']);

    const q = await quote(owner, order.id, lines);
    expect(q.statusCode, q.body).toBe(200);
    const more = q.json().difference as number;
    expect(more).toBeGreaterThan(0);
    expect(staffEditDifferenceText(more, 'razorpay')).toBe(`The customer pays ₹${more} more by a payment link`);

    const stock = await stockOf(dal(), blr());
    const { o } = await addDal(order.id);
    expect(o.total).toBe(order.total + more);
    // the shopper reads "changed by the shop", not "at your request"
    expect(o.adjustments.at(-1)).toMatchObject({ kind: 'edit', reason: 'shop_edit' });
    expect(o.timeline.at(-1).note).toBe(
      `Order changed by the shop: Toor Dal - 1 kg 1 → 2. The customer pays ₹${more} more by a payment link`,
    );
    expect(o.balances).toEqual([
      expect.objectContaining({ status: 'pending', amount: more, provider: 'razorpay', link: `/checkout/razorpay/${order.id}` }),
    ]);
    expect(o.refunds).toMatchObject({ paid: order.total, balance_due: more, net: order.total });
    expect(o.payment.status).toBe('paid');
    expect(await stockOf(dal(), blr())).toBe(stock - 1);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);

    // "Send to customer": the link by email and SMS, audited
    const sent = await owner.post(`/s/api/admin/orders/${order.id}/balance/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sent_to).toHaveLength(2);
    const mail = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.body, `%/checkout/razorpay/${order.id}%`));
    expect(mail.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(mail.find((m) => m.channel === 'email')?.subject).toMatch(
      new RegExp(`^Pay ₹${more} more for your order ${order.ordernumber} at `),
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'send-balance-link')));
    expect(audit).toHaveLength(1);
  });

  it('the customer pays the link: the balance is paid once (return page, webhook, the webhook retried), the summary nets it', async () => {
    const { c, order } = await paidOrder();
    const { more } = await addDal(order.id);
    // the same pay page as the order's own link: it hands over the balance now
    const pay = await c.post(`/s/api/orders/${order.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const handoff = pay.json().payment;
    expect(handoff).toMatchObject({ provider: 'razorpay', amount: more * 100 });
    expect((await c.post(`/s/api/orders/${order.id}/pay`)).json().payment.order_id).toBe(handoff.order_id); // made once

    // paid, the webhook held back: the return page's verification settles it first
    const back = await simulatorOutcome(handoff.checkout_url, 'success_late');
    expect(back.pathname).toBe(`/checkout/confirm/${order.id}`);
    const verified = await c.post('/s/api/payments/razorpay/verify', {
      order_id: order.id,
      razorpay_order_id: back.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
      razorpay_signature: back.searchParams.get('razorpay_signature'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().refunds).toMatchObject({ paid: order.total + more, balance_due: 0 });

    const o = await adminOrder(order.id);
    expect(o.balances).toEqual([expect.objectContaining({ status: 'paid', amount: more, link: null })]);
    expect(o.refunds).toMatchObject({ paid: order.total + more, balance_due: 0, refunded: 0, net: order.total + more });
    expect(o.timeline.at(-1)).toMatchObject({
      by: 'Razorpay',
      note: `Balance of ₹${more} paid by the customer's payment link (Razorpay payment ${back.searchParams.get('razorpay_payment_id')})`,
    });

    // the held webhook arrives, then the provider retries it: still one payment
    await fetch(`${base}/sim/webhooks/${handoff.order_id}/deliver`, { method: 'POST' });
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: back.searchParams.get('razorpay_payment_id'), order_id: handoff.order_id, amount: more * 100, status: 'captured' },
        },
      },
    });
    for (let i = 0; i < 2; i++) expect((await razorpayHook(raw, 'evt_balance_retry')).status).toBe(200);
    expect(await paidEvents(order.id)).toBe(1);
    expect((await adminOrder(order.id)).refunds).toMatchObject({ paid: order.total + more, net: order.total + more });
    expect((await c.post(`/s/api/orders/${order.id}/pay`)).json().payment).toBeNull();
  });

  it('paid by webhook alone (the webhook sent twice): paid once; the return page then finds it settled', async () => {
    const { c, order } = await paidOrder();
    const { more } = await addDal(order.id);
    const handoff = (await c.post(`/s/api/orders/${order.id}/pay`)).json().payment;
    const back = await simulatorOutcome(handoff.checkout_url, 'success');
    const paymentId = back.searchParams.get('razorpay_payment_id')!;
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId, order_id: handoff.order_id, amount: more * 100, status: 'captured' } } },
    });
    expect((await razorpayHook(raw, 'evt_twice')).status).toBe(200);
    expect((await razorpayHook(raw, 'evt_twice')).status).toBe(200);
    expect((await c.get(`/s/api/orders/${order.id}/confirm`)).statusCode).toBe(200);
    expect(await paidEvents(order.id)).toBe(1);
    expect((await balanceRows(order.id)).map((b) => b.status)).toEqual(['paid']);
  });

  it('the return page and the webhook at the same moment: the balance is paid once', async () => {
    const { c, order } = await paidOrder();
    const { more } = await addDal(order.id);
    const handoff = (await c.post(`/s/api/orders/${order.id}/pay`)).json().payment;
    const back = await simulatorOutcome(handoff.checkout_url, 'success_late');
    const [hook, verified] = await Promise.all([
      fetch(`${base}/sim/webhooks/${handoff.order_id}/deliver`, { method: 'POST' }),
      c.post('/s/api/payments/razorpay/verify', {
        order_id: order.id,
        razorpay_order_id: back.searchParams.get('razorpay_order_id'),
        razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
        razorpay_signature: back.searchParams.get('razorpay_signature'),
      }),
    ]);
    expect([hook.status, verified.statusCode]).toEqual([200, 200]);
    expect(await paidEvents(order.id)).toBe(1);
    expect((await adminOrder(order.id)).refunds).toMatchObject({ paid: order.total + more, balance_due: 0 });
  });

  it('Cashfree: the link pays the balance through Cashfree, the return page asks Cashfree; paid once', async () => {
    const s = await prepaid('cashfree', [[dal(), 1]]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as { id: string; total: number };
    const { o, more } = await addDal(order.id);
    expect(o.balances).toEqual([
      expect.objectContaining({ status: 'pending', provider: 'cashfree', link: `/checkout/cashfree/${order.id}` }),
    ]);
    const handoff = (await s.c.post(`/s/api/orders/${order.id}/pay`)).json().payment;
    expect(handoff).toMatchObject({ provider: 'cashfree', order_id: expect.stringMatching(new RegExp(`^${order.id}-b\\d+$`)) });
    const back = await simulatorOutcome(handoff.checkout_url, 'success_late');
    expect(back.pathname).toBe(`/checkout/confirm/${order.id}`);
    // no webhook yet: the confirm call asks Cashfree; then the held webhook lands and changes nothing
    expect((await s.c.get(`/s/api/orders/${order.id}/confirm`)).json().refunds).toMatchObject({ paid: order.total + more, balance_due: 0 });
    await fetch(`${base}/sim/webhooks/${handoff.order_id}/deliver`, { method: 'POST' });
    expect(await paidEvents(order.id)).toBe(1);
    expect((await balanceRows(order.id)).map((b) => b.status)).toEqual(['paid']);
  });

  it('a lower total after it comes off the unpaid balance first: nothing refunded of what was not paid', async () => {
    const { order } = await paidOrder();
    const { more } = await addDal(order.id);
    // the preview says what the change will do: off the balance, nothing refunded
    const q = (await quote(owner, order.id, [{ pack_id: dal(), quantity: 1 }])).json();
    expect([q.difference, q.balance_due]).toEqual([-more, more]);
    expect(staffEditDifferenceText(q.difference, 'razorpay', q.balance_due)).toBe(`₹${more} off the balance due`);
    expect(staffEditDifferenceText(-(more + 10), 'razorpay', q.balance_due)).toBe(
      `₹${more} off the balance due, ₹10 refunded to the customer's payment`,
    );
    const back = await edit(owner, order.id, [{ pack_id: dal(), quantity: 1 }], order.total);
    expect(back.statusCode, back.body).toBe(200);
    const o = back.json();
    expect(o.timeline.at(-1).note).toMatch(/^Order changed by the shop: Toor Dal - 1 kg 2 → 1\. ₹\d+ off the balance due$/);
    expect(o.balances.map((b: { status: string }) => b.status)).toEqual(['void']);
    expect(o.refunds).toMatchObject({ paid: order.total, balance_due: 0, refunded: 0, refund_pending: 0 });
    expect(o.adjustments.every((a: { refund_status: string }) => a.refund_status === 'none')).toBe(true);
  });

  it('cancelled with the balance unpaid: the link is void, the refund is what was paid; a payment on the void link is given back', async () => {
    const { c, order, placed } = await paidOrder();
    const { more } = await addDal(order.id);
    const handoff = (await c.post(`/s/api/orders/${order.id}/pay`)).json().payment; // the customer opened the link
    const cancelled = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const o = cancelled.json();
    expect(o.balances).toEqual([expect.objectContaining({ status: 'void', link: null })]);
    expect(o.refunds).toMatchObject({ paid: order.total, balance_due: 0, refunded: order.total, net: 0 });
    expect(await refundsAt(placed.payment.order_id)).toEqual([order.total * 100]);
    expect((await c.post(`/s/api/orders/${order.id}/pay`)).json().payment).toBeNull();

    // the tab left open pays anyway: recorded and refunded, never counted as the order's
    await simulatorOutcome(handoff.checkout_url, 'success');
    expect((await balanceRows(order.id)).map((b) => b.status)).toEqual(['refunded']);
    expect(await refundsAt(handoff.order_id)).toEqual([more * 100]);
    const after = await adminOrder(order.id);
    expect(after.refunds).toMatchObject({ paid: order.total + more, refunded: order.total + more, net: 0, balance_due: 0 });
  });

  it('cancelled after the balance was paid: both payments are refunded', async () => {
    const { c, order, placed } = await paidOrder();
    const { more } = await addDal(order.id);
    const handoff = (await c.post(`/s/api/orders/${order.id}/pay`)).json().payment;
    await simulatorOutcome(handoff.checkout_url, 'success');
    expect((await balanceRows(order.id)).map((b) => b.status)).toEqual(['paid']);
    const cancelled = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refundsAt(placed.payment.order_id)).toEqual([order.total * 100]);
    expect(await refundsAt(handoff.order_id)).toEqual([more * 100]);
    expect((await adminOrder(order.id)).refunds).toMatchObject({ paid: order.total + more, refunded: order.total + more, net: 0 });
  });
});
