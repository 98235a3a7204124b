import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, couponRedemptions, orderEvents, orders, outbox, payments, stockMovements, users, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { ledgerMismatches } from '../inventory';
import { checkoutBench } from './test-fixture';

// The staff's order calls over the checkout bench (a listening server: refunds go to the gateway simulator).
const { t, shop, stockOf, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());

const { as } = staffClients(t, shop.websiteId);

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

/** A shopper's cash-on-delivery order of one kilo of dal. */
async function codOrder(qty = 1) {
  const s = await shopper([[shop.packs.dal1.id, qty]]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, order: res.json().order as { id: string; ordernumber: string; total: number } };
}

const delivery = { person: 'Ravi Kumar', phone: '9876543210', vehicle: 'KA01AB1234', tracking: '' };
const statusOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
// the messages the order event stream's consumers send (the job's run, done here)
const mailsTo = async (email: string) => {
  await t.app.events.drain();
  return (await t.db.select().from(outbox).where(eq(outbox.to, email))).map((m) => m.subject);
};

describe('moving an order through its lifecycle', () => {
  it('confirms, packs, ships with a delivery note and delivers a COD order with its cash; each move is audited and emailed; the shopper sees it', async () => {
    const { c, user, order } = await codOrder(2);
    const list = (await owner.get(`/s/api/admin/orders?q=${order.ordernumber}`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: order.id, status: 'placed', payment_method: 'cod', payment_status: 'cod', items: 2 });

    const first = (await owner.get(`/s/api/admin/orders/${order.id}`)).json();
    expect(first.actions).toEqual(['confirm', 'cancel']);
    expect(first.customer).toMatchObject({ id: user.id, email: user.email });

    for (const step of ['confirm', 'pack'] as const) {
      const res = await owner.post(`/s/api/admin/orders/${order.id}/${step}`, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await owner.post(`/s/api/admin/orders/${order.id}/ship`, { delivery: { ...delivery, phone: '12' } })).statusCode).toBe(422);
    expect(await statusOf(order.id)).toBe('packed');
    const shipped = (await owner.post(`/s/api/admin/orders/${order.id}/ship`, { delivery })).json();
    expect(shipped).toMatchObject({ status: 'shipped', delivery, actions: ['deliver'] });

    // COD: the cash must be the total
    const short = await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: order.total - 1 });
    expect([short.statusCode, short.json().code]).toEqual([422, 'CASH_MISMATCH']);
    expect(await statusOf(order.id)).toBe('shipped');
    const done = (await owner.post(`/s/api/admin/orders/${order.id}/deliver`, { cash_collected: order.total })).json();
    expect(done).toMatchObject({ status: 'delivered', cash_collected: order.total, actions: [] });
    expect(done.timeline.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['placed', `${user.name} (customer)`],
      ['confirmed', expect.stringMatching(/^Staff \d+$/)],
      ['packed', expect.stringMatching(/^Staff \d+$/)],
      ['shipped', expect.stringMatching(/^Staff \d+$/)],
      ['delivered', expect.stringMatching(/^Staff \d+$/)],
    ]);

    // the shopper's order page: each status, and who brings it
    const mine = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(mine.status).toBe('delivered');
    expect(mine.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'confirmed', 'packed', 'shipped', 'delivered']);
    expect(mine.timeline[3].note).toContain('Ravi Kumar (9876543210)');

    expect(await mailsTo(user.email!)).toEqual([
      `Order ${order.ordernumber} confirmed`,
      `Order ${order.ordernumber}: Confirmed`,
      `Order ${order.ordernumber}: Packed`,
      `Order ${order.ordernumber}: Shipped`,
      `Order ${order.ordernumber}: Delivered`,
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)));
    expect(audit.map((a) => a.action)).toEqual(['confirm', 'pack', 'ship', 'deliver']);
  });

  it('refuses a move the table forbids with 409 and changes nothing', async () => {
    const { order } = await codOrder();
    const before = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    for (const [action, body] of [
      ['pack', {}],
      ['ship', { delivery }],
      ['deliver', { cash_collected: order.total }],
    ] as const) {
      const res = await owner.post(`/s/api/admin/orders/${order.id}/${action}`, body);
      expect([action, res.statusCode, res.json().code]).toEqual([action, 409, 'ORDER_MOVE_FORBIDDEN']);
    }
    expect(await statusOf(order.id)).toBe('placed');
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(before.length);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(0);
    // delivered is final: no cancel
    await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {});
    await owner.post(`/s/api/admin/orders/${order.id}/pack`, {});
    await owner.post(`/s/api/admin/orders/${order.id}/ship`, { delivery });
    const late = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Too late' });
    expect([late.statusCode, late.json().message]).toEqual([409, 'This order is shipped: it cannot be cancelled now']);
  });

  it('cancels: stock, slot and coupon come back once (the ledger holds), the shopper is told', async () => {
    const { user, order } = await codOrder(3);
    const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    expect((await owner.post(`/s/api/admin/orders/${order.id}/cancel`, {})).statusCode).toBe(422);
    const res = await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'Cancelled by the shop: Customer asked by phone' });
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before + 3);
    expect((await owner.post(`/s/api/admin/orders/${order.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before + 3);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.reference, `order:${order.id}`), eq(stockMovements.reason, 'cancel')));
    expect(moves).toHaveLength(1);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id))).toEqual([]);
    expect(await mailsTo(user.email!)).toContain(`Order ${order.ordernumber}: Cancelled`);
  });

  it('cancels a paid Razorpay order and refunds it through the simulator, once', async () => {
    const { placed } = await prepaid('razorpay', [[shop.packs.dal1.id, 1]]);
    await simulatorOutcome(placed.payment.checkout_url, 'success');
    expect(await statusOf(placed.order.id)).toBe('placed');
    const res = await owner.post(`/s/api/admin/orders/${placed.order.id}/cancel`, { reason: 'Out of stock at the store' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ provider: 'razorpay', status: 'refunded' });
    expect(res.json().payment.refund_id).toBeTruthy();
    expect(res.json().payment.events.length).toBeGreaterThan(0);
    expect((await owner.post(`/s/api/admin/orders/${placed.order.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
    expect(p!.status).toBe('refunded');
  });
});

