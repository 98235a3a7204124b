import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderAdjustments,
  orderEvents,
  orderLines,
  orders,
  outbox,
  paymentSettings,
  payments,
  stockMovements,
  users,
  websites,
} from '../../db/schema';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { ledgerMismatches } from '../inventory';
import { encryptSecret } from '../payments/secrets';
import { checkoutBench } from './test-fixture';

// Removing and substituting lines of placed orders (issue 14), over the checkout bench: refunds go to the gateway simulator.
const { t, shop, base, stockOf, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as, everyone } = staffClients(t, shop.websiteId);

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const delivery = { person: 'Ravi Kumar', phone: '9876543210', vehicle: '', tracking: '' };
const changeKey = () => `chg-${randomUUID()}`;
const blr = () => shop.warehouses.blr.id;

async function codOrder(items: Array<[number, number]>) {
  const s = await shopper(items);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, order: res.json().order as { id: string; ordernumber: string; total: number } };
}

async function paidRazorpay(items: Array<[number, number]>) {
  const s = await prepaid('razorpay', items);
  await simulatorOutcome(s.placed.payment.checkout_url, 'success');
  return { ...s, order: s.placed.order as { id: string; ordernumber: string; total: number } };
}

const lineOf = async (orderId: string, packId: number) => {
  const rows = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return rows.find((l) => l.packId === packId);
};
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const simRefunds = async (providerOrderId: string) =>
  (await (await fetch(`${base}/sim/orders/${providerOrderId}/refunds`)).json()) as Array<{
    id: string;
    amount: number;
    key: string | null;
  }>;

