import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench } from './test-fixture';

// Delivery instructions, the tip and the substitution preference (issue 39 §16), over the checkout bench.
const { t, shop, key, shopper, place, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);
let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const asks = { delivery_instructions: ['leave_at_door', 'no_bell'], notes: 'Blue gate', tip: 20, substitution: 'refund' };

describe('delivery instructions, tip and substitution preference', () => {
  it('are kept on a COD order: the tip is in the cash to collect, outside the taxable value; shopper, staff, slip and invoice show them', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 2]]);
    const res = await place(c, {
      address_id: addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: key(),
      ...asks,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      delivery_instructions: ['leave_at_door', 'no_bell'],
      notes: 'Blue gate',
      tip: 20,
      substitution: 'refund',
      total: cart.amount + 20,
      payment: { provider: 'cod', status: 'cod', amount: cart.amount + 20 },
    });
    // GST only on the goods: two kilos of dal at ₹180, 5 % included
    expect(order.tax.taxable + order.tax.gst).toBeCloseTo(360, 2);
    expect((await c.get(`/s/api/orders/${order.id}`)).json()).toEqual(order);

    const staff = (await owner.get(`/s/api/admin/orders/${order.id}`)).json();
    expect(staff).toMatchObject({
      delivery_instructions: ['leave_at_door', 'no_bell'],
      tip: 20,
      substitution: 'refund',
      total: cart.amount + 20,
    });
    const slip = (await owner.get(`/s/api/admin/orders/${order.id}/packing-slip`)).body;
    expect(slip).toContain('If an item is unavailable: Refund the item');
    expect(slip).toContain('Delivery: Leave at the door · Don&#39;t ring the bell');
    expect(slip).toContain(`collect ₹${cart.amount + 20}`);
    expect(slip).toContain('includes a ₹20 tip for the delivery person');
    const invoice = (await c.get(`/s/api/orders/${order.id}/invoice`)).body;
    expect(invoice).toContain('Tip for the delivery person');
    expect(invoice).toMatch(/no GST\)<\/td><td class="n">₹20<\/td>/);

    // a line taken off by the shop lowers the goods, never the tip
    const line = staff.lines[0];
    const removed = await owner.post(`/s/api/admin/orders/${order.id}/lines/${line.line_id}/remove`, {
      quantity: 1,
      reason: 'damaged',
      key: key(),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      items_total: 180,
      tip: 20,
      total: removed.json().items_total + removed.json().delivery_charge + 20,
    });
  });

  it('defaults to no instructions, no tip and "Call me"', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const res = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ delivery_instructions: [], tip: 0, substitution: 'call', total: cart.amount });
    const invoice = (await c.get(`/s/api/orders/${res.json().order.id}/invoice`)).body;
    expect(invoice).not.toContain('Tip for the delivery person');
  });

  it('refuses a bad tip, an unknown or repeated instruction and an unknown preference with a message, and orders nothing', async () => {
    const { c, user, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const base = { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ tip: 201 }, 'tip', 'Tip at most ₹200'],
      [{ tip: 10.5 }, 'tip', 'Tip whole rupees'],
      [{ tip: -10 }, 'tip', 'A tip cannot be negative'],
      [{ delivery_instructions: ['leave_at_door', 'leave_at_door'] }, 'delivery_instructions', 'Each instruction once'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await place(c, { ...base, ...extra });
      expect(res.statusCode, res.body).toBe(422);
      expect(JSON.stringify(res.json().errors?.[field] ?? res.json())).toContain(message);
    }
    for (const extra of [{ delivery_instructions: ['juggle'] }, { substitution: 'anything' }])
      expect((await place(c, { ...base, ...extra })).statusCode).toBe(422);
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
    expect(n).toBe(0);
    expect((await c.get('/s/api/cart')).json().quantity).toBe(1);
  });

  it('a prepaid order charges the tip and refunds it in full when cancelled', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const res = await place(c, {
      address_id: addressId,
      payment_method: 'razorpay',
      expected_total: cart.amount,
      idempotency_key: key(),
      tip: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order, payment } = res.json();
    expect(payment.amount).toBe((cart.amount + 30) * 100);
    await simulatorOutcome(payment.checkout_url, 'success');
    const paid = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(paid).toMatchObject({ status: 'placed', tip: 30, refunds: { paid: cart.amount + 30 } });
    const cancelled = await c.post(`/s/api/orders/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refunds).toMatchObject({ paid: cart.amount + 30, refunded: cart.amount + 30, net: 0 });
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p).toMatchObject({ status: 'refunded', amount: (cart.amount + 30) * 100 });
  });
});
