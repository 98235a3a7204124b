import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orderIssues, outbox, users, websiteDomains, websiteMembers, websites } from '../../db/schema';
import { signInAs } from '../cart/test-fixture';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// "Report an issue" on a delivered order, and Administration → Issues.
const { t, shop, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());
const { as, everyone } = staffClients(t, shop.websiteId);

let owner: TestClient & { userId?: number };
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const delivery = { person: 'Ravi Kumar', phone: '9876543210', vehicle: 'KA01AB1234', tracking: '' };

/** A shopper's COD order of two kilos of dal, delivered (unless `deliver` is false). */
async function deliveredOrder(deliver = true) {
  const s = await shopper([[shop.packs.dal1.id, 2]]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().order as { id: string; ordernumber: string; total: number };
  if (deliver) {
    for (const [step, body] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { delivery }],
      ['deliver', { cash_collected: order.total }],
    ] as const)
      expect((await owner.post(`/s/api/admin/orders/${order.id}/${step}`, body)).statusCode).toBe(200);
  }
  return { ...s, order };
}

const missing = { kind: 'missing', lines: [{ pack_id: shop.packs.dal1.id, quantity: 1 }], note: 'One packet was not in the bag' };

describe('reporting an issue', () => {
  it('a delivered order takes one report; staff see it, resolve it once, and the shopper is told', async () => {
    const { c, user, order } = await deliveredOrder();
    const res = await c.post(`/s/api/orders/${order.id}/issues`, missing);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'missing', status: 'open', lines: [{ name: 'Toor Dal - 1 kg', quantity: 1 }] });
    const again = await c.post(`/s/api/orders/${order.id}/issues`, {
      kind: 'damaged',
      lines: [{ pack_id: shop.packs.dal1.id, quantity: 1 }],
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ISSUE_ALREADY_OPEN']);

    const list = (await owner.get('/s/api/admin/issues')).json();
    const mine = list.data.find((i: { order_id: string }) => i.order_id === order.id);
    expect(mine).toMatchObject({ ordernumber: order.ordernumber, status: 'open', note: 'One packet was not in the bag' });
    expect(mine.customer.phone).toMatch(/^\d{10}$/);
    expect(list.meta.open).toBeGreaterThanOrEqual(1);
    // searched by the order's number, the customer's mobile or words of the note (every word); the total is the search's
    for (const q of [order.ordernumber, mine.customer.phone.slice(-6), 'packet BAG']) {
      const found = (await owner.get(`/s/api/admin/issues?q=${encodeURIComponent(q)}`)).json();
      expect(
        found.data.map((i: { id: number }) => i.id),
        q,
      ).toContain(mine.id);
      expect(found.meta.total, q).toBe(found.data.length);
    }
    const none = (await owner.get('/s/api/admin/issues?q=packet%20nowhere')).json();
    expect([none.data, none.meta.total]).toEqual([[], 0]);
    expect(none.meta.open).toBe(list.meta.open);
    expect((await owner.get(`/s/api/admin/issues?q=${'x'.repeat(101)}`)).statusCode).toBe(422);

    expect((await owner.post(`/s/api/admin/issues/${mine.id}/resolve`, { resolution: ' ' })).statusCode).toBe(422);
    const done = await owner.post(`/s/api/admin/issues/${mine.id}/resolve`, { resolution: 'Refunded ₹180 for the missing packet.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'resolved', resolved_by: expect.stringMatching(/^Staff/) });
    expect((await owner.post(`/s/api/admin/issues/${mine.id}/resolve`, { resolution: 'again' })).json().code).toBe(
      'ISSUE_ALREADY_RESOLVED',
    );
    expect((await c.get(`/s/api/orders/${order.id}/issues`)).json().data[0]).toMatchObject({
      status: 'resolved',
      resolution: 'Refunded ₹180 for the missing packet.',
    });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, user.email!));
    expect(mails.map((m) => m.subject)).toContain(`Order ${order.ordernumber}: your report was resolved`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'order_issue'));
    expect(audit.map((a) => [a.entityId, a.action])).toContainEqual([String(mine.id), 'resolve']);
    // resolved, a new report can be made
    expect((await c.post(`/s/api/orders/${order.id}/issues`, { kind: 'other', note: 'The bill was missing' })).statusCode).toBe(201);
  });

  it('refuses before delivery, after the window, for another shopper, and bad lines; nothing is stored', async () => {
    const { c, order } = await deliveredOrder(false);
    const before = (await t.db.select().from(orderIssues)).length;
    const early = await c.post(`/s/api/orders/${order.id}/issues`, missing);
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'Issues can be reported on a delivered order, within 7 days of delivery',
    ]);

    const late = await deliveredOrder();
    await t.db
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(orderEvents.orderId, late.order.id));
    expect((await late.c.post(`/s/api/orders/${late.order.id}/issues`, missing)).json().code).toBe('ISSUE_NOT_REPORTABLE');

    const ok = await deliveredOrder();
    const other = await shopper([]);
    expect((await other.c.post(`/s/api/orders/${ok.order.id}/issues`, missing)).statusCode).toBe(404);
    expect((await other.c.get(`/s/api/orders/${ok.order.id}/issues`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).post(`/s/api/orders/${ok.order.id}/issues`, missing)).statusCode).toBe(401);
    const tooMany = await ok.c.post(`/s/api/orders/${ok.order.id}/issues`, {
      kind: 'damaged',
      lines: [{ pack_id: shop.packs.dal1.id, quantity: 3 }],
    });
    expect([tooMany.statusCode, tooMany.json().errors]).toEqual([422, { 'lines.0.quantity': ['At most 2, as ordered'] }]);
    const notInOrder = await ok.c.post(`/s/api/orders/${ok.order.id}/issues`, {
      kind: 'damaged',
      lines: [{ pack_id: shop.packs.ghee1.id, quantity: 1 }],
    });
    expect(notInOrder.json().errors).toEqual({ 'lines.0.pack_id': ['This item is not in the order'] });
    const noLines = await ok.c.post(`/s/api/orders/${ok.order.id}/issues`, { kind: 'damaged', lines: [] });
    expect([noLines.statusCode, noLines.json().errors?.lines]).toEqual([422, ['Choose the items this is about']]);
    expect((await t.db.select().from(orderIssues)).length).toBe(before);
  });

  it('two reports at once on one order: one is stored', async () => {
    const { c, order } = await deliveredOrder();
    const results = await Promise.all(Array.from({ length: 4 }, () => c.post(`/s/api/orders/${order.id}/issues`, missing)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await t.db.select().from(orderIssues).where(eq(orderIssues.orderId, order.id))).length).toBe(1);
  });
});