describe('racing moves', () => {
  it('a shopper cancelling while the shop ships: exactly one wins, stock comes back at most once', async () => {
    for (let round = 0; round < 3; round++) {
      const { c, order } = await codOrder();
      await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {});
      await owner.post(`/s/api/admin/orders/${order.id}/pack`, {});
      const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
      const [cancel, ship] = await Promise.all([
        c.post(`/s/api/orders/${order.id}/cancel`),
        owner.post(`/s/api/admin/orders/${order.id}/ship`, { delivery }),
      ]);
      const codes = [cancel.statusCode, ship.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const status = await statusOf(order.id);
      expect(status).toBe(cancel.statusCode === 200 ? 'cancelled' : 'shipped');
      expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before + (status === 'cancelled' ? 1 : 0));
    }
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });
});

describe('two staff members at once', () => {
  it('both confirm at once: one wins, one history row, one audit row', async () => {
    const { order } = await codOrder();
    const other = await as({ hasAdminAccess: true });
    const both = await Promise.all([
      owner.post(`/s/api/admin/orders/${order.id}/confirm`, {}),
      other.post(`/s/api/admin/orders/${order.id}/confirm`, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.status)).toEqual(['placed', 'confirmed']);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(1);
  });
});

describe('the order list and bulk moves', () => {
  it('filters, searches, sorts and pages; refuses a page size it does not offer', async () => {
    const a = await codOrder();
    const b = await codOrder();
    const page = (await owner.get('/s/api/admin/orders?perPage=5&sort=placed&dir=desc')).json();
    expect(page.meta).toMatchObject({ page: 1, perPage: 5 });
    expect(page.data[0].id).toBe(b.order.id);
    expect((await owner.get('/s/api/admin/orders?perPage=7')).statusCode).toBe(422);
    expect((await owner.get('/s/api/admin/orders?status=bogus')).statusCode).toBe(422);
    const byEmail = (await owner.get(`/s/api/admin/orders?q=${encodeURIComponent(a.user.email!)}`)).json();
    expect(byEmail.data.map((r: { id: string }) => r.id)).toEqual([a.order.id]);
    const byName = (await owner.get(`/s/api/admin/orders?q=${encodeURIComponent(a.user.name)}`)).json();
    expect(byName.data.map((r: { id: string }) => r.id)).toContain(a.order.id);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const placedToday = (
      await owner.get(`/s/api/admin/orders?from=${today}&to=${today}&pincode=560001&payment_method=cod&perPage=100`)
    ).json();
    expect(placedToday.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));
    const none = (await owner.get('/s/api/admin/orders?from=2000-01-01&to=2000-01-02')).json();
    expect(none.meta.total).toBe(0);
    const cod = (await owner.get('/s/api/admin/orders?payment_status=refunded&perPage=100')).json();
    expect(cod.data.every((r: { payment_status: string }) => r.payment_status === 'refunded')).toBe(true);
  });

  it('bulk confirms the ticked orders, skipping one that moved on, and ships a slot with one delivery note', async () => {
    const a = await codOrder();
    const b = await codOrder();
    await owner.post(`/s/api/admin/orders/${b.order.id}/cancel`, { reason: 'test' });
    const res = await owner.post('/s/api/admin/orders/bulk', { action: 'confirm', ids: [a.order.id, b.order.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      moved: [{ id: a.order.id, ordernumber: a.order.ordernumber }],
      skipped: [{ id: b.order.id, ordernumber: b.order.ordernumber, status: 'cancelled' }],
    });
    expect((await owner.post('/s/api/admin/orders/bulk', { action: 'ship', ids: [a.order.id] })).statusCode).toBe(422);
    expect((await owner.post('/s/api/admin/orders/bulk', { action: 'deliver', ids: [a.order.id] })).statusCode).toBe(422);
    await owner.post('/s/api/admin/orders/bulk', { action: 'pack', ids: [a.order.id] });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, a.order.id));
    const slot = { slot_id: row!.slotId!, date: row!.slotDate! };
    const shipped = (await owner.post('/s/api/admin/orders/bulk', { action: 'ship', slot, delivery })).json();
    expect(shipped.moved.map((m: { id: string }) => m.id)).toContain(a.order.id);
    expect(await statusOf(a.order.id)).toBe('shipped');
    expect(await mailsTo(a.user.email!)).toContain(`Order ${a.order.ordernumber}: Shipped`);
  });
});

