import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderAdjustments, outbox, payments, stockMovements } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { ledgerMismatches } from '../inventory';
import { checkoutBench, curdAndBread } from './test-fixture';

// Issue 40, points 1, 2 and 4: cash on delivery's states, the one refund summary, and a short
// collection at the door, through the staff's and the shopper's calls (refunds go to the gateway
// simulator). The shop sells curd at ₹32 and bread at ₹26; delivery is ₹30 under ₹499, so one of
// each is an order of ₹88.
const { t, shop, base, stockOf, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient;
let curd: number;
let bread: number;
const blr = () => shop.warehouses.blr.id;
const delivery = { person: 'Ravi Kumar', phone: '9876543210', vehicle: '', tracking: '' };

beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
  ({ curd, bread } = await curdAndBread(t.db, shop));
});

type Placed = { id: string; ordernumber: string; total: number; lines: Array<{ line_id: number; pack_id: number }> };

/** A shopper's ₹88 order (curd, bread, delivery) by cash on delivery. */
async function codOrder() {
  const s = await shopper([
    [curd, 1],
    [bread, 1],
  ]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().order as Placed;
  expect(order.total).toBe(88);
  return { ...s, order };
}

async function shipped(id: string) {
  for (const step of ['confirm', 'pack'] as const) expect((await owner.post(`/s/api/admin/orders/${id}/${step}`, {})).statusCode).toBe(200);
  expect((await owner.post(`/s/api/admin/orders/${id}/ship`, { delivery })).statusCode).toBe(200);
}

const paymentRow = async (orderId: string) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const lineOf = (o: Placed, packId: number) => o.lines.find((l) => l.pack_id === packId)!.line_id;

describe('cash on delivery: to collect → collected → handed over, or not collected', () => {
  it('delivered with ₹88 collected: collected, with the amount, on the staff list and screen, the shopper’s page and the invoice; then handed over, once', async () => {
    const { c, order } = await codOrder();
    const row = async () => (await owner.get(`/s/api/admin/orders?q=${order.ordernumber}`)).json().data[0];
    expect((await row()).payment_status).toBe('cod');
    expect((await c.get(`/s/api/orders/${order.id}`)).json().payment.status).toBe('cod');
    await shipped(order.id);

    const res = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 88 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'delivered',
      cash_collected: 88,
      payment: { status: 'collected', collected: 88, shortfall: 0, shortfall_reason: null, handed_over_at: null },
      refunds: { paid: 88, refunded: 0, net: 88, refundable: 0 },
    });
    expect(res.json().timeline.at(-1)).toMatchObject({ status: 'delivered', note: 'Cash collected: ₹88' });
    expect(await paymentRow(order.id)).toMatchObject({ status: 'collected', collected: 8_800, shortfall: 0 });
    expect((await row()).payment_status).toBe('collected');
    const filtered = (await owner.get(`/s/api/admin/orders?payment_status=collected&q=${order.ordernumber}`)).json();
    expect(filtered.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const mine = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(mine.payment.status).toBe('collected');
    expect(mine.refunds).toMatchObject({ paid: 88, net: 88 });
    expect((await c.get(`/s/api/orders/${order.id}/invoice`)).body).toContain('Payment: Cash on delivery (Paid in cash)');

    const handed = await owner.post(`/s/api/admin/orders/${order.id}/cash-handover`, {});
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().payment).toMatchObject({ status: 'handed_over', collected: 88, handed_over_at: expect.any(String) });
    // the till's business: not a line of the shopper's timeline
    expect(handed.json().timeline.at(-1)).toMatchObject({ status: 'delivered', note: 'Cash collected: ₹88' });
    expect((await row()).payment_status).toBe('handed_over');
    expect((await c.get(`/s/api/orders/${order.id}`)).json().payment.status).toBe('handed_over');
    const again = await owner.post(`/s/api/admin/orders/${order.id}/cash-handover`, {});
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'CASH_NOT_COLLECTED',
      "This order's cash is not waiting to be handed over (payment: Cash handed over)",
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)));
    expect(audit.map((a) => a.action)).toEqual(['confirm', 'pack', 'ship', 'deliver', 'cash_handover']);
  });

  it('cancelled by the shop or by the shopper: not collected, and its cash can never be handed over', async () => {
    const byShop = await codOrder();
    const cancelled = await owner.post(`/s/api/admin/orders/${byShop.order.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ payment: { status: 'not_collected', collected: null }, refunds: { paid: 0, refundable: 0 } });
    const byShopper = await codOrder();
    const mine = await byShopper.c.post(`/s/api/orders/${byShopper.order.id}/cancel`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().payment.status).toBe('not_collected');
    for (const o of [byShop.order, byShopper.order]) {
      expect((await paymentRow(o.id)).status).toBe('not_collected');
      expect((await owner.get(`/s/api/admin/orders/${o.id}`)).json().payment.status).toBe('not_collected');
      const r = await owner.post(`/s/api/admin/orders/${o.id}/cash-handover`, {});
      expect([r.statusCode, r.json().code]).toEqual([409, 'CASH_NOT_COLLECTED']);
    }
  });

  it('the COD report: collected, handed over, still to hand over and short; its list hands over many at once and skips the rest', async () => {
    // by delivery date: the slot's (the next days), else the day placed
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const later = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
    const report = async () => (await owner.get(`/s/api/admin/reports/cod?from=${today}&to=${later}`)).json();
    const before = await report();
    const a = await codOrder();
    const b = await codOrder();
    const waiting = await codOrder();
    await shipped(a.order.id);
    await shipped(b.order.id);
    expect((await owner.post(`/s/api/admin/orders/${a.order.id}/deliver`, { cash_collected: 88 })).statusCode).toBe(200);
    const short = { cash_collected: 80, short_reason: 'Customer had only ₹80' };
    expect((await owner.post(`/s/api/admin/orders/${b.order.id}/deliver`, short)).statusCode).toBe(200);

    const r = await report();
    expect(r.totals.collected).toEqual({ orders: before.totals.collected.orders + 2, amount: before.totals.collected.amount + 168 });
    expect(r.totals.to_hand_over).toEqual({
      orders: before.totals.to_hand_over.orders + 2,
      amount: before.totals.to_hand_over.amount + 168,
    });
    expect(r.totals.short).toEqual({ orders: before.totals.short.orders + 1, amount: before.totals.short.amount + 8 });
    expect(r.awaiting_handover.filter((o: { id: string }) => [a.order.id, b.order.id].includes(o.id))).toEqual([
      { id: a.order.id, ordernumber: a.order.ordernumber, customer: 'Asha', delivered_at: expect.any(String), amount: 88 },
      { id: b.order.id, ordernumber: b.order.ordernumber, customer: 'Asha', delivered_at: expect.any(String), amount: 80 },
    ]);
    const csv = await owner.get(`/s/api/admin/reports/cod.csv?from=${today}&to=${later}`);
    expect(csv.body.split('\r\n')[0]).toContain(
      'Handed over (orders),Handed over (INR),To hand over (orders),To hand over (INR),Short (orders)',
    );

    for (const body of [{ ids: [] }, { ids: ['nope'] }, {}]) {
      const bad = await owner.post('/s/api/admin/orders/cash-handover', body);
      expect([bad.statusCode, bad.json().code]).toEqual([422, 'VALIDATION_FAILED']);
    }
    const done = await owner.post('/s/api/admin/orders/cash-handover', { ids: [a.order.id, b.order.id, waiting.order.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      handed_over: [
        { id: a.order.id, ordernumber: a.order.ordernumber, amount: 88 },
        { id: b.order.id, ordernumber: b.order.ordernumber, amount: 80 },
      ],
      skipped: [{ id: waiting.order.id, ordernumber: waiting.order.ordernumber, status: 'cod' }],
    });
    const after = await report();
    expect(after.totals.handed_over.amount).toBe(r.totals.handed_over.amount + 168);
    expect(after.totals.to_hand_over.amount).toBe(r.totals.to_hand_over.amount - 168);
    expect(after.awaiting_handover.map((o: { id: string }) => o.id)).not.toContain(a.order.id);
    // handed over twice at once: the second finds nothing waiting
    expect((await owner.post('/s/api/admin/orders/cash-handover', { ids: [a.order.id] })).json().handed_over).toEqual([]);
    // staff only
    expect((await (await as(null)).post('/s/api/admin/orders/cash-handover', { ids: [a.order.id] })).statusCode).toBe(401);
    expect((await (await as({})).post('/s/api/admin/orders/cash-handover', { ids: [a.order.id] })).statusCode).toBe(403);
  });
});

describe('races', () => {
  itOnPostgres(
    'the same cash handed over from the order and from the report at once, and delivered twice at once: each counted once (PostgreSQL)',
    async () => {
      const { order } = await codOrder();
      await shipped(order.id);
      const deliveries = await Promise.all(
        [88, 88].map((cash) => owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: cash })),
      );
      expect(deliveries.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [one, many] = await Promise.all([
        owner.post(`/s/api/admin/orders/${order.id}/cash-handover`, {}),
        owner.post('/s/api/admin/orders/cash-handover', { ids: [order.id] }),
      ]);
      const moved = (one.statusCode === 200 ? 1 : 0) + many.json().handed_over.length;
      expect(moved).toBe(1);
      expect(one.statusCode === 200 ? many.json().skipped : [one.json().code]).toEqual(
        one.statusCode === 200 ? [{ id: order.id, ordernumber: order.ordernumber, status: 'handed_over' }] : ['CASH_NOT_COLLECTED'],
      );
      const o = (await owner.get(`/s/api/admin/orders/${order.id}`)).json();
      expect(o.payment).toMatchObject({ status: 'handed_over', collected: 88 });
      expect(o.timeline.filter((e: { status: string }) => e.status === 'delivered')).toHaveLength(1);
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'cash_handover')));
      expect(audit).toHaveLength(1);
    },
  );
});

describe('short collection at the door', () => {
  it('less cash without a reason is refused and changes nothing; with one it is a shortfall on the payment and the timeline', async () => {
    const { c, order } = await codOrder();
    await shipped(order.id);
    const bare = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 80 });
    expect([bare.statusCode, bare.json().code]).toEqual([422, 'CASH_MISMATCH']);
    expect(bare.json().errors).toEqual({
      cash_collected: ['Collect ₹88'],
      short_reason: ['₹8 short: mark refused items, or say why'],
    });
    const more = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 90, short_reason: 'tip' });
    expect([more.statusCode, more.json().errors]).toEqual([422, { cash_collected: ['Collect ₹88, not more'] }]);
    expect((await paymentRow(order.id)).status).toBe('cod');
    expect((await owner.get(`/s/api/admin/orders/${order.id}`)).json().status).toBe('shipped');

    const res = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 80, short_reason: 'Customer had only ₹80' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'delivered',
      total: 88,
      cash_collected: 80,
      payment: { status: 'collected', collected: 80, shortfall: 8, shortfall_reason: 'Customer had only ₹80' },
      refunds: { paid: 80, net: 80 },
    });
    expect(res.json().timeline.at(-1).note).toBe('Cash collected: ₹80 (₹8 short: Customer had only ₹80)');
    expect((await c.get(`/s/api/orders/${order.id}`)).json().timeline.at(-1).note).toBe(
      'Cash collected: ₹80 (₹8 short: Customer had only ₹80)',
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'deliver')));
    expect(audit!.after).toMatchObject({ cash_collected: 80, shortfall: 8, short_reason: 'Customer had only ₹80' });
  });

  it('a refused item: the order is adjusted for that line, its stock comes back through the ledger, and the cash to collect is the new total', async () => {
    const { c, order } = await codOrder();
    await shipped(order.id);
    const stockBefore = await stockOf(curd, blr());
    const refused = [{ line_id: lineOf(order, curd), quantity: 1 }];
    // ₹88 is more than is now owed (₹56): refused, and the refusal with it
    const over = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 88, refused });
    expect([over.statusCode, over.json().errors]).toEqual([422, { cash_collected: ['Collect ₹56, not more'] }]);
    expect(await stockOf(curd, blr())).toBe(stockBefore);
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toEqual([]);

    const res = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 56, refused });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      status: 'delivered',
      items_total: 26,
      total: 56,
      cash_collected: 56,
      payment: { status: 'collected', collected: 56 },
    });
    expect(o.lines.map((l: { pack_id: number }) => l.pack_id)).toEqual([bread]);
    expect(o.adjustments).toEqual([
      expect.objectContaining({
        kind: 'remove',
        reason: 'refused',
        description: '1 × Curd - 400 g removed',
        amount: 32,
        refund_status: 'none',
      }),
    ]);
    expect(o.timeline.slice(-2)).toEqual([
      expect.objectContaining({ status: 'shipped', note: '1 × Curd - 400 g removed (refused at the door): order total lowered by ₹32' }),
      expect.objectContaining({ status: 'delivered', note: 'Cash collected: ₹56' }),
    ]);
    expect(await stockOf(curd, blr())).toBe(stockBefore + 1);
    const back = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.reference, `order:${order.id}`), eq(stockMovements.reason, 'return')));
    expect(back.map((m) => [m.packId, m.quantity])).toEqual([[curd, 1]]);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
    const mine = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(mine).toMatchObject({ total: 56, adjustments: [expect.objectContaining({ reason: 'refused', amount: 32 })] });
  });

  it('refused lines that are not on the order, or more than it has, are 422 at their field; refusing everything is 409; nothing changes', async () => {
    const { order } = await codOrder();
    await shipped(order.id);
    const cases: Array<[unknown, number, string, Record<string, string[]> | undefined]> = [
      [[{ line_id: 999_999, quantity: 1 }], 422, 'VALIDATION_FAILED', { 'refused.0.line_id': ['This line is not on the order'] }],
      [[{ line_id: lineOf(order, curd), quantity: 2 }], 422, 'VALIDATION_FAILED', { 'refused.0.quantity': ['This line has 1'] }],
      [[{ line_id: lineOf(order, curd), quantity: 0 }], 422, 'VALIDATION_FAILED', undefined],
      [
        [
          { line_id: lineOf(order, curd), quantity: 1 },
          { line_id: lineOf(order, bread), quantity: 1 },
        ],
        409,
        'ORDER_LAST_LINE',
        undefined,
      ],
    ];
    for (const [refused, status, code, errors] of cases) {
      const r = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: 30, refused, short_reason: 'x' });
      expect([r.statusCode, r.json().code]).toEqual([status, code]);
      if (errors) expect(r.json().errors).toEqual(errors);
    }
    expect((await owner.get(`/s/api/admin/orders/${order.id}`)).json()).toMatchObject({ status: 'shipped', total: 88, adjustments: [] });
  });

  it('a prepaid order’s refused item is refunded through the provider', async () => {
    const s = await prepaid('razorpay', [
      [curd, 1],
      [bread, 1],
    ]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as Placed;
    await shipped(order.id);
    const res = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { refused: [{ line_id: lineOf(order, curd), quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'delivered',
      total: 56,
      payment: { status: 'paid', refunded: 32, refund_pending: 0 },
      refunds: { paid: 88, refunded_lines: 32, refunded: 32, net: 56 },
      adjustments: [expect.objectContaining({ reason: 'refused', refund_status: 'refunded' })],
    });
  });
});

describe('one refund summary', () => {
  it('₹32 refunded for a line, then cancelled: the cancel promises ₹56, and afterwards ₹56 on cancel, ₹88 in all — staff screen, shopper’s page, invoice', async () => {
    const s = await prepaid('razorpay', [
      [curd, 1],
      [bread, 1],
    ]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as Placed;
    expect(order.total).toBe(88);
    const removed = await owner.post(`/s/api/admin/orders/${order.id}/lines/${lineOf(order, curd)}/remove`, {
      quantity: 1,
      reason: 'missing',
      key: `chg-${randomUUID()}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // what the cancel dialog promises: paid − already refunded − pending
    expect((await owner.get(`/s/api/admin/orders/${order.id}`)).json().refunds).toEqual({
      paid: 88,
      refunded_lines: 32,
      refunded_on_cancel: 0,
      refunded_other: 0,
      refunded: 32,
      refund_pending: 0,
      net: 56,
      refundable: 56,
      balance_due: 0,
    });

    const cancelled = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Out of stock at the store' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const summary = {
      paid: 88,
      refunded_lines: 32,
      refunded_on_cancel: 56,
      refunded_other: 0,
      refunded: 88,
      refund_pending: 0,
      net: 0,
      refundable: 0,
      balance_due: 0,
    };
    expect(cancelled.json().refunds).toEqual(summary);
    expect(cancelled.json().payment).toMatchObject({ status: 'refunded', refunded: 32 });
    expect((await s.c.get(`/s/api/orders/${order.id}`)).json().refunds).toEqual(summary);
    const invoice = (await s.c.get(`/s/api/orders/${order.id}/invoice`)).body;
    expect(invoice).toContain('Paid ₹88 · Refunded ₹88 (₹32 for changed lines, ₹56 on cancellation) · Net ₹0');
    // the provider was asked for exactly those two refunds
    const providerOrder = (await paymentRow(order.id)).providerOrderId!;
    const refunds = (await (await fetch(`${base}/sim/orders/${providerOrder}/refunds`)).json()) as Array<{ amount: number }>;
    expect(refunds.map((r) => r.amount).sort()).toEqual([3_200, 5_600]);
    // and the shopper was told the same ₹56
    await t.app.events.drain();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, s.user.email!));
    expect(mails.find((m) => m.subject === `Order ${order.ordernumber}: Cancelled`)?.body).toContain('₹56');
  });
});
