import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, outbox, orderLines, orders, payments, sessions, users, websiteMembers, wishlistItems } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, sessionIdOf, signInAs, type CartShop } from '../cart/test-fixture';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

const home = {
  name: 'Asha Rao',
  phone: '9000000011',
  pincode: '560001',
  line1: 'Flat 4B',
  line2: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  type: 'home',
};

/** A signed-in shopper with an address, a wishlisted product and `statuses.length` orders. */
async function shopper(statuses: Array<'delivered' | 'cancelled' | 'placed'> = ['delivered']) {
  const k = ++n;
  const [u] = await t.db
    .insert(users)
    .values({ name: `Person ${k}`, email: `person${k}@example.com`, phone: `98765${String(k).padStart(5, '0')}` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const c = new TestClient(t.app, { 'x-forwarded-for': `10.9.0.${k}` });
  await c.get('/s/api/check/pincode/560001');
  await signInAs(t.db, c, u!.id);
  expect((await c.post('/s/api/addresses', { ...home, name: `Person ${k}` })).statusCode).toBe(200);
  expect((await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: null })).statusCode).toBe(200);
  for (const [i, status] of statuses.entries()) {
    const id = `ord-${k}-${i}`;
    await t.db.insert(orders).values({
      id,
      websiteId: shop.websiteId,
      ordernumber: `P${k}-${i}`,
      userId: u!.id,
      status,
      paymentMethod: 'cod',
      idempotencyKey: id,
      address: { ...home, name: `Person ${k}`, landmark: 'Near the temple' },
      pincode: '560001',
      itemsTotal: 50000,
      deliveryCharge: 2500,
      total: 52500,
      notes: `Call Person ${k}`,
    });
    await t.db.insert(orderLines).values({
      websiteId: shop.websiteId,
      orderId: id,
      productName: 'Rice',
      packName: '1 kg',
      hsnCode: '1006',
      gstRate: 500,
      price: 25000,
      actPrice: 30000,
      quantity: 2,
      amount: 50000,
    });
    await t.db.insert(payments).values({ websiteId: shop.websiteId, orderId: id, provider: 'cod', status: 'cod', amount: 52500 });
  }
  return { c, user: u! };
}

describe('GET /s/api/account/export', () => {
  it('answers 401 signed out', async () => {
    expect((await new TestClient(t.app).get('/s/api/account/export')).statusCode).toBe(401);
  });

  it("downloads the shopper's own profile, addresses, orders with lines and payments, and wishlists, nothing of another's", async () => {
    const other = await shopper(['delivered']);
    const me = await shopper(['delivered', 'cancelled']);
    const res = await me.c.get('/s/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ name: me.user.name, email: me.user.email, phone: me.user.phone, analytics_consent: false });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ name: me.user.name, pincode: '560001', is_default: true });
    expect(data.orders.map((o: { ordernumber: string }) => o.ordernumber)).toEqual([`P${n}-0`, `P${n}-1`]);
    expect(data.orders[0]).toMatchObject({
      total: 525,
      delivery_charge: 25,
      lines: [{ product: 'Rice', pack: '1 kg', quantity: 2, price: 250, mrp: 300, amount: 500, gst_rate: 5 }],
      payments: [{ provider: 'cod', status: 'cod', amount: 525 }],
    });
    expect(data.wishlists[0]).toMatchObject({
      name: 'Default',
      products: [{ product_id: shop.products.rice.id, name: expect.any(String) }],
    });
    const text = res.body;
    expect(text).not.toContain(other.user.email);
    expect(text).not.toContain(other.user.name);
  });

  it('gives a CSV of orders: a header and one row per order', async () => {
    const other = await shopper(['delivered']);
    const me = await shopper(['delivered', 'cancelled', 'delivered']);
    for (const url of ['/s/api/account/export.csv', '/s/api/account/export?format=csv']) {
      const res = await me.c.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-orders-/);
      const rows = res.body.trim().split('\r\n');
      expect(rows[0]).toBe(
        'Order number,Date,Status,Payment method,Items,Items total (INR),Discount (INR),Delivery (INR),Total (INR),Pincode',
      );
      expect(rows).toHaveLength(4);
      expect(rows[1]).toMatch(new RegExp(`^P${n}-0,.*,delivered,cod,2,500.00,0.00,25.00,525.00,560001$`));
      expect(res.body).not.toContain(other.user.email);
    }
  });
});

