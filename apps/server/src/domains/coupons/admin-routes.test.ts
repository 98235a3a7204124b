import type { AdminCoupon, AdminCouponInput } from '@grocer/shared/admin-coupons';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, couponRedemptions, coupons, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;
let staff: ReturnType<typeof staffClients>;
let otherSiteCouponId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  staff = staffClients(t, shop.websiteId);
  owner = await staff.as({ hasAdminAccess: true });
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  const [c] = await t.db.insert(coupons).values({ websiteId: site!.id, code: 'THEIRS', kind: 'flat', value: 100 }).returning();
  otherSiteCouponId = c!.id;
}, 120_000);
afterAll(() => t.close());

const input = (change: Partial<AdminCouponInput> = {}): AdminCouponInput => ({
  code: 'DIWALI',
  description: 'Festive offer',
  kind: 'flat',
  value: 7500,
  maxDiscount: null,
  minOrder: 50_000,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  active: true,
  ...change,
});

async function create(change: Partial<AdminCouponInput>): Promise<AdminCoupon> {
  const res = await owner.post('/s/api/admin/coupons', input(change));
  expect([res.statusCode, res.json()]).toMatchObject([201, {}]);
  return res.json();
}

/** A shopper at 560001 with the 5 kg rice (₹550) in the cart. */
async function shopperWithCart(userId?: number) {
  const c = new TestClient(t.app);
  expect((await c.get('/s/api/check/pincode/560001')).statusCode).toBe(200);
  if (userId) await signInAs(t.db, c, userId);
  expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.rice5.id, warehouse_id: shop.warehouses.blr.id })).statusCode).toBe(200);
  return c;
}

const countCoupons = async () => (await t.db.select().from(coupons).where(eq(coupons.websiteId, shop.websiteId))).length;

describe('roles on the coupon staff calls', () => {
  it('401 signed out, 403 for a shopper or agent, 2xx for admin and superadmin; a refused write changes nothing', async () => {
    const who = await staff.everyone();
    const [save10] = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.websiteId, shop.websiteId), eq(coupons.code, 'SAVE10')));
    const before = await countCoupons();
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      const ok = ROLE_STATUS[name];
      expect([name, (await c.get('/s/api/admin/coupons')).statusCode]).toEqual([name, ok]);
      expect([name, (await c.get(`/s/api/admin/coupons/${save10!.id}`)).statusCode]).toEqual([name, ok]);
      if (ok !== 200) {
        expect([name, (await c.post('/s/api/admin/coupons', input({ code: `X${name}` }))).statusCode]).toEqual([name, ok]);
        expect([name, (await c.put(`/s/api/admin/coupons/${save10!.id}`, input({ code: 'SAVE10' }))).statusCode]).toEqual([name, ok]);
        expect([name, (await c.post(`/s/api/admin/coupons/${save10!.id}/active`, { active: false })).statusCode]).toEqual([name, ok]);
      }
    }
    expect(await countCoupons()).toBe(before);
    const [still] = await t.db.select().from(coupons).where(eq(coupons.id, save10!.id));
    expect(still).toMatchObject({ active: true, kind: 'percent', value: 1000 });
    const bySuper = await who.superadmin.post('/s/api/admin/coupons', input({ code: 'SUPER1' }));
    expect(bySuper.statusCode).toBe(201);
  });
});

