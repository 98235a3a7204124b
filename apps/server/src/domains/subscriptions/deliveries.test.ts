import { addShopDays } from '@grocer/shared/shop-time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEntries,
  addresses,
  auditLog,
  orderLines,
  orders,
  outbox,
  packs,
  payments,
  stock,
  users,
  websiteMembers,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { morningSlotId } from './test-fixture';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { changesCloseAt, firstChangeableDay } from './rules';
import { subscriptionExtras, subscriptionGenerations } from './tables';

// Issue 44 §4-6, what was left: one-off items in a delivery, a delivery on khata when the wallet is
// short, price changes told before they apply, the owner's morning delivery list and the owner
// preparing a date's orders. Over app.inject on a real migrated database (PGlite and PostgreSQL).
let shop!: CartShop;
const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

let owner: TestClient;
let slotId: number;
let milk: number;
let bread: number;
let n = 0;

async function customer(walletPaise = 0, line2 = 'MG Road', pincode = '560001') {
  const [u] = await t.db
    .insert(users)
    .values({
      name: `Daily ${++n}`,
      email: `daily${n}-${Date.now()}@example.com`,
      phone: `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const [a] = await t.db
    .insert(addresses)
    .values({
      websiteId: shop.websiteId,
      userId: u!.id,
      name: `Daily ${n}`,
      phone: '9000000011',
      pincode,
      line1: `House ${n}`,
      line2,
      city: 'Bengaluru',
      state: 'Karnataka',
    })
    .returning();
  if (walletPaise) await credit(u!.id, walletPaise);
  const c = new TestClient(t.app);
  await signInAs(t.db, c, u!.id);
  return { c, id: u!.id, addressId: a!.id, phone: u!.phone! };
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
const openKhata = (userId: number, limitPaise: number) =>
  t.app.wallet.openAccount(t.db, { websiteId: shop.websiteId, userId, kind: 'khata', creditLimitPaise: limitPaise, openedBy: 'test' });
const balanceOf = async (userId: number, kind: 'wallet' | 'khata' = 'wallet') =>
  (await t.app.wallet.accountOf(t.db, shop.websiteId, userId, kind))?.balancePaise ?? 0;
const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));
const messagesTo = (phone: string) => t.db.select().from(outbox).where(eq(outbox.to, phone));

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
  slotId = await morningSlotId(t.db, shop.websiteId);
  // milk ₹30 (subscribable) and bread ₹40 (not subscribable: a one-off item), 200 of each in Bengaluru
  const made = await t.db
    .insert(packs)
    .values([
      { websiteId: shop.websiteId, productId: shop.products.dal.id, name: '500 ml milk', price: 3_000, actPrice: 3_000 },
      { websiteId: shop.websiteId, productId: shop.products.dal.id, name: '400 g bread', price: 4_000, actPrice: 4_000 },
    ])
    .returning();
  [milk, bread] = made.map((p) => p.id) as [number, number];
  await t.db
    .insert(stock)
    .values([milk, bread].map((packId) => ({ websiteId: shop.websiteId, packId, warehouseId: shop.warehouses.blr.id, available: 200 })));
  const put = await owner.put('/s/api/admin/subscriptions/settings', {
    cutoff_time: '22:00',
    subscribable_pack_ids: [milk],
    min_topup_paise: 0,
    cashback_percent: 0,
    cashback_cap_paise: 0,
  });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);

describe('one-off items in a delivery: PUT /s/api/account/subscriptions/{id}/extras', () => {
  it('adds bread to a delivery (twice is once), removes it, refuses a day without delivery, a closed day, bad input and another’s', async () => {
    const { c, addressId } = await customer(50_000);
    const sub = (await subscribe(c, addressId)).json();
    const day = addShopDays(start(), 1);
    let res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: day, pack_id: bread, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json().days.find((d: { date: string }) => d.date === day);
    expect(shown.extras).toEqual([{ pack_id: bread, product_name: 'Toor Dal', pack_name: '400 g bread', quantity: 2, price_paise: 8_000 }]);
    // the same call again: still one row of 2
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: day, pack_id: bread, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const rows = () => t.db.select().from(subscriptionExtras).where(eq(subscriptionExtras.subscriptionId, sub.id));
    expect((await rows()).map((r) => [r.deliveryDate, r.packId, r.quantity])).toEqual([[day, bread, 2]]);
    // removed with quantity 0
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: day, pack_id: bread, quantity: 0 });
    expect(res.json().days.find((d: { date: string }) => d.date === day).extras).toEqual([]);
    expect(await rows()).toEqual([]);

    // a skipped day has no delivery to add to; skipping a day drops its items
    const skipped = addShopDays(start(), 2);
    await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: skipped, pack_id: bread, quantity: 1 });
    await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date: skipped, quantity: 0 });
    expect(await rows()).toEqual([]);
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: skipped, pack_id: bread, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_NO_DELIVERY' });
    expect(res.json().message).toContain(skipped);
    // today is closed
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: addShopDays(start(), -1), pack_id: bread, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUBSCRIPTION_CUTOFF_PASSED');
    // bad input: too many, no such pack; another shopper's subscription
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: day, pack_id: bread, quantity: 21 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('at most 20');
    res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: day, pack_id: 999_999, quantity: 1 });
    expect(res.statusCode).toBe(404);
    const other = await customer();
    res = await other.c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date: day, pack_id: bread, quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('the generation puts them in the same order, paid from the wallet, once; the ordered day is closed to changes', async () => {
    const { c, id, addressId } = await customer(50_000);
    const sub = (await subscribe(c, addressId)).json();
    const date = start();
    expect((await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date, pack_id: bread, quantity: 2 })).statusCode).toBe(200);
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    const mine = await ordersOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ paymentMethod: 'wallet', total: 3_000 + 8_000 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, mine[0]!.id));
    expect(lines.map((l) => [l.packId, l.quantity, l.amount]).sort()).toEqual(
      [
        [milk, 1, 3_000],
        [bread, 2, 8_000],
      ].sort(),
    );
    expect(await balanceOf(id)).toBe(50_000 - 11_000);
    const [extra] = await t.db.select().from(subscriptionExtras).where(eq(subscriptionExtras.subscriptionId, sub.id));
    expect(extra!.orderId).toBe(mine[0]!.id);
    // the order is made: the day's changes are closed, even before the cut-off
    const res = await c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date, pack_id: bread, quantity: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUBSCRIPTION_CUTOFF_PASSED');
    expect((await c.put(`/s/api/account/subscriptions/${sub.id}/days`, { date, quantity: 0 })).statusCode).toBe(409);
  });
});

describe('a delivery on khata when the wallet is short', () => {
  it('an open khata with room takes the order (ledger row, payment “khata”), once; the wallet is untouched', async () => {
    const { c, id, addressId, phone } = await customer(1_000);
    await openKhata(id, 10_000);
    const sub = (await subscribe(c, addressId, { quantity: 2 })).json();
    const date = start();
    const first = await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(first.on_khata).toBeGreaterThanOrEqual(1);
    await t.app.subscriptions.generateFor(date, shop.websiteId);
    const mine = await ordersOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'placed', paymentMethod: 'khata', total: 6_000 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, mine[0]!.id));
    expect(payment).toMatchObject({ provider: 'khata', status: 'paid', amount: 6_000 });
    const entries = await t.db.select().from(accountEntries).where(eq(accountEntries.referenceId, mine[0]!.id));
    expect(entries.map((e) => [e.reason, e.amountPaise, e.idempotencyKey])).toEqual([['khata_sale', -6_000, `order_khata:${mine[0]!.id}`]]);
    expect(await balanceOf(id, 'khata')).toBe(-6_000);
    expect(await balanceOf(id)).toBe(1_000);
    const [gen] = await t.db.select().from(subscriptionGenerations).where(eq(subscriptionGenerations.subscriptionId, sub.id));
    expect(gen).toMatchObject({ status: 'ordered', orderId: mine[0]!.id });
    const told = await messagesTo(phone);
    expect(told.map((m) => m.body)).toEqual([expect.stringContaining('was put on your khata. You now owe ₹60')]);
  });

  it('a khata without room: held and told of the low balance, nothing written to the khata', async () => {
    const { c, id, addressId, phone } = await customer(1_000);
    await openKhata(id, 2_000);
    await subscribe(c, addressId);
    const date = start();
    const r = await t.app.subscriptions.generateFor(date, shop.websiteId);
    expect(r.held).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(id)).toEqual([]);
    expect(await balanceOf(id, 'khata')).toBe(0);
    expect(await balanceOf(id)).toBe(1_000);
    expect((await messagesTo(phone)).map((m) => m.body)).toEqual([expect.stringContaining('Low wallet balance')]);
  });

  it('a wallet that pays is used before the khata', async () => {
    const { c, id, addressId } = await customer(10_000);
    await openKhata(id, 10_000);
    await subscribe(c, addressId);
    await t.app.subscriptions.generateFor(start(), shop.websiteId);
    expect((await ordersOf(id)).map((o) => o.paymentMethod)).toEqual(['wallet']);
    expect(await balanceOf(id)).toBe(7_000);
    expect(await balanceOf(id, 'khata')).toBe(0);
  });

  itOnPostgres('never past the limit (PostgreSQL): 6 dates generated at once against a khata with room for 2', async () => {
    const { c, id, addressId } = await customer();
    await openKhata(id, 6_500);
    await subscribe(c, addressId);
    const dates = Array.from({ length: 6 }, (_, i) => addShopDays(start(), 5 + i));
    const runs = await Promise.all(dates.map((d) => t.app.subscriptions.generateFor(d, shop.websiteId)));
    const mine = await ordersOf(id);
    expect(mine).toHaveLength(2);
    expect(mine.every((o) => o.paymentMethod === 'khata')).toBe(true);
    expect(await balanceOf(id, 'khata')).toBe(-6_000);
    expect(runs.reduce((s, r) => s + r.held, 0)).toBeGreaterThanOrEqual(4);
    // the khata's balance is the sum of its entries
    const khata = (await t.app.wallet.accountOf(t.db, shop.websiteId, id, 'khata'))!;
    const entries = await t.db.select().from(accountEntries).where(eq(accountEntries.accountId, khata.id));
    expect(entries.reduce((s, e) => s + e.amountPaise, 0)).toBe(khata.balancePaise);
  });
});

describe('a price change is told before it applies', () => {
  it('subscribers are told once; deliveries before the first open day keep the old price', async () => {
    const [paneer] = await t.db
      .insert(packs)
      .values({ websiteId: shop.websiteId, productId: shop.products.dal.id, name: '200 g paneer', price: 5_000, actPrice: 9_000 })
      .returning();
    await t.db.insert(stock).values({ websiteId: shop.websiteId, packId: paneer!.id, warehouseId: shop.warehouses.blr.id, available: 50 });
    await owner.put('/s/api/admin/subscriptions/settings', {
      cutoff_time: '22:00',
      subscribable_pack_ids: [milk, paneer!.id],
      min_topup_paise: 0,
      cashback_percent: 0,
      cashback_cap_paise: 0,
    });
    const a = await customer(100_000);
    const b = await customer(100_000);
    const subA = (await subscribe(a.c, a.addressId, { pack_id: paneer!.id })).json();
    await subscribe(b.c, b.addressId, { pack_id: paneer!.id });
    const first = start();
    const second = addShopDays(first, 1);

    // the owner raises the price to ₹60; the job sees it after tomorrow's cut-off has passed
    await t.db.update(packs).set({ price: 6_000 }).where(eq(packs.id, paneer!.id));
    const lateEvening = new Date(changesCloseAt(first, '22:00').getTime() + 60_000);
    expect(await t.app.subscriptions.announcePrices(shop.websiteId, lateEvening)).toBe(1);
    expect(await t.app.subscriptions.announcePrices(shop.websiteId, lateEvening)).toBe(0);
    const toA = await messagesTo(a.phone);
    expect(toA).toHaveLength(1);
    expect(toA[0]!.body).toMatch(
      /^New subscription price: the price of Toor Dal 200 g paneer changes from ₹50 to ₹60 per pack for deliveries from /,
    );
    expect(await messagesTo(b.phone)).toHaveLength(1);

    // the calendar: the first day (closed when told) at ₹50, from the next one ₹60
    const days = (await a.c.get(`/s/api/account/subscriptions/${subA.id}/calendar`)).json().days as Array<{
      date: string;
      price_paise: number;
    }>;
    expect(days.find((d) => d.date === first)?.price_paise).toBe(5_000);
    expect(days.find((d) => d.date === second)?.price_paise).toBe(6_000);

    // the orders: the first day at the old price, the next at the new
    await t.app.subscriptions.generateFor(first, shop.websiteId);
    await t.app.subscriptions.generateFor(second, shop.websiteId);
    const made = await ordersOf(a.id);
    const totals = Object.fromEntries(made.map((o) => [o.slotDate, o.total]));
    expect(totals).toEqual({ [first]: 5_000, [second]: 6_000 });
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          made.map((o) => o.id),
        ),
      );
    expect(lines.map((l) => l.price).sort()).toEqual([5_000, 6_000]);
    // told once: the generations noticed nothing new
    expect(await messagesTo(a.phone)).toHaveLength(1);
  });
});

describe('the owner: the morning delivery list and preparing the orders', () => {
  it('lists the date’s deliveries by pincode and area in route order; Prepare orders makes them once, audited', async () => {
    const date = addShopDays(start(), 12);
    const far = await customer(50_000, 'Residency Road', '560001');
    const near = await customer(50_000, 'Koramangala', '560034');
    const near2 = await customer(50_000, 'Koramangala', '560034');
    for (const p of [far, near, near2]) await subscribe(p.c, p.addressId, { start_date: date, quantity: 2 });
    const sub = (await near.c.get('/s/api/account/subscriptions')).json().subscriptions[0];
    await near.c.put(`/s/api/account/subscriptions/${sub.id}/extras`, { date, pack_id: bread, quantity: 1 });

    const shopper = await customer();
    expect((await shopper.c.get(`/s/api/admin/subscriptions/deliveries?date=${date}`)).statusCode).toBe(403);
    expect((await shopper.c.post('/s/api/admin/subscriptions/generate', { date })).statusCode).toBe(403);

    let list = (await owner.get(`/s/api/admin/subscriptions/deliveries?date=${date}`)).json();
    const mineOnly = (l: typeof list) =>
      l.areas
        .flatMap((a: { pincode: string; area: string; stops: Array<{ user_id: number }> }) =>
          a.stops.map((s) => ({ ...s, pincode: a.pincode, area: a.area })),
        )
        .filter((s: { user_id: number }) => [far.id, near.id, near2.id].includes(s.user_id));
    const stops = mineOnly(list);
    // 560001 before 560034; the list is numbered in that order
    expect(stops[0].user_id).toBe(far.id);
    expect(new Set(stops.slice(1).map((s: { user_id: number }) => s.user_id))).toEqual(new Set([near.id, near2.id]));
    expect(stops.map((s: { sequence: number }) => s.sequence)).toEqual(
      [...stops.map((s: { sequence: number }) => s.sequence)].sort((x, y) => x - y),
    );
    const nearStop = stops.find((s: { user_id: number }) => s.user_id === near.id);
    expect(nearStop).toMatchObject({ pincode: '560034', area: 'Koramangala', status: 'pending', order_id: null });
    expect(nearStop.items).toEqual([
      { label: 'Toor Dal 500 ml milk', quantity: 2, extra: false },
      { label: 'Toor Dal 400 g bread', quantity: 1, extra: true },
    ]);

    // bad input changes nothing
    expect((await owner.post('/s/api/admin/subscriptions/generate', { date: 'tomorrow' })).statusCode).toBe(422);
    const res = await owner.post('/s/api/admin/subscriptions/generate', { date });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders).toBeGreaterThanOrEqual(3);
    expect((await owner.post('/s/api/admin/subscriptions/generate', { date })).json().orders).toBe(0);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop.websiteId), eq(auditLog.entity, 'subscription_generation'), eq(auditLog.entityId, date)));
    expect(audit).toHaveLength(2);
    list = (await owner.get(`/s/api/admin/subscriptions/deliveries?date=${date}`)).json();
    const after = mineOnly(list);
    expect(
      after.every(
        (s: { status: string; ordernumber: string | null; payment: string }) =>
          s.status === 'ordered' && /^GR\d+$/.test(s.ordernumber ?? '') && s.payment === 'wallet',
      ),
    ).toBe(true);
    for (const p of [far, near, near2]) expect(await ordersOf(p.id)).toHaveLength(1);
  });
});