describe('POST /s/api/account/delete', () => {
  it('refuses without the confirmation and changes nothing', async () => {
    const me = await shopper();
    const res = await me.c.post('/s/api/account/delete', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ confirm: ['Confirm that you want to delete your account'] });
    expect((await t.db.select().from(users).where(eq(users.id, me.user.id)))[0]!.email).toBe(me.user.email);
  });

  it('refuses while an order is on its way, with a clear message', async () => {
    const me = await shopper(['delivered', 'placed']);
    const res = await me.c.post('/s/api/account/delete', { confirm: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ACCOUNT_OPEN_ORDERS',
      message: 'You have orders on their way: delete your account once they are delivered or cancelled',
    });
    expect((await t.db.select().from(addresses).where(eq(addresses.userId, me.user.id))).length).toBe(1);
  });

  it('refuses a staff account', async () => {
    const me = await shopper([]);
    await t.db
      .update(websiteMembers)
      .set({ isSalesAgent: true })
      .where(and(eq(websiteMembers.userId, me.user.id), eq(websiteMembers.websiteId, shop.websiteId)));
    const res = await me.c.post('/s/api/account/delete', { confirm: true });
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_STAFF' });
  });

  it('erases the person, keeps the orders and their totals without identity, signs out everywhere; the email can register again', async () => {
    const me = await shopper(['delivered', 'cancelled']);
    const phone = new TestClient(t.app);
    await signInAs(t.db, phone, me.user.id);
    const before = await t.db.select().from(orders).where(eq(orders.userId, me.user.id));

    const res = await me.c.post('/s/api/account/delete', { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, orders_kept: 2 });

    const [u] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(u).toMatchObject({ name: 'Deleted customer', email: null, phone: null });
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, me.user.id))).toEqual([]);
    const after = await t.db.select().from(orders).where(eq(orders.userId, me.user.id));
    expect(after.map((o) => [o.id, o.total, o.itemsTotal, o.status])).toEqual(before.map((o) => [o.id, o.total, o.itemsTotal, o.status]));
    for (const o of after) {
      expect(o.address).toMatchObject({ name: 'Deleted customer', phone: '', line1: '', line2: '', landmark: null, city: '' });
      expect(o.address).toMatchObject({ pincode: '560001', state: 'Karnataka' });
      expect(o.notes).toBeNull();
      expect(JSON.stringify(o)).not.toContain('Person');
    }
    // both devices are signed out
    for (const c of [me.c, phone]) expect((await c.get('/s/api/account')).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(phone)));
    expect(live[0]!.revokedAt).not.toBeNull();

    // the same email and mobile register again as a new account
    const again = new TestClient(t.app, { 'x-forwarded-for': '10.9.9.9' });
    const reg = await again.post('/s/api/auth/register', { name: 'Back Again', email: me.user.email, phone: me.user.phone });
    expect(reg.statusCode).toBe(200);
    const code = async (to: string) =>
      (await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0]!.body.match(/\b(\d{6})\b/)![1]!;
    const done = await again.post('/s/api/auth/verify', {
      identifier: me.user.email,
      code: await code(me.user.email!),
      also_code: await code(me.user.phone!),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).not.toBe(me.user.id);
    const mine = (await again.get('/s/api/account/export')).json();
    expect(mine.orders).toEqual([]);
    expect(mine.addresses).toEqual([]);
  });
});

describe('analytics consent', () => {
  it('is off by default in /s/api/init and settable from the account', async () => {
    const me = await shopper([]);
    expect((await me.c.get('/s/api/init')).json().user).toMatchObject({ id: me.user.id, analyticsConsent: false });
    expect((await me.c.put('/s/api/account/consent', { analytics: 'yes' })).statusCode).toBe(422);
    const res = await me.c.put('/s/api/account/consent', { analytics: true });
    expect(res.json()).toEqual({ analytics: true });
    expect((await me.c.get('/s/api/init')).json().user).toMatchObject({ analyticsConsent: true });
    expect((await me.c.get('/s/api/account')).json().user).toMatchObject({ analyticsConsent: true });
    await me.c.put('/s/api/account/consent', { analytics: false });
    expect((await me.c.get('/s/api/init')).json().user).toMatchObject({ analyticsConsent: false });
  });
});