describe('Administration → Issues', () => {
  it("role matrix: 401 signed out, 403 shopper and agent; another website's admin neither sees nor resolves them", async () => {
    const { c, order } = await deliveredOrder();
    await c.post(`/s/api/orders/${order.id}/issues`, missing);
    const [issue] = await t.db.select().from(orderIssues).where(eq(orderIssues.orderId, order.id));
    for (const [name, client] of Object.entries(await everyone()) as Array<[RoleName, TestClient]>) {
      expect([name, (await client.get('/s/api/admin/issues')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200)
        expect([name, (await client.post(`/s/api/admin/issues/${issue!.id}/resolve`, { resolution: 'x' })).statusCode]).toEqual([
          name,
          ROLE_STATUS[name],
        ]);
    }
    const [still] = await t.db.select().from(orderIssues).where(eq(orderIssues.id, issue!.id));
    expect(still!.status).toBe('open');
    // an admin of another website of this installation neither sees nor resolves it
    const [site2] = await t.db.insert(websites).values({ name: 'Issues Elsewhere' }).returning();
    await t.db.insert(websiteDomains).values({ websiteId: site2!.id, host: 'issues-elsewhere.example' });
    const [u] = await t.db.insert(users).values({ name: 'Other Owner', email: 'other-owner@example.com', phone: '9555500001' }).returning();
    await t.db.insert(websiteMembers).values({ websiteId: site2!.id, userId: u!.id, hasAdminAccess: true });
    const elsewhere = new TestClient(t.app, { host: 'issues-elsewhere.example' });
    await signInAs(t.db, elsewhere, u!.id);
    const seen = await elsewhere.get('/s/api/admin/issues?status=all');
    expect([seen.statusCode, seen.json().data]).toEqual([200, []]);
    expect((await elsewhere.post(`/s/api/admin/issues/${issue!.id}/resolve`, { resolution: 'x' })).statusCode).toBe(404);
  });
});
