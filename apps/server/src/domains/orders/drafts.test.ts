import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderDrafts, orders, outbox, slotBookings, stockMovements } from '../../db/schema';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { signInAs } from '../cart/test-fixture';
import { ledgerMismatches } from '../inventory';
import { checkoutBench, home } from './test-fixture';

// Draft orders built in Administration (issue 40 §12), over the checkout bench (payments through the gateway simulator).
const { t, shop, stockOf, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient & { userId?: number };
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const blr = () => shop.warehouses.blr.id;
let phones = 0;
const newPhone = () => `98765${String(10000 + ++phones).slice(-5)}`;
const patch = (id: string, body: Record<string, unknown>) => owner.patch(`/s/api/admin/orders/drafts/${id}`, body);
const movementsOf = async (orderId: string) =>
  t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.reference, `order:${orderId}`));

/** A draft for a new customer (Priya, by mobile) with an address in Bengaluru and `items`. */
async function draftWith(items: Array<[number, number]>) {
  const phone = newPhone();
  const created = await owner.post('/s/api/admin/orders/drafts', { customer: { name: 'Priya Sharma', phone } });
  expect(created.statusCode, created.body).toBe(200);
  const d = created.json();
  expect(d.number).toMatch(/^D\d{4,}$/);
  expect(d).toMatchObject({ status: 'draft', address_id: null, customer: { name: 'Priya Sharma', phone } });
  const withAddress = await patch(d.id, { address: { ...home, name: 'Priya Sharma', phone } });
  expect(withAddress.statusCode, withAddress.body).toBe(200);
  const r = await patch(d.id, { lines: items.map(([pack_id, quantity]) => ({ pack_id, quantity })) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    id: string;
    number: string;
    customer: { id: number };
    address_id: number;
    cart: { amount: number; items: Array<{ pack_id: number; quantity: number }> };
    slots: Array<{ slot_id: number; date: string; remaining: number }>;
  };
}

describe('a draft order', () => {
  it('is built without reserving anything, is not the shopper’s, and with a payment link becomes their order once they pay through the simulator', async () => {
    const dal = await stockOf(shop.packs.dal1.id, blr());
    const d = await draftWith([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice1.id, 1],
    ]);
    expect(d.cart.amount).toBe(510); // ₹360 + ₹120 + ₹30 delivery
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal);
    const slot = d.slots.find((s) => s.remaining > 0)!;
    expect((await patch(d.id, { slot: { slot_id: slot.slot_id, date: slot.date } })).statusCode).toBe(200);

    // the customer signs in: no order yet
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, d.customer.id);
    expect((await customer.get('/s/api/orders')).json().data).toEqual([]);

    // listed under Draft
    const list = (await owner.get('/s/api/admin/orders/drafts')).json();
    expect(list.data.find((x: { id: string }) => x.id === d.id)).toMatchObject({
      number: d.number,
      status: 'draft',
      items: 3,
      amount: 510,
    });

    // a stale total is refused, nothing taken
    const stale = await owner.post(`/s/api/admin/orders/drafts/${d.id}/send-link`, { payment_method: 'razorpay', expected_total: 400 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'PRICE_CHANGED']);
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal);

    // a double click: one order
    const [sent, twice] = await Promise.all([
      owner.post(`/s/api/admin/orders/drafts/${d.id}/send-link`, { payment_method: 'razorpay', expected_total: 510 }),
      owner.post(`/s/api/admin/orders/drafts/${d.id}/send-link`, { payment_method: 'razorpay', expected_total: 510 }),
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const ok = [sent, twice].filter((r) => r.statusCode === 200);
    const orderIds = new Set(ok.map((r) => r.json().order.id));
    expect(orderIds.size).toBe(1);
    const view = sent.json();
    expect(view).toMatchObject({ status: 'sent', order: { status: 'pending_payment', ordernumber: expect.stringMatching(/^GR\d+$/) } });
    expect(view.link_sent_to).toEqual([expect.stringMatching(/^\*+\d{4}$/)]);
    const orderId = view.order.id as string;
    expect(await t.db.select().from(orders).where(eq(orders.userId, d.customer.id))).toHaveLength(1);
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal - 2);
    expect(await movementsOf(orderId)).toHaveLength(2);
    const link = `/checkout/razorpay/${orderId}`;
    expect((await t.db.select().from(outbox)).filter((m) => m.body.includes(link)).map((m) => m.channel)).toEqual(['sms']);

    // the customer pays through the link
    const pay = await customer.post(`/s/api/orders/${orderId}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    await simulatorOutcome(pay.json().payment.checkout_url, 'success');
    expect((await customer.get(`/s/api/orders/${orderId}/confirm`)).json().status).toBe('placed');
    const after = (await owner.get(`/s/api/admin/orders/drafts/${d.id}`)).json();
    expect(after).toMatchObject({ status: 'sent', order: { id: orderId, status: 'placed' } });
    const placed = (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    expect([placed.slotId, placed.slotDate, placed.agentId, placed.total]).toEqual([slot.slot_id, slot.date, null, 51_000]);

    // once an order, the draft cannot change
    const late = await patch(d.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 5 }] });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      `Draft ${d.number} is already order ${placed.ordernumber}: it can no longer be changed`,
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order_draft'), eq(auditLog.entityId, d.id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'send_link']);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('marked as COD and placed: the order is placed at once with its stock and slot taken', async () => {
    const d = await draftWith([[shop.packs.dal1.id, 1]]);
    const slot = d.slots.find((s) => s.remaining > 0)!;
    expect((await patch(d.id, { slot: { slot_id: slot.slot_id, date: slot.date } })).statusCode).toBe(200);
    const used = async () =>
      (
        await t.db
          .select()
          .from(slotBookings)
          .where(and(eq(slotBookings.slotId, slot.slot_id), eq(slotBookings.date, slot.date)))
      )[0]?.used ?? 0;
    const [dal, places] = [await stockOf(shop.packs.dal1.id, blr()), await used()];
    const res = await owner.post(`/s/api/admin/orders/drafts/${d.id}/place-cod`, { expected_total: 210 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'placed', order: { status: 'placed' } });
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal - 1);
    expect(await used()).toBe(places + 1);
    const [row] = await t.db.select().from(orderDrafts).where(eq(orderDrafts.id, d.id));
    const [o] = await t.db.select().from(orders).where(eq(orders.id, row!.orderId!));
    expect([o!.paymentMethod, o!.userId]).toEqual(['cod', d.customer.id]);
    // the customer sees it now
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, d.customer.id);
    expect((await customer.get('/s/api/orders')).json().data.map((x: { id: string }) => x.id)).toEqual([o!.id]);
  });

  it('refuses more than the stock, an empty draft, no address, another website’s customer and a shopper, changing nothing', async () => {
    const created = (await owner.post('/s/api/admin/orders/drafts', { customer: { name: 'Ravi', phone: newPhone() } })).json();
    const empty = await owner.post(`/s/api/admin/orders/drafts/${created.id}/place-cod`, { expected_total: 0 });
    expect([empty.statusCode, empty.json().code]).toEqual([409, 'DRAFT_NO_ADDRESS']);
    expect((await patch(created.id, { address: { ...home } })).statusCode).toBe(200);
    const none = await owner.post(`/s/api/admin/orders/drafts/${created.id}/place-cod`, { expected_total: 0 });
    expect([none.statusCode, none.json().code]).toEqual([409, 'DRAFT_EMPTY']);
    const short = await patch(created.id, { lines: [{ pack_id: shop.packs.rice1.id, quantity: 99 }] });
    expect([short.statusCode, short.json().code]).toEqual([409, 'NOT_ENOUGH_STOCK']);
    expect((await owner.get(`/s/api/admin/orders/drafts/${created.id}`)).json().cart.items).toEqual([]);
    const bad = await owner.post('/s/api/admin/orders/drafts', { customer: { name: 'R', phone: '12345' } });
    expect(bad.statusCode).toBe(422);
    expect((await owner.post('/s/api/admin/orders/drafts', { customer_id: 999_999 })).statusCode).toBe(404);
    const shopperOnly = await as({});
    expect((await shopperOnly.get('/s/api/admin/orders/drafts')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/s/api/admin/orders/drafts')).statusCode).toBe(401);
  });
});