describe('coupon list and editor', () => {
  it('lists the shop’s coupons with uses and discount given, never another website’s', async () => {
    const [welcome] = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.websiteId, shop.websiteId), eq(coupons.code, 'WELCOME50')));
    await t.db.insert(couponRedemptions).values({
      websiteId: shop.websiteId,
      couponId: welcome!.id,
      userId: shop.users.other.id,
      orderId: 'ops-coupon-order-1',
      discount: 5000,
    });
    const list = (await owner.get('/s/api/admin/coupons')).json() as { data: AdminCoupon[] };
    expect(list.data.map((c) => c.code)).not.toContain('THEIRS');
    expect(list.data.find((c) => c.code === 'WELCOME50')).toMatchObject({
      kind: 'flat',
      value: 5000,
      minOrder: 49_900,
      firstOrderOnly: true,
      perCustomerLimit: 1,
      uses: 1,
      discountGiven: 5000,
    });
    expect(list.data.find((c) => c.code === 'ONCE')).toMatchObject({ uses: 1, usageLimit: 1 });
  });

  it('creates a coupon (code upper-cased), audited; the cart accepts it and its minimum holds', async () => {
    const created = await create({ code: 'diwali75' });
    expect(created).toMatchObject({ code: 'DIWALI75', value: 7500, minOrder: 50_000, active: true, uses: 0 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(created.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
    const c = await shopperWithCart();
    const cart = (await c.post('/s/api/apply/coupon', { code: 'Diwali75' })).json();
    expect(cart).toMatchObject({ offercode: 'DIWALI75', total: 550, discount: 75, amount: 475 });
    // The minimum: ₹500 of items; the dal alone (₹180) is short by ₹320.
    const small = new TestClient(t.app);
    await small.get('/s/api/check/pincode/560001');
    await small.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id, warehouse_id: shop.warehouses.blr.id });
    const refused = await small.post('/s/api/apply/coupon', { code: 'DIWALI75' });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'Add ₹320 more to use DIWALI75']);
  });

  it('a percent coupon with a cap, total and per-customer limits: each holds in the cart', async () => {
    const pct = await create({
      code: 'PCT20',
      kind: 'percent',
      value: 2000,
      maxDiscount: 10_000,
      minOrder: 0,
      usageLimit: 2,
      perCustomerLimit: 1,
    });
    const asha = await shopperWithCart(shop.users.shopper.id);
    expect((await asha.post('/s/api/apply/coupon', { code: 'PCT20' })).json()).toMatchObject({ discount: 100, amount: 450 });
    await t.db
      .insert(couponRedemptions)
      .values({ websiteId: shop.websiteId, couponId: pct.id, userId: shop.users.shopper.id, orderId: 'o-pct-1' });
    const again = await shopperWithCart(shop.users.shopper.id);
    expect((await again.post('/s/api/apply/coupon', { code: 'PCT20' })).json().message).toBe('You have already used this coupon');
    await t.db
      .insert(couponRedemptions)
      .values({ websiteId: shop.websiteId, couponId: pct.id, userId: shop.users.other.id, orderId: 'o-pct-2' });
    const guest = await shopperWithCart();
    expect((await guest.post('/s/api/apply/coupon', { code: 'PCT20' })).json().message).toBe('This coupon has been fully used');
    expect((await owner.get(`/s/api/admin/coupons/${pct.id}`)).json()).toMatchObject({ uses: 2 });
  });

  it('a window in the future, then edited to now; paused and resumed', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const soon = await create({ code: 'SOON', startsAt: later, minOrder: 0 });
    const c = await shopperWithCart();
    expect((await c.post('/s/api/apply/coupon', { code: 'SOON' })).json().message).toBe('This coupon is not active yet');
    const edited = await owner.put(
      `/s/api/admin/coupons/${soon.id}`,
      input({ code: 'SOON', minOrder: 0, startsAt: new Date(Date.now() - 1000).toISOString() }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await c.post('/s/api/apply/coupon', { code: 'SOON' })).json()).toMatchObject({ offercode: 'SOON', discount: 75 });
    const paused = await owner.post(`/s/api/admin/coupons/${soon.id}/active`, { active: false });
    expect(paused.json()).toMatchObject({ active: false });
    const d = await shopperWithCart();
    expect((await d.post('/s/api/apply/coupon', { code: 'SOON' })).json().message).toBe('This coupon code is not valid');
    expect((await owner.post(`/s/api/admin/coupons/${soon.id}/active`, { active: true })).json()).toMatchObject({ active: true });
    expect((await d.post('/s/api/apply/coupon', { code: 'SOON' })).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(soon.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'pause', 'resume', 'update']);
  });

  it('refuses a code the shop already has (409, clear message) and bad input (422), changing nothing', async () => {
    const before = await countCoupons();
    const dup = await owner.post('/s/api/admin/coupons', input({ code: 'save10' }));
    expect([dup.statusCode, dup.json().code, dup.json().message]).toEqual([
      409,
      'COUPON_CODE_TAKEN',
      'This shop already has a coupon SAVE10. Choose another code.',
    ]);
    expect(dup.json().errors).toEqual({ code: ['SAVE10 is already used by another coupon'] });
    const bad: Array<[Partial<AdminCouponInput>, string]> = [
      [{ code: '' }, 'code'],
      [{ code: 'TWO WORDS' }, 'code'],
      [{ value: 0 }, 'value'],
      [{ value: 12.5 }, 'value'],
      [{ kind: 'percent', value: 10_001 }, 'value'],
      [{ minOrder: -1 }, 'minOrder'],
      [{ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, 'endsAt'],
      [{ usageLimit: 0 }, 'usageLimit'],
      [{ usageLimit: 2, perCustomerLimit: 3 }, 'perCustomerLimit'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
    ];
    for (const [change, field] of bad) {
      const res = await owner.post('/s/api/admin/coupons', input({ code: 'BAD1', ...change }));
      expect([JSON.stringify(change), res.statusCode, res.json().code]).toEqual([JSON.stringify(change), 422, 'VALIDATION_FAILED']);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    // Renaming a coupon to a taken code is refused the same way, and the coupon keeps its code.
    const once = (await owner.get('/s/api/admin/coupons')).json().data.find((c: AdminCoupon) => c.code === 'ONCE') as AdminCoupon;
    const rename = await owner.put(`/s/api/admin/coupons/${once.id}`, input({ code: 'SAVE10' }));
    expect(rename.statusCode).toBe(409);
    expect((await owner.get(`/s/api/admin/coupons/${once.id}`)).json()).toMatchObject({ code: 'ONCE', value: 1000 });
    expect(await countCoupons()).toBe(before);
  });

  it("another website's coupon is 404 to read, edit or pause, and stays as it was", async () => {
    expect((await owner.get(`/s/api/admin/coupons/${otherSiteCouponId}`)).statusCode).toBe(404);
    expect((await owner.put(`/s/api/admin/coupons/${otherSiteCouponId}`, input({ code: 'THEIRS' }))).statusCode).toBe(404);
    expect((await owner.post(`/s/api/admin/coupons/${otherSiteCouponId}/active`, { active: false })).statusCode).toBe(404);
    expect((await owner.get('/s/api/admin/coupons/999999')).statusCode).toBe(404);
    const [theirs] = await t.db.select().from(coupons).where(eq(coupons.id, otherSiteCouponId));
    expect(theirs).toMatchObject({ code: 'THEIRS', value: 100, active: true });
  });
});

describe('a coupon shown to shoppers', () => {
  it('is offered in the cart once the owner lists it, and no longer when unlisted', async () => {
    const codes = async (c: TestClient) => (await c.get('/s/api/cart/offers')).json().data.map((o: { code: string }) => o.code);
    const created = await create({ code: 'SHOWN75', listed: true });
    expect(created.listed).toBe(true);
    const c = await shopperWithCart();
    expect(await codes(c)).toContain('SHOWN75');
    const res = await owner.put(`/s/api/admin/coupons/${created.id}`, input({ code: 'SHOWN75', listed: false }));
    expect([res.statusCode, res.json().listed]).toEqual([200, false]);
    expect(await codes(c)).not.toContain('SHOWN75');
    expect((await owner.get(`/s/api/admin/coupons/${created.id}`)).json().listed).toBe(false);
  });
});
