import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench, curdAndBread } from './test-fixture';

// Issue 40, point 3: what counts as a sale (`sales.ts`), the same for a customer's total spent,
// a sales agent's sales and commission, and the dashboard: delivered, goods net of refunds, never
// the delivery charge. Curd ₹32 and bread ₹26 with ₹30 delivery make an order of ₹88 whose
// goods are ₹58.
const { t, shop, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient;
let curd: number;
let bread: number;
const delivery = { person: 'Ravi Kumar', phone: '9876543210', vehicle: '', tracking: '' };
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
  ({ curd, bread } = await curdAndBread(t.db, shop));
});

/** One curd and one bread. */
const basket = (): Array<[number, number]> => [
  [curd, 1],
  [bread, 1],
];

async function deliver(id: string, cash?: number) {
  for (const step of ['confirm', 'pack'] as const) expect((await owner.post(`/s/api/admin/orders/${id}/${step}`, {})).statusCode).toBe(200);
  expect((await owner.post(`/s/api/admin/orders/${id}/ship`, { delivery })).statusCode).toBe(200);
  const res = await owner.post(`/s/api/admin/orders/${id}/deliver`, cash === undefined ? {} : { cash_collected: cash });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('what counts as a sale', () => {
  it('a customer’s total spent: not an undelivered COD order, nor a paid one not yet delivered; a delivered one at its goods net of refunds, no delivery', async () => {
    const s = await shopper(basket());
    const placed = await place(s.c, {
      address_id: s.addressId,
      payment_method: 'cod',
      expected_total: s.cart.amount,
      idempotency_key: key(),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const cod = placed.json().order;
    expect(cod.total).toBe(88);
    const spent = async () => (await owner.get(`/s/api/admin/customers/${s.user.id}`)).json();
    expect(await spent()).toMatchObject({ orders: 1, spent: 0 });
    const listed = (await owner.get(`/s/api/admin/customers?q=${encodeURIComponent(s.user.email!)}`)).json().data[0];
    expect(listed).toMatchObject({ orders: 1, spent: 0 });

    await deliver(cod.id, 88);
    expect((await spent()).spent).toBe(58);
    // bread damaged after delivery: ₹26 off the order, so off what was spent
    const breadLine = cod.lines.find((l: { pack_id: number }) => l.pack_id === bread).line_id;
    const removed = await owner.post(`/s/api/admin/orders/${cod.id}/lines/${breadLine}/remove`, {
      quantity: 1,
      reason: 'damaged',
      key: `chg-${randomUUID()}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await spent()).spent).toBe(32);

    // a second order, paid online, on its way: not a sale yet
    await s.c.post('/s/api/cart/add', { pack_id: curd });
    const cart = (await s.c.get(`/s/api/cart?address_id=${s.addressId}`)).json();
    const paid = await place(s.c, {
      address_id: s.addressId,
      payment_method: 'razorpay',
      expected_total: cart.amount,
      idempotency_key: key(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await simulatorOutcome(paid.json().payment.checkout_url, 'success');
    expect(await spent()).toMatchObject({ orders: 2, spent: 32 });
    await deliver(paid.json().order.id);
    expect((await spent()).spent).toBe(64);
    // sorting by spent reads the same figure
    const sorted = (await owner.get(`/s/api/admin/customers?sort=spent&dir=desc&q=${encodeURIComponent(s.user.email!)}`)).json();
    expect(sorted.data[0].spent).toBe(64);
  });

  it('a sales agent’s sales and commission: delivered goods only, never the delivery charge', async () => {
    const agent = await as({ isSalesAgent: true });
    await agent.get('/s/api/check/pincode/560001');
    expect((await owner.put(`/s/api/admin/agents/${agent.userId}`, { commission_rate: 10 })).statusCode).toBe(200);
    const customer = await shopper([]);
    expect((await owner.post(`/s/api/admin/agents/${agent.userId}/customers`, { identifier: customer.user.email })).statusCode).toBe(200);
    for (const [packId] of basket()) expect((await agent.post('/s/api/cart/add', { pack_id: packId })).statusCode).toBe(200);
    const cart = (await agent.get(`/s/api/agent/customers/${customer.user.id}/cart?address_id=${customer.addressId}`)).json();
    const r = await agent.post('/s/api/agent/orders', {
      customer_id: customer.user.id,
      address_id: customer.addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().order.total).toBe(88);
    const dashboard = async () => (await agent.get('/s/api/agent/dashboard')).json();
    const none = { sales: 0, orders: 0, customers: 0, average: 0, commission: 0 };
    expect((await dashboard()).today).toEqual(none);

    await deliver(r.json().order.id, 88);
    const d = await dashboard();
    // ₹58 of goods (₹30 of delivery left out), 10% of it
    expect(d.today).toEqual({ sales: 58, orders: 1, customers: 1, average: 58, commission: 5.8 });
    expect(d.by_day.at(-1)).toEqual({ date: today, sales: 58, orders: 1 });
    expect(d.customers.find((c: { id: number }) => c.id === customer.user.id)).toMatchObject({ orders: 1, total: 58 });
    const report = (await owner.get(`/s/api/admin/agents/report?from=${today}&to=${today}`)).json();
    expect(report.data.find((a: { agent_id: number }) => a.agent_id === agent.userId)).toMatchObject({
      orders: 1,
      sales: 58,
      commission: 5.8,
    });
  });

  it('the dashboard’s revenue and the sales report: delivered goods net of refunds, on the day delivered', async () => {
    const dash = async () => (await owner.get(`/s/api/admin/reports/dashboard?from=${today}&to=${today}`)).json();
    const sales = async () => (await owner.get(`/s/api/admin/reports/sales?from=${today}&to=${today}`)).json();
    const [d0, s0] = [await dash(), await sales()];
    const p = await prepaid('razorpay', basket());
    await simulatorOutcome(p.placed.payment.checkout_url, 'success');
    const order = p.placed.order;
    expect((await dash()).revenue).toBe(d0.revenue); // paid, not delivered: not a sale
    await deliver(order.id);
    const d1 = await dash();
    expect([d1.revenue, d1.orders]).toEqual([d0.revenue + 58, d0.orders + 1]);
    expect(d1.by_day.at(-1).revenue).toBe(d0.by_day.at(-1).revenue + 58);
    expect((await sales()).total.net_revenue).toBe(s0.total.net_revenue + 58);
    // curd refunded after delivery (damaged): the sale is worth the bread only
    const curdLine = order.lines.find((l: { pack_id: number }) => l.pack_id === curd).line_id;
    const removed = await owner.post(`/s/api/admin/orders/${order.id}/lines/${curdLine}/remove`, {
      quantity: 1,
      reason: 'damaged',
      key: `chg-${randomUUID()}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await dash()).revenue).toBe(d0.revenue + 26);
    expect((await sales()).total.net_revenue).toBe(s0.total.net_revenue + 26);
  });
});
