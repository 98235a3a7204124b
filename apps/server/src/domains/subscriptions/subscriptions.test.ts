import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEntries,
  auditLog,
  orderLines,
  orders,
  outbox,
  packs,
  payments,
  slotBookings,
  stock,
  users,
  websiteMembers,
  websites,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { addBengaluruAddress, morningSlotId } from './test-fixture';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { firstChangeableDay } from './rules';
import { subscriptionGenerations, subscriptions } from './tables';

// Subscriptions over app.inject on a real migrated database: the shopper's calls, the owner's,
// and the nightly generation (orders paid from the wallet, once per subscription and date).
let shop!: CartShop;
const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

let owner: TestClient;
let otherSite: number;
let slotId: number;
let milk: number;
let curd: number;
let notSubscribable: number;
let n = 0;

/** A new signed-in customer of the shop with a Bengaluru address; `walletPaise` credited to their wallet. */
async function customer(walletPaise = 0) {
  const [u] = await t.db
    .insert(users)
    .values({
      name: `Milk ${++n}`,
      email: `milk${n}-${Date.now()}@example.com`,
      phone: `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const addressId = await addBengaluruAddress(t.db, shop.websiteId, u!.id);
  if (walletPaise) await credit(u!.id, walletPaise);
  const c = new TestClient(t.app);
  await signInAs(t.db, c, u!.id);
  return { c, id: u!.id, addressId };
}

async function credit(userId: number, paise: number) {
  await t.db.transaction(async (tx) => {
    const { account } = await t.app.wallet.openAccount(tx, { websiteId: shop.websiteId, userId, kind: 'wallet', openedBy: 'test' });
    await t.app.wallet.postOrFail(tx, {
      websiteId: shop.websiteId,
      accountId: account.id,
      amountPaise: paise,
      reason: 'goodwill',
      key: `test-${userId}-${++n}`,
      createdBy: 'test',
    });
  });
}
const balanceOf = async (userId: number) => (await t.app.wallet.accountOf(t.db, shop.websiteId, userId, 'wallet'))?.balancePaise ?? 0;

const start = () => firstChangeableDay(new Date(), '22:00');
const subscribe = (c: TestClient, addressId: number, body: Record<string, unknown> = {}) =>
  c.post('/s/api/account/subscriptions', {
    pack_id: milk,
    quantity: 1,
    schedule: { kind: 'daily' },
    start_date: start(),
    address_id: addressId,
    slot_id: slotId,
    ...body,
  });

beforeAll(async () => {
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
  const [site] = await t.db.insert(websites).values({ name: 'Other Dairy' }).returning();
  otherSite = site!.id;
  slotId = await morningSlotId(t.db, shop.websiteId);
  // milk ₹30 and curd ₹32 (dal's product, new packs), 100 of each in Bengaluru
  const made = await t.db
    .insert(packs)
    .values([
      { websiteId: shop.websiteId, productId: shop.products.dal.id, name: '500 ml milk', price: 3_000, actPrice: 3_000 },
      { websiteId: shop.websiteId, productId: shop.products.dal.id, name: '400 g curd', price: 3_200, actPrice: 3_200 },
    ])
    .returning();
  [milk, curd] = made.map((p) => p.id) as [number, number];
  notSubscribable = shop.packs.rice5.id;
  await t.db
    .insert(stock)
    .values([milk, curd].map((packId) => ({ websiteId: shop.websiteId, packId, warehouseId: shop.warehouses.blr.id, available: 100 })));
  const put = await owner.put('/s/api/admin/subscriptions/settings', {
    cutoff_time: '22:00',
    subscribable_pack_ids: [milk, curd],
    min_topup_paise: 10_000,
    cashback_percent: 0,
    cashback_cap_paise: 0,
  });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);

describe('the shopper: /s/api/account/subscriptions', () => {
  it('401 signed out', async () => {
    expect((await new TestClient(t.app).get('/s/api/account/subscriptions')).statusCode).toBe(401);
  });

  it('subscribes to a subscribable pack, lists it and shows a 30-day calendar with prices', async () => {
    const { c, addressId } = await customer();
    const res = await subscribe(c, addressId, { quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json();
    expect(sub).toMatchObject({ pack_id: milk, quantity: 2, schedule: { kind: 'daily' }, status: 'active', price_paise: 3_000 });
    const list = (await c.get('/s/api/account/subscriptions')).json();
    expect(list.subscriptions.map((s: { id: number }) => s.id)).toEqual([sub.id]);
    expect(list.cutoff_time).toBe('22:00');
    const cal = await c.get(`/s/api/account/subscriptions/${sub.id}/calendar`);
    expect(cal.statusCode).toBe(200);
    const days = cal.json().days as Array<{ date: string; quantity: number; price_paise: number; changeable: boolean }>;
    const tomorrow = addShopDays(shopDayOf(), 1);
    expect(days[days.length - 1]!.date).toBe(addShopDays(tomorrow, 29));
    expect(days.every((d) => d.date >= start() && d.quantity === 2 && d.price_paise === 6_000)).toBe(true);
    expect(days[0]!.changeable).toBe(days[0]!.date === start());
  });

  it('weekday schedules, skip a day, change a day, pause a range, resume and cancel', async () => {
    const { c, addressId } = await customer();
    const sub = (await subscribe(c, addressId)).json();
    const first = start();
    const skip = addShopDays(first, 2);
    const two = addShopDays(first, 3);
    let res = await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: skip, quantity: 0 });
    expect(res.statusCode, res.body).toBe(200);
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: two, quantity: 3 });
    const days = res.json().days as Array<{ date: string; quantity: number; note: string; price_paise: number }>;
    expect(days.find((d) => d.date === skip)).toMatchObject({ quantity: 0, note: 'skipped', price_paise: 0 });
    expect(days.find((d) => d.date === two)).toMatchObject({ quantity: 3, note: 'changed', price_paise: 9_000 });
    const from = addShopDays(first, 5);
    const to = addShopDays(first, 7);
    res = await c.post(`/s/api/account/subscriptions/${sub.id}/pause`, { from, to });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pauses).toEqual([{ from, to }]);
    const cal = (await c.get(`/s/api/account/subscriptions/${sub.id}/calendar`)).json().days as Array<{ date: string; note: string }>;
    expect(cal.filter((d) => d.note === 'paused').map((d) => d.date)).toEqual([from, addShopDays(from, 1), to]);
    res = await c.post(`/s/api/account/subscriptions/${sub.id}/resume`);
    expect(res.json()).toMatchObject({ status: 'active', pauses: [] });
    res = await c.post(`/s/api/account/subscriptions/${sub.id}/cancel`);
    expect(res.json().status).toBe('cancelled');
    expect((await c.get(`/s/api/account/subscriptions/${sub.id}/calendar`)).json().days).toEqual([]);
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: two, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUBSCRIPTION_CANCELLED');
    // chosen weekdays: Monday and Thursday only
    const weekly = (await subscribe(c, addressId, { schedule: { kind: 'weekdays', weekdays: [1, 4] } })).json();
    const wdays = (await c.get(`/s/api/account/subscriptions/${weekly.id}/calendar`)).json().days as Array<{ date: string }>;
    expect(wdays.length).toBeGreaterThan(6);
    expect(wdays.every((d) => [1, 4].includes(new Date(`${d.date}T00:00:00Z`).getUTCDay()))).toBe(true);
  });

  it('refuses changes past the cut-off: today, and a start before the first open day', async () => {
    const { c, addressId } = await customer();
    const sub = (await subscribe(c, addressId)).json();
    const today = shopDayOf();
    const res = await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: today, quantity: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_CUTOFF_PASSED' });
    expect(res.json().message).toContain('22:00');
    const early = await subscribe(c, addressId, { start_date: today });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('SUBSCRIPTION_CUTOFF_PASSED');
    const pause = await c.post(`/s/api/account/subscriptions/${sub.id}/pause`, { from: today, to: addShopDays(today, 2) });
    expect(pause.json().code).toBe('SUBSCRIPTION_CUTOFF_PASSED');
  });

  it('bad input changes nothing: a pack not subscribable, bad schedule, quantity, dates, another’s address', async () => {
    const { c, id, addressId } = await customer();
    const other = await customer();
    const bad: Array<[Record<string, unknown>, number]> = [
      [{ pack_id: notSubscribable }, 409],
      [{ quantity: 0 }, 422],
      [{ quantity: 100 }, 422],
      [{ schedule: { kind: 'weekdays', weekdays: [] } }, 422],
      [{ schedule: { kind: 'every_n', every_days: 1 } }, 422],
      [{ schedule: { kind: 'hourly' } }, 422],
      [{ start_date: '2026-02-30' }, 422],
      [{ address_id: other.addressId }, 404],
    ];
    for (const [body, status] of bad) {
      const res = await subscribe(c, addressId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    const sub = (await subscribe(c, addressId)).json();
    const res = await c.post(`/s/api/account/subscriptions/${sub.id}/pause`, { from: addShopDays(start(), 3), to: start() });
    expect(res.statusCode).toBe(422);
    expect((await c.get(`/s/api/account/subscriptions/${sub.id}`)).json().pauses).toEqual([]);
  });

  it('another shopper’s or another website’s subscription is 404', async () => {
    const a = await customer();
    const b = await customer();
    const sub = (await subscribe(a.c, a.addressId)).json();
    for (const call of [
      () => b.c.get(`/s/api/account/subscriptions/${sub.id}`),
      () => b.c.get(`/s/api/account/subscriptions/${sub.id}/calendar`),
      () => b.c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: addShopDays(start(), 1), quantity: 0 }),
      () => b.c.post(`/s/api/account/subscriptions/${sub.id}/cancel`),
    ])
      expect((await call()).statusCode).toBe(404);
    // the same shopper's subscription asked for on another website
    await t.db.update(subscriptions).set({ websiteId: otherSite }).where(eq(subscriptions.id, sub.id));
    expect((await a.c.get(`/s/api/account/subscriptions/${sub.id}`)).statusCode).toBe(404);
    expect((await a.c.post(`/s/api/account/subscriptions/${sub.id}/cancel`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row!.status).toBe('active');
  });
});

describe('the owner: /s/api/admin/subscriptions', () => {
  it('a shopper gets 403; settings are audited; bad settings change nothing', async () => {
    const { c } = await customer();
    expect((await c.get('/s/api/admin/subscriptions/settings')).statusCode).toBe(403);
    const got = (await owner.get('/s/api/admin/subscriptions/settings')).json();
    expect(got).toMatchObject({ cutoff_time: '22:00', subscribable_pack_ids: [milk, curd].sort((a, b) => a - b), min_topup_paise: 10_000 });
    for (const bad of [
      { cutoff_time: '24:00' },
      { cashback_percent: 101 },
      { min_topup_paise: -1 },
      { subscribable_pack_ids: [999_999] },
    ]) {
      const res = await owner.put('/s/api/admin/subscriptions/settings', { ...got, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(404);
    }
    expect((await owner.get('/s/api/admin/subscriptions/settings')).json()).toEqual(got);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'subscription_settings'));
    expect(audits.length).toBe(1);
  });

  it('demand by pack for a date, the list with status, and who is low on balance', async () => {
    const rich = await customer(100_000);
    const poor = await customer(1_000);
    await subscribe(rich.c, rich.addressId, { quantity: 2 });
    await subscribe(rich.c, rich.addressId, { pack_id: curd });
    await subscribe(poor.c, poor.addressId);
    const date = start();
    const demand = (await owner.get(`/s/api/admin/subscriptions/demand?date=${date}`)).json();
    const milkRow = demand.packs.find((p: { pack_id: number }) => p.pack_id === milk);
    expect(milkRow.units).toBeGreaterThanOrEqual(3);
    expect(demand.packs.find((p: { pack_id: number }) => p.pack_id === curd).units).toBeGreaterThanOrEqual(1);
    const list = (await owner.get('/s/api/admin/subscriptions?status=active')).json().subscriptions;
    expect(list.some((s: { user_id: number; customer_name: string }) => s.user_id === poor.id && s.customer_name.startsWith('Milk'))).toBe(
      true,
    );
    const low = (await owner.get(`/s/api/admin/subscriptions/low-balance?date=${date}`)).json().customers as Array<{ user_id: number }>;
    expect(low.map((x) => x.user_id)).toContain(poor.id);
    expect(low.map((x) => x.user_id)).not.toContain(rich.id);
  });
});

describe('generation', () => {
  const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));

  it('one order per customer and slot with all their subscriptions, paid from the wallet; a second run creates none', async () => {
    const { c, id, addressId } = await customer(50_000);
    await subscribe(c, addressId, { quantity: 2 });
    await subscribe(c, addressId, { pack_id: curd });
    const date = start();
    const first = await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(first.orders).toBeGreaterThanOrEqual(1);
    const mine = await ordersOf(id);
    expect(mine).toHaveLength(1);
    const order = mine[0]!;
    expect(order).toMatchObject({ status: 'placed', paymentMethod: 'wallet', total: 9_200, slotId, slotDate: date });
    expect(order.ordernumber).toMatch(/^GR\d+$/);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.packId, l.quantity, l.amount]).sort()).toEqual(
      [
        [milk, 2, 6_000],
        [curd, 1, 3_200],
      ].sort(),
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'wallet', status: 'paid', amount: 9_200 });
    expect(await balanceOf(id)).toBe(50_000 - 9_200);
    const debits = await t.db.select().from(accountEntries).where(eq(accountEntries.referenceId, order.id));
    expect(debits.map((e) => [e.reason, e.amountPaise])).toEqual([['order_payment', -9_200]]);
    const again = await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(again.orders).toBe(0);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await balanceOf(id)).toBe(50_000 - 9_200);
  });

  it('a ₹10 wallet: no order, the delivery held and one low-balance message (not repeated)', async () => {
    const { c, id, addressId } = await customer(1_000);
    const sub = (await subscribe(c, addressId)).json();
    const date = start();
    const stockBefore = await t.db
      .select()
      .from(stock)
      .where(and(eq(stock.packId, milk), eq(stock.warehouseId, shop.warehouses.blr.id)));
    const bookings = async () =>
      (
        await t.db
          .select()
          .from(slotBookings)
          .where(and(eq(slotBookings.slotId, slotId), eq(slotBookings.date, date)))
      )[0]?.used ?? 0;
    const usedBefore = await bookings();
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    const usedAfterFirst = await bookings();
    expect(await ordersOf(id)).toEqual([]);
    const [gen] = await t.db.select().from(subscriptionGenerations).where(eq(subscriptionGenerations.subscriptionId, sub.id));
    expect(gen).toMatchObject({ status: 'held', orderId: null, deliveryDate: date });
    const phone = (await t.db.select().from(users).where(eq(users.id, id)))[0]!.phone!;
    const mineMsgs = await t.db.select().from(outbox).where(eq(outbox.to, phone));
    expect(mineMsgs).toHaveLength(1);
    expect(mineMsgs[0]!.body).toContain('Low wallet balance');
    expect(mineMsgs[0]!.body).toContain('₹10');
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, phone))).toHaveLength(1);
    expect(await balanceOf(id)).toBe(1_000);
    // the stock and the slot's places were given back with the rolled-back order
    const stockAfter = await t.db
      .select()
      .from(stock)
      .where(and(eq(stock.packId, milk), eq(stock.warehouseId, shop.warehouses.blr.id)));
    expect(stockAfter[0]!.available).toBe(stockBefore[0]!.available);
    expect(usedAfterFirst).toBe(usedBefore);
    expect(await bookings()).toBe(usedBefore);
    // a top-up before the next run: the held delivery is ordered
    await credit(id, 5_000);
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await balanceOf(id)).toBe(6_000 - 3_000);
  });

  it('a skipped day makes nothing; an out-of-stock line is left out and the customer told', async () => {
    const { c, id, addressId } = await customer(50_000);
    const sub = (await subscribe(c, addressId)).json();
    const date = start();
    await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date, quantity: 0 });
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(await ordersOf(id)).toEqual([]);
    expect(await t.db.select().from(subscriptionGenerations).where(eq(subscriptionGenerations.subscriptionId, sub.id))).toEqual([]);
    // a pack with no stock beside milk
    const [empty] = await t.db
      .insert(packs)
      .values({ websiteId: shop.websiteId, productId: shop.products.dal.id, name: '1 l buttermilk', price: 2_000, actPrice: 2_000 })
      .returning();
    await owner.put('/s/api/admin/subscriptions/settings', {
      cutoff_time: '22:00',
      subscribable_pack_ids: [milk, curd, empty!.id],
      min_topup_paise: 10_000,
      cashback_percent: 0,
      cashback_cap_paise: 0,
    });
    const day2 = addShopDays(date, 1);
    const bm = (await subscribe(c, addressId, { pack_id: empty!.id, start_date: date })).json();
    await t.app.subscriptions.generateFor(day2, shop.websiteId);
    const made = await ordersOf(id);
    expect(made).toHaveLength(1);
    expect(made[0]!.total).toBe(3_000);
    const gens = await t.db
      .select()
      .from(subscriptionGenerations)
      .where(and(inArray(subscriptionGenerations.subscriptionId, [sub.id, bm.id]), eq(subscriptionGenerations.deliveryDate, day2)));
    expect(Object.fromEntries(gens.map((g) => [g.subscriptionId, g.status]))).toEqual({ [sub.id]: 'ordered', [bm.id]: 'out_of_stock' });
    const phone = (await t.db.select().from(users).where(eq(users.id, id)))[0]!.phone!;
    const told = await t.db.select().from(outbox).where(eq(outbox.to, phone));
    expect(told.some((m) => m.body.includes('out of stock'))).toBe(true);
  });

  itOnPostgres('two generations at once (PostgreSQL) create each order once and debit once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => customer(50_000)));
    for (const p of people) {
      await subscribe(p.c, p.addressId);
      await subscribe(p.c, p.addressId, { pack_id: curd, quantity: 2 });
    }
    const date = addShopDays(start(), 2);
    const runs = await Promise.all([
      t.app.subscriptions.generateFor(date, shop.websiteId),
      t.app.subscriptions.generateFor(date, shop.websiteId),
      t.app.subscriptions.generateFor(date, shop.websiteId),
    ]);
    const ids = people.map((p) => p.id);
    const made = await t.db
      .select()
      .from(orders)
      .where(and(inArray(orders.userId, ids), eq(orders.slotDate, date)));
    expect(made).toHaveLength(6);
    // every order the three runs reported is one order in the database (other tests' customers are due that day too)
    const all = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, shop.websiteId), eq(orders.slotDate, date)));
    expect(runs.reduce((s, r) => s + r.orders, 0)).toBe(all.length);
    const gens = await t.db.select().from(subscriptionGenerations).where(eq(subscriptionGenerations.deliveryDate, date));
    expect(new Set(gens.filter((g) => g.status === 'ordered').map((g) => g.orderId)).size).toBe(all.length);
    for (const p of people) expect(await balanceOf(p.id)).toBe(50_000 - 3_000 - 6_400);
  });
});