describe('printables', () => {
  it('a packing slip per order and a pick list per date, slot and warehouse, summed per pack', async () => {
    const a = await codOrder(2);
    const b = await codOrder(3);
    const slip = await owner.get(`/s/api/admin/orders/${a.order.id}/packing-slip`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toContain('text/html');
    expect(slip.body).toContain(`Packing slip · ${a.order.ordernumber}`);
    expect(slip.body).toContain('Toor Dal');
    expect(slip.body).toContain('Cash on delivery: collect');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, a.order.id));
    const [other] = await t.db.select().from(orders).where(eq(orders.id, b.order.id));
    expect([other!.slotId, other!.slotDate]).toEqual([row!.slotId, row!.slotDate]);
    const url = `/s/api/admin/orders/pick-list?date=${row!.slotDate}&slot_id=${row!.slotId}&warehouse_id=${shop.warehouses.blr.id}`;
    const list = await owner.get(url);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(a.order.ordernumber);
    expect(list.body).toContain(b.order.ordernumber);
    // one row for the pack, the quantities of every order still to pick summed
    const dal = list.body.match(/<tr><td class="box">☐<\/td><td>[^<]*<\/td><td>Toor Dal<\/td><td>[^<]*<\/td><td class="n">(\d+)<\/td>/);
    expect(Number(dal![1])).toBeGreaterThanOrEqual(5);
    // a packed order is no longer to pick
    await owner.post(`/s/api/admin/orders/${a.order.id}/confirm`, {});
    await owner.post(`/s/api/admin/orders/${a.order.id}/pack`, {});
    expect((await owner.get(url)).body).not.toContain(a.order.ordernumber);
    expect((await owner.get('/s/api/admin/orders/pick-list?date=tomorrow')).statusCode).toBe(422);
    expect((await (await as({})).get(url)).statusCode).toBe(403);
  });
});

describe('who may call', () => {
  it('401 signed out, 403 shopper and agent, 200 admin and superadmin; a refused move changes nothing', async () => {
    const { order } = await codOrder();
    const who = {
      anonymous: await as(null),
      shopper: await as({}),
      agent: await as({ isSalesAgent: true }),
      admin: await as({ hasAdminAccess: true }),
      superadmin: await as({ superadmin: true }),
    };
    const expected = { anonymous: 401, shopper: 403, agent: 403, admin: 200, superadmin: 200 };
    for (const [name, c] of Object.entries(who) as Array<[keyof typeof who, TestClient]>) {
      for (const url of ['/s/api/admin/orders', `/s/api/admin/orders/${order.id}`])
        expect([url, name, (await c.get(url)).statusCode]).toEqual([url, name, expected[name]]);
      if (expected[name] !== 200) {
        expect([name, (await c.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode]).toEqual([name, expected[name]]);
        expect([name, (await c.post('/s/api/admin/orders/bulk', { action: 'confirm', ids: [order.id] })).statusCode]).toEqual([
          name,
          expected[name],
        ]);
      }
    }
    expect(await statusOf(order.id)).toBe('placed');
    expect((await who.superadmin.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode).toBe(200);
  });

  it("another website's order is 404 for every call, and bulk leaves it alone", async () => {
    const [site] = await t.db.insert(websites).values({ name: 'Other Orders Shop' }).returning();
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Elsewhere', email: `elsewhere-${Date.now()}@example.com` })
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
      itemsTotal: 100,
      total: 100,
    });
    expect((await owner.get(`/s/api/admin/orders/${id}`)).statusCode).toBe(404);
    expect((await owner.get(`/s/api/admin/orders/${id}/packing-slip`)).statusCode).toBe(404);
    for (const [action, body] of [
      ['confirm', {}],
      ['cancel', { reason: 'x' }],
      ['ship', { delivery }],
    ] as const)
      expect((await owner.post(`/s/api/admin/orders/${id}/${action}`, body)).statusCode).toBe(404);
    const bulk = (await owner.post('/s/api/admin/orders/bulk', { action: 'confirm', ids: [id] })).json();
    expect(bulk).toEqual({ moved: [], skipped: [] });
    expect(await statusOf(id)).toBe('placed');
    expect((await owner.get('/s/api/admin/orders?q=GR1&perPage=100')).json().data.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});