describe('removing a line', () => {
  it('cash on delivery: the total is lowered, stock returns, the shopper sees it on the order page, the invoice and in a message; a retried request changes nothing more', async () => {
    const { c, user, order } = await codOrder([
      [shop.packs.dal1.id, 3],
      [shop.packs.rice5.id, 1],
    ]);
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    const before = await stockOf(shop.packs.dal1.id, blr());
    const body = { quantity: 1, reason: 'missing', key: changeKey() };
    const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, body);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.total).toBe(order.total - 180);
    expect(o.lines.find((l: { pack_id: number }) => l.pack_id === shop.packs.dal1.id).quantity).toBe(2);
    expect(o.adjustments).toEqual([
      expect.objectContaining({ kind: 'remove', description: '1 × Toor Dal - 1 kg removed', amount: 180, refund_status: 'none' }),
    ]);
    expect(o.timeline.at(-1)).toMatchObject({
      status: 'placed',
      note: '1 × Toor Dal - 1 kg removed (missing): order total lowered by ₹180',
    });
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(before + 1);

    // the same request again (a double click, a retry): the same change, nothing more
    const again = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().total).toBe(order.total - 180);
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(before + 1);
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(1);

    const mine = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(mine.total).toBe(order.total - 180);
    expect(mine.adjustments[0]).toMatchObject({ description: '1 × Toor Dal - 1 kg removed', amount: 180 });
    const invoice = await c.get(`/s/api/orders/${order.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    // the invoice matches: the line as delivered, the new total, and what changed
    expect(invoice.body).toContain('1 × Toor Dal - 1 kg removed: ₹180 off the total');
    expect(invoice.body).toMatch(
      new RegExp(`Total \\(incl\\. GST [^)]*\\)</th><th class="n">₹${(order.total - 180).toLocaleString('en-IN')}`),
    );
    // told by the notifications consumer, from the change's `order.changed` event
    await t.app.events.drain();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, user.email!));
    // once, though the change was asked twice, and saying what changed with the new total
    const told = mails.filter((m) => m.subject === `Order ${order.ordernumber}: items changed`);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('1 × Toor Dal - 1 kg removed (missing)');
    expect(told[0]!.body).toContain(`New total: ₹${(order.total - 180).toLocaleString('en-IN')}`);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)));
    expect(audit.map((a) => a.action)).toEqual(['remove_line']);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('after delivery (damaged): the total is lowered and no stock returns; the last line cannot be removed', async () => {
    const { order } = await codOrder([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    for (const step of ['confirm', 'pack'] as const) await owner.post(`/s/api/admin/orders/${order.id}/${step}`, {});
    await owner.post(`/s/api/admin/orders/${order.id}/ship`, { delivery });
    await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: order.total });
    const before = await stockOf(shop.packs.dal1.id, blr());
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, {
      quantity: 2,
      reason: 'damaged',
      key: changeKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'delivered', total: order.total - 360 });
    expect(res.json().lines.map((l: { pack_id: number }) => l.pack_id)).toEqual([shop.packs.rice5.id]);
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(before);
    const rice = (await lineOf(order.id, shop.packs.rice5.id))!;
    const last = await owner.post(`/s/api/admin/orders/${order.id}/lines/${rice.id}/remove`, {
      quantity: 1,
      reason: 'damaged',
      key: changeKey(),
    });
    expect([last.statusCode, last.json().code]).toEqual([409, 'ORDER_LAST_LINE']);
    expect((await orderRow(order.id)).total).toBe((order.total - 360) * 100);
  });

  it('a paid Razorpay order: the line is refunded through the simulator once, even when the refund is retried; a later cancel refunds only the rest', async () => {
    const { c, order } = await paidRazorpay([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p!.status).toBe('paid');
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    const body = { quantity: 1, reason: 'missing', key: changeKey() };
    const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, body);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.adjustments[0]).toMatchObject({ amount: 180, refund_status: 'refunded' });
    expect(o.adjustments[0].refund_id).toMatch(/^rfnd_/);
    expect(o.payment).toMatchObject({ status: 'paid', refunded: 180 });
    // the staff read it in their words (issue 40 §12); the shopper's order page says "your Razorpay payment"
    expect(o.timeline.at(-1)).toMatchObject({
      kind: 'change',
      note: "1 × Toor Dal - 1 kg removed (missing): ₹180 refunded to the customer's Razorpay payment",
    });
    expect((await c.get(`/s/api/orders/${order.id}`)).json().timeline.at(-1).note).toBe(
      '1 × Toor Dal - 1 kg removed (missing): ₹180 refunded to your Razorpay payment',
    );
    expect(await simRefunds(p!.providerOrderId!)).toEqual([{ id: o.adjustments[0].refund_id, amount: 18_000, key: expect.any(String) }]);

    // retried: the request, and the provider call itself with the same idempotency key
    expect((await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, body)).statusCode).toBe(200);
    const [adj] = await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id));
    const twice = await Promise.all([
      t.app.payments.refundPart(order.id, adj!.amount, adj!.refundKey!),
      t.app.payments.refundPart(order.id, adj!.amount, adj!.refundKey!),
    ]);
    expect(twice).toEqual([adj!.refundId, adj!.refundId]);
    expect(await simRefunds(p!.providerOrderId!)).toHaveLength(1);

    // the shopper's order page shows the refund
    const mine = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(mine.adjustments[0]).toMatchObject({ amount: 180, refund_status: 'refunded' });
    expect(mine.total).toBe(order.total - 180);

    // cancelling now refunds what is left, not the whole payment again
    const cancel = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().payment.status).toBe('refunded');
    const refunds = await simRefunds(p!.providerOrderId!);
    expect(refunds.map((r) => r.amount)).toEqual([18_000, p!.amount - 18_000]);
  });
});

describe('a partial refund the provider does not take', () => {
  // Razorpay unreachable for this shop: its API at a path of the simulator that answers 404.
  const unreachable = () =>
    t.db.insert(paymentSettings).values({
      websiteId: shop.websiteId,
      provider: 'razorpay',
      keyId: 'rzp_test_x',
      keySecret: encryptSecret(t.config.secretsKey!, 'x'),
      webhookSecret: encryptSecret(t.config.secretsKey!, 'x'),
      baseUrl: `${base}/sim/nowhere`,
    });
  const reachable = () => t.db.delete(paymentSettings).where(eq(paymentSettings.websiteId, shop.websiteId));
  const paymentRow = async (orderId: string) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const retry = (orderId: string) => owner.post(`/s/api/admin/orders/${orderId}/refunds/retry`, {});

  it('is not counted as refunded while it fails (shown pending); a retry that succeeds counts it once', async () => {
    const { order } = await paidRazorpay([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    const providerOrderId = (await paymentRow(order.id)).providerOrderId!;
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    await unreachable();
    try {
      const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, {
        quantity: 1,
        reason: 'missing',
        key: changeKey(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().adjustments[0]).toMatchObject({ amount: 180, refund_status: 'failed', refund_id: null });
      expect(res.json().payment).toMatchObject({ status: 'paid', refunded: 0, refund_pending: 180 });
      expect(await paymentRow(order.id)).toMatchObject({ refunded: 0, refundPending: 18_000 });
      // still failing: still not counted
      expect((await retry(order.id)).json().payment).toMatchObject({ refunded: 0, refund_pending: 180 });
      expect(await simRefunds(providerOrderId)).toEqual([]);
    } finally {
      await reachable();
    }
    // two retries at once (a double click): one refund at the provider, counted once
    const both = await Promise.all([retry(order.id), retry(order.id)]);
    for (const r of both) expect(r.statusCode, r.body).toBe(200);
    const o = (await retry(order.id)).json();
    expect(o.adjustments[0]).toMatchObject({ refund_status: 'refunded', refund_id: expect.stringMatching(/^rfnd_/) });
    expect(o.payment).toMatchObject({ status: 'paid', refunded: 180, refund_pending: 0 });
    expect(await paymentRow(order.id)).toMatchObject({ refunded: 18_000, refundPending: 0 });
    expect(await simRefunds(providerOrderId)).toEqual([{ id: o.adjustments[0].refund_id, amount: 18_000, key: expect.any(String) }]);
  });

  it('a cancel while it is pending refunds the rest only; the part is finished by its own retry, never twice', async () => {
    const { order } = await paidRazorpay([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    const p = await paymentRow(order.id);
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    await unreachable();
    try {
      const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, {
        quantity: 2,
        reason: 'damaged',
        key: changeKey(),
      });
      expect(res.json().adjustments[0]).toMatchObject({ amount: 360, refund_status: 'failed' });
    } finally {
      await reachable();
    }
    const cancel = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().payment).toMatchObject({ status: 'refunded', refunded: 0, refund_pending: 360 });
    expect((await simRefunds(p.providerOrderId!)).map((r) => r.amount)).toEqual([p.amount - 36_000]);
    expect((await retry(order.id)).json().payment).toMatchObject({ refunded: 360, refund_pending: 0 });
    expect((await simRefunds(p.providerOrderId!)).map((r) => r.amount)).toEqual([p.amount - 36_000, 36_000]);
  });
});

describe('a paid Cashfree order', () => {
  it('a removed line is refunded through the simulator with the change’s refund_id; a repeat of that refund refunds once', async () => {
    const s = await prepaid('cashfree', [
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as { id: string; total: number };
    await s.c.get(`/s/api/orders/${order.id}/confirm`);
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p!.status).toBe('paid');
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, {
      quantity: 2,
      reason: 'damaged',
      key: changeKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().adjustments[0];
    expect(a).toMatchObject({ amount: 360, refund_status: 'refunded' });
    const [adj] = await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id));
    expect(a.refund_id).toBe(adj!.refundKey);
    expect(await t.app.payments.refundPart(order.id, adj!.amount, adj!.refundKey!)).toBe(adj!.refundKey);
    expect(await simRefunds(p!.providerOrderId!)).toEqual([{ id: adj!.refundKey, amount: 36_000, key: adj!.refundKey }]);
  });
});

describe('substituting a line', () => {
  it('cash on delivery: a cheaper pack of another product; stock moves through the ledger both ways; the total follows', async () => {
    const { c, order } = await codOrder([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    const dalBefore = await stockOf(shop.packs.dal1.id, blr());
    const riceBefore = await stockOf(shop.packs.rice1.id, blr());
    const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/substitute`, {
      quantity: 1,
      pack_id: shop.packs.rice1.id,
      substitute_quantity: 1,
      key: changeKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.total).toBe(order.total - 60);
    expect(o.adjustments[0]).toMatchObject({
      kind: 'substitute',
      description: '1 × Toor Dal - 1 kg replaced by 1 × Basmati Rice - 1 kg',
      amount: 60,
    });
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dalBefore + 1);
    expect(await stockOf(shop.packs.rice1.id, blr())).toBe(riceBefore - 1);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${order.id}`));
    expect(moves.map((m) => [m.packId, m.quantity, m.reason])).toEqual(
      expect.arrayContaining([
        [shop.packs.dal1.id, 1, 'return'],
        [shop.packs.rice1.id, -1, 'order'],
      ]),
    );
    const mine = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(mine.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual(
      expect.arrayContaining([
        ['Toor Dal', 1],
        ['Basmati Rice', 1],
      ]),
    );
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('prepaid: a dearer substitute is refused (409, nothing changed); a cheaper one refunds the difference', async () => {
    const { order } = await paidRazorpay([
      [shop.packs.rice1.id, 1],
      [shop.packs.rice5.id, 1],
    ]);
    const rice = (await lineOf(order.id, shop.packs.rice1.id))!;
    const dear = await owner.post(`/s/api/admin/orders/${order.id}/lines/${rice.id}/substitute`, {
      quantity: 1,
      pack_id: shop.packs.dal1.id,
      substitute_quantity: 1,
      key: changeKey(),
    });
    expect([dear.statusCode, dear.json().code]).toEqual([409, 'SUBSTITUTE_COSTS_MORE']);
    expect((await orderRow(order.id)).total).toBe(order.total * 100);
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(0);
    const rice5 = (await lineOf(order.id, shop.packs.rice5.id))!;
    const cheaper = await owner.post(`/s/api/admin/orders/${order.id}/lines/${rice5.id}/substitute`, {
      quantity: 1,
      pack_id: shop.packs.dal1.id,
      substitute_quantity: 2,
      key: changeKey(),
    });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json().adjustments[0]).toMatchObject({ amount: 550 - 360, refund_status: 'refunded' });
  });
});

describe('what the lifecycle allows', () => {
  it('a cancelled order cannot be changed and a shipped one cannot be substituted: 409, nothing changed', async () => {
    const a = await codOrder([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    await owner.post(`/s/api/admin/orders/${a.order.id}/cancel`, { reason: 'test' });
    const dal = (await lineOf(a.order.id, shop.packs.dal1.id))!;
    const res = await owner.post(`/s/api/admin/orders/${a.order.id}/lines/${dal.id}/remove`, {
      quantity: 1,
      reason: 'missing',
      key: changeKey(),
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ORDER_CHANGE_FORBIDDEN']);
    expect(res.json().message).toBe('This order is cancelled: its lines cannot be changed now');

    const b = await codOrder([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    for (const step of ['confirm', 'pack'] as const) await owner.post(`/s/api/admin/orders/${b.order.id}/${step}`, {});
    await owner.post(`/s/api/admin/orders/${b.order.id}/ship`, { delivery });
    const events = (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.order.id))).length;
    const bdal = (await lineOf(b.order.id, shop.packs.dal1.id))!;
    const sub = await owner.post(`/s/api/admin/orders/${b.order.id}/lines/${bdal.id}/substitute`, {
      quantity: 1,
      pack_id: shop.packs.rice1.id,
      substitute_quantity: 1,
      key: changeKey(),
    });
    expect([sub.statusCode, sub.json().code]).toEqual([409, 'ORDER_CHANGE_FORBIDDEN']);
    for (const id of [a.order.id, b.order.id])
      expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, id))).toHaveLength(0);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.order.id))).toHaveLength(events);
    expect((await orderRow(b.order.id)).total).toBe(b.order.total * 100);
  });

  it('validates: more units than the line has, a line of another order, a pack of another shop', async () => {
    const a = await codOrder([
      [shop.packs.dal1.id, 1],
      [shop.packs.rice5.id, 1],
    ]);
    const b = await codOrder([[shop.packs.dal1.id, 1]]);
    const dal = (await lineOf(a.order.id, shop.packs.dal1.id))!;
    const other = (await lineOf(b.order.id, shop.packs.dal1.id))!;
    expect(
      (await owner.post(`/s/api/admin/orders/${a.order.id}/lines/${dal.id}/remove`, { quantity: 2, reason: 'missing', key: changeKey() }))
        .statusCode,
    ).toBe(422);
    expect(
      (await owner.post(`/s/api/admin/orders/${a.order.id}/lines/${other.id}/remove`, { quantity: 1, reason: 'missing', key: changeKey() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await owner.post(`/s/api/admin/orders/${a.order.id}/lines/${dal.id}/remove`, { quantity: 1, reason: 'lost', key: changeKey() }))
        .statusCode,
    ).toBe(422);
    const foreign = await owner.post(`/s/api/admin/orders/${a.order.id}/lines/${dal.id}/substitute`, {
      quantity: 1,
      pack_id: 2_000_000,
      substitute_quantity: 1,
      key: changeKey(),
    });
    expect(foreign.statusCode).toBe(422);
  });
});

describe('who may change lines', () => {
  it('the role matrix, and another website’s order is 404', async () => {
    const { order } = await codOrder([
      [shop.packs.dal1.id, 5],
      [shop.packs.rice5.id, 1],
    ]);
    const dal = (await lineOf(order.id, shop.packs.dal1.id))!;
    const clients = await everyone();
    for (const [name, c] of Object.entries(clients) as Array<[RoleName, TestClient]>) {
      const res = await c.post(`/s/api/admin/orders/${order.id}/lines/${dal.id}/remove`, {
        quantity: 1,
        reason: 'missing',
        key: changeKey(),
      });
      expect([name, res.statusCode]).toEqual([name, ROLE_STATUS[name]]);
    }
    expect((await lineOf(order.id, shop.packs.dal1.id))!.quantity).toBe(3);

    const [site] = await t.db.insert(websites).values({ name: 'Other Lines Shop' }).returning();
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Elsewhere', email: `lines-${Date.now()}@example.com` })
      .returning();
    const id = randomUUID();
    await t.db.insert(orders).values({
      id,
      websiteId: site!.id,
      ordernumber: 'GR1',
      userId: u!.id,
      status: 'placed',
      paymentMethod: 'cod',
      idempotencyKey: 'k',
      address: {
        name: 'X',
        phone: '9000000099',
        pincode: '560001',
        line1: 'a',
        line2: 'b',
        landmark: null,
        city: 'c',
        state: 'd',
        type: 'home',
      },
      pincode: '560001',
      itemsTotal: 18_000,
      total: 18_000,
    });
    const [line] = await t.db
      .insert(orderLines)
      .values({
        websiteId: site!.id,
        orderId: id,
        productName: 'X',
        packName: '1',
        hsnCode: '1',
        gstRate: 0,
        price: 18_000,
        actPrice: 18_000,
        quantity: 2,
        amount: 36_000,
      })
      .returning();
    expect(
      (await owner.post(`/s/api/admin/orders/${id}/lines/${line!.id}/remove`, { quantity: 1, reason: 'missing', key: changeKey() }))
        .statusCode,
    ).toBe(404);
    expect((await owner.post(`/s/api/admin/orders/${id}/refunds/retry`, {})).statusCode).toBe(404);
    expect((await t.db.select().from(orderLines).where(eq(orderLines.id, line!.id)))[0]!.quantity).toBe(2);
  });
});
