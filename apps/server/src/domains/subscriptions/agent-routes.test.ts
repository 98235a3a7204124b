import { addShopDays } from '@grocer/shared/shop-time';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packs, stock, users, websiteMembers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { addBengaluruAddress, morningSlotId } from './test-fixture';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { firstChangeableDay } from './rules';
import { subscriptionDays, subscriptionExtras, subscriptionPauses, subscriptions } from './tables';

// A sales agent manages their customers' subscriptions (issue 44) at /agent/customers/{id}/subscriptions*,
// over app.inject on a real migrated database: the customer sees the same, another agent and
// another customer's subscription are 404 with nothing changed, other staff are refused, every change audited.
let shop!: CartShop;
const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

type Staff = TestClient & { userId?: number };
let admin: Staff;
let agent: Staff;
let otherAgent: Staff;
let slotId: number;
let milk: number;
let n = 0;

/** A new signed-in customer of the shop with a Bengaluru address. */
async function customer() {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Dairy Customer ${++n}`, email: `dairy${n}-${Date.now()}@example.com` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const addressId = await addBengaluruAddress(t.db, shop.websiteId, u!.id);
  const c = new TestClient(t.app);
  await signInAs(t.db, c, u!.id);
  return { c, id: u!.id, name: u!.name, email: u!.email!, addressId };
}
const assign = async (to: Staff, email: string) => {
  const res = await admin.post(`/s/api/admin/agents/${to.userId}/customers`, { identifier: email });
  expect(res.statusCode, res.body).toBe(200);
};
const start = () => firstChangeableDay(new Date(), '22:00');
const base = (customerId: number) => `/s/api/agent/customers/${customerId}/subscriptions`;
const body = (addressId: number, more: Record<string, unknown> = {}) => ({
  pack_id: milk,
  quantity: 1,
  schedule: { kind: 'daily' },
  start_date: start(),
  address_id: addressId,
  slot_id: slotId,
  ...more,
});
/** Everything of one customer's subscriptions, to compare before and after a refused call. */
async function stateOf(userId: number) {
  const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.id));
  const ids = subs.map((s) => s.id);
  const of = async <T>(rows: Promise<T[]>) => (ids.length ? JSON.stringify(await rows) : '[]');
  return JSON.stringify({
    subs,
    days: await of(t.db.select().from(subscriptionDays).where(eq(subscriptionDays.websiteId, shop.websiteId))),
    pauses: await of(t.db.select().from(subscriptionPauses).where(eq(subscriptionPauses.websiteId, shop.websiteId))),
    extras: await of(t.db.select().from(subscriptionExtras).where(eq(subscriptionExtras.websiteId, shop.websiteId))),
  });
}
const auditOf = (subscriptionId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'subscription'), eq(auditLog.entityId, String(subscriptionId))))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  const staff = staffClients(t, shop.websiteId);
  admin = await staff.as({ hasAdminAccess: true });
  agent = await staff.as({ isSalesAgent: true });
  otherAgent = await staff.as({ isSalesAgent: true });
  slotId = await morningSlotId(t.db, shop.websiteId);
  const [pack] = await t.db
    .insert(packs)
    .values({ websiteId: shop.websiteId, productId: shop.products.dal.id, name: '500 ml milk', price: 3_000, actPrice: 3_000 })
    .returning();
  milk = pack!.id;
  await t.db.insert(stock).values({ websiteId: shop.websiteId, packId: milk, warehouseId: shop.warehouses.blr.id, available: 100 });
  const put = await admin.put('/s/api/admin/subscriptions/settings', {
    cutoff_time: '22:00',
    subscribable_pack_ids: [milk],
    min_topup_paise: 0,
    cashback_percent: 0,
    cashback_cap_paise: 0,
  });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);

describe("a sales agent manages their customer's subscriptions", () => {
  it('subscribes, skips a day, adds an extra, pauses, resumes, cancels; the customer sees the same; every change audited', async () => {
    const cu = await customer();
    await assign(agent, cu.email);
    expect((await agent.get(base(cu.id))).json()).toEqual({ subscriptions: [], cutoff_time: '22:00' });

    let res = await agent.post(base(cu.id), body(cu.addressId, { quantity: 2 }));
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json();
    expect(sub).toMatchObject({ pack_id: milk, quantity: 2, status: 'active', address_id: cu.addressId });
    // the customer's own account shows it
    const mine = (await cu.c.get('/s/api/account/subscriptions')).json();
    expect(mine.subscriptions.map((s: { id: number }) => s.id)).toEqual([sub.id]);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row!.userId).toBe(cu.id);

    const at = `${base(cu.id)}/${sub.id}`;
    expect((await agent.get(at)).json()).toEqual((await cu.c.get(`/s/api/account/subscriptions/${sub.id}`)).json());
    const skip = addShopDays(start(), 1);
    res = await agent.put(`${at}/days`, { date: skip, quantity: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days.find((d: { date: string }) => d.date === skip)).toMatchObject({ quantity: 0, note: 'skipped' });
    const calendar = (await cu.c.get(`/s/api/account/subscriptions/${sub.id}/calendar`)).json();
    expect(calendar.days.find((d: { date: string }) => d.date === skip)).toMatchObject({ quantity: 0, note: 'skipped' });
    expect((await agent.get(`${at}/calendar`)).json()).toEqual(calendar);

    res = await agent.put(`${at}/extras`, { date: start(), pack_id: milk, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days[0].extras).toEqual([expect.objectContaining({ pack_id: milk, quantity: 1 })]);

    const from = addShopDays(start(), 4);
    const to = addShopDays(start(), 6);
    res = await agent.post(`${at}/pause`, { from, to });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cu.c.get(`/s/api/account/subscriptions/${sub.id}`)).json().pauses).toEqual([{ from, to }]);
    res = await agent.post(`${at}/resume`);
    expect(res.json()).toMatchObject({ status: 'active', pauses: [] });
    res = await agent.post(`${at}/cancel`);
    expect(res.json().status).toBe('cancelled');
    expect((await cu.c.get(`/s/api/account/subscriptions/${sub.id}`)).json().status).toBe('cancelled');
    // the service's rules hold for the agent too: a cancelled subscription's days do not change
    res = await agent.put(`${at}/days`, { date: skip, quantity: 1 });
    expect(res.json().code).toBe('SUBSCRIPTION_CANCELLED');

    const audit = await auditOf(sub.id);
    expect(audit.map((r) => r.action)).toEqual(['create', 'skip_day', 'set_extra', 'pause', 'resume', 'cancel']);
    for (const r of audit) {
      expect(r.actorId).toBe(agent.userId);
      expect(r.websiteId).toBe(shop.websiteId);
      expect(r.label).toBe(`#${sub.id} for ${cu.name}`);
      expect(r.after).toMatchObject({ customer_id: cu.id, customer: cu.name });
    }
    expect(audit[1]!.after).toMatchObject({ date: skip, quantity: 0 });
    expect(audit.at(-1)).toMatchObject({ before: { status: 'active' }, after: { status: 'cancelled' } });
  });

  it("the customer's own changes are not staff writes (no audit row)", async () => {
    const cu = await customer();
    const sub = (await cu.c.post('/s/api/account/subscriptions', body(cu.addressId))).json();
    expect((await cu.c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: start(), quantity: 0 })).statusCode).toBe(200);
    expect(await auditOf(sub.id)).toEqual([]);
  });

  it("the service's cut-off holds: a day already closed is refused", async () => {
    const cu = await customer();
    await assign(agent, cu.email);
    const early = await agent.post(base(cu.id), body(cu.addressId, { start_date: addShopDays(start(), -1) }));
    expect(early.json().code).toBe('SUBSCRIPTION_CUTOFF_PASSED');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, cu.id))).toEqual([]);
  });

  it("another agent's customer, a customer of nobody, another customer's subscription: 404 and nothing changes", async () => {
    const mineCu = await customer();
    const theirs = await customer();
    const nobodys = await customer();
    await assign(agent, mineCu.email);
    await assign(otherAgent, theirs.email);
    const theirSub = (await otherAgent.post(base(theirs.id), body(theirs.addressId))).json();
    const nobodysSub = (await nobodys.c.post('/s/api/account/subscriptions', body(nobodys.addressId))).json();
    const before = { theirs: await stateOf(theirs.id), nobodys: await stateOf(nobodys.id), mine: await stateOf(mineCu.id) };
    const auditBefore = await t.db.select().from(auditLog);

    const calls = (customerId: number, sid: number, addressId: number) => {
      const at = `${base(customerId)}/${sid}`;
      return [
        () => agent.get(base(customerId)),
        () => agent.post(base(customerId), body(addressId)),
        () => agent.get(at),
        () => agent.get(`${at}/calendar`),
        () => agent.put(`${at}/days`, { date: start(), quantity: 0 }),
        () => agent.put(`${at}/extras`, { date: start(), pack_id: milk, quantity: 1 }),
        () => agent.post(`${at}/pause`, { from: start(), to: addShopDays(start(), 1) }),
        () => agent.post(`${at}/resume`),
        () => agent.post(`${at}/cancel`),
      ];
    };
    // another agent's customer, and a customer nobody is assigned to
    for (const [cu, sid] of [
      [theirs, theirSub.id],
      [nobodys, nobodysSub.id],
    ] as const)
      for (const call of calls(cu.id, sid, cu.addressId)) {
        const res = await call();
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe('CUSTOMER_NOT_ASSIGNED');
      }
    // the agent's own customer, with another customer's subscription id: the subscription is not theirs
    for (const call of calls(mineCu.id, theirSub.id, mineCu.addressId).slice(2)) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('SUBSCRIPTION_NOT_FOUND');
    }
    // …nor another customer's address to subscribe them at
    expect((await agent.post(base(mineCu.id), body(theirs.addressId))).statusCode).toBe(404);
    expect({ theirs: await stateOf(theirs.id), nobodys: await stateOf(nobodys.id), mine: await stateOf(mineCu.id) }).toEqual(before);
    expect(await t.db.select().from(auditLog)).toEqual(auditBefore);
    // the other agent still reaches their own customer's
    expect((await otherAgent.get(`${base(theirs.id)}/${theirSub.id}`)).json().status).toBe('active');
  });

  it('staff who are not sales agents get 403, a shopper 403, signed out 401: nothing changes', async () => {
    const cu = await customer();
    await assign(agent, cu.email);
    const sub = (await agent.post(base(cu.id), body(cu.addressId))).json();
    const before = await stateOf(cu.id);
    const staff = staffClients(t, shop.websiteId);
    const who: Array<[string, TestClient, number]> = [
      ['admin', admin, 403],
      ['cashier', await staff.as({ isCashier: true }), 403],
      ['shopper', cu.c, 403],
      ['signed out', new TestClient(t.app), 401],
    ];
    const at = `${base(cu.id)}/${sub.id}`;
    for (const [name, c, status] of who)
      for (const res of [
        await c.get(base(cu.id)),
        await c.post(base(cu.id), body(cu.addressId)),
        await c.get(at),
        await c.put(`${at}/days`, { date: start(), quantity: 0 }),
        await c.post(`${at}/cancel`),
      ])
        expect(res.statusCode, `${name} ${res.body}`).toBe(status);
    expect(await stateOf(cu.id)).toBe(before);
  });
});
