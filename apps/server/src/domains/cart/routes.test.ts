import { cartSchema, type Cart } from '@grocer/shared/cart';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, carts, couponRedemptions, coupons, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { mergeGuestCart } from './service';
import { seedCartShop, sessionIdOf, setStock, signInAs, type CartShop } from './test-fixture';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

async function shopperAt(pincode: string | null) {
  const c = new TestClient(t.app);
  if (pincode) expect((await c.get(`/s/api/check/pincode/${pincode}`)).statusCode).toBe(200);
  return c;
}
const add = (c: TestClient, packId: number, warehouseId: number | null = shop.warehouses.blr.id) =>
  c.post('/s/api/cart/add', { pack_id: packId, warehouse_id: warehouseId });
const cartOf = (res: { statusCode: number; json: () => unknown }): Cart => {
  expect(res.statusCode).toBe(200);
  return cartSchema.parse(res.json());
};

describe('GET /s/api/cart', () => {
  it('answers an empty cart without creating a session', async () => {
    const c = new TestClient(t.app);
    const cart = cartOf(await c.get('/s/api/cart'));
    expect(cart).toMatchObject({ quantity: 0, total: 0, amount: 0, items: [], offercode: null, serviceable: true, finalDelivery: 0 });
    expect(c.cookies.has('sid')).toBe(false);
  });
});

describe('GET /s/api/cart?groupby_delivery (spec §7)', () => {
  it('groups the items by delivery slot only when asked', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.rice1.id));
    const plain = cartOf(await c.get('/s/api/cart'));
    expect(plain.grouped_items).toEqual([]);
    expect(plain.deliveryInfo).toHaveLength(1);
    for (const url of ['/s/api/cart?groupby_delivery', '/s/api/cart?groupby_delivery=1']) {
      const grouped = cartOf(await c.get(url));
      expect(grouped.grouped_items).toHaveLength(1);
      expect(grouped.grouped_items[0]).toMatchObject({
        ...grouped.deliveryInfo[0],
        items: [{ pack_id: shop.packs.rice1.id, quantity: 1 }],
      });
    }
  });
});

describe('POST /s/api/cart/add and /cart/remove', () => {
  it('adds one unit per call and prices the line from server data (rupees at the edge)', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.rice1.id));
    const cart = cartOf(await add(c, shop.packs.rice1.id));
    expect(cart.quantity).toBe(2);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      pack_id: shop.packs.rice1.id,
      name: 'Basmati Rice',
      pack: '1 kg',
      quantity: 2,
      price: 120,
      act_price: 150,
      amount: 240,
      valid: true,
      message: null,
      warehouse_id: shop.warehouses.blr.id,
      image: 'products/basmati-rice.webp',
    });
    expect(cart.items[0]!.delivery_charge_id).toBeTypeOf('number');
    expect(cart.items[0]!.del_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // ₹240 < ₹499: the zone's ₹30 applies; amount = total − discount + delivery.
    expect(cart).toMatchObject({
      total: 240,
      delivery_charge: 30,
      finalDelivery: 30,
      amount: 270,
      deliveryMessage: 'Add ₹259 more for free delivery',
    });
    expect(cart.deliveryInfo).toHaveLength(1);
    expect(cart.paymentMethods.map((p) => p.code)).toEqual(['cod', 'razorpay', 'cashfree']);
  });

  it('ignores prices or warehouses the client makes up: the zone decides the warehouse', async () => {
    const c = await shopperAt('560001');
    const cart = cartOf(await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id, warehouse_id: shop.warehouses.mum.id, price: 1 }));
    expect(cart.items[0]).toMatchObject({ price: 180, warehouse_id: shop.warehouses.blr.id });
  });

  it("answers 409 'Only 3 left in stock' past the stock and leaves the cart unchanged", async () => {
    const c = await shopperAt('560001');
    for (let i = 0; i < 3; i++) cartOf(await add(c, shop.packs.rice1.id));
    const res = await add(c, shop.packs.rice1.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_ENOUGH_STOCK', message: 'Only 3 left in stock' });
    expect(cartOf(await c.get('/s/api/cart')).items[0]!.quantity).toBe(3);
  });

  it('answers 409 for an out-of-stock pack and for a pack not delivered to the pincode', async () => {
    const c = await shopperAt('560001');
    const out = await add(c, shop.packs.ghee1.id);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Cow Ghee - 500 ml is out of stock' });
    const far = await add(c, shop.packs.vada1.id, shop.warehouses.mum.id);
    expect(far.statusCode).toBe(409);
    expect(far.json()).toMatchObject({ code: 'NOT_DELIVERABLE', message: 'Vada Pav Mix - 200 g is not delivered to 560001' });
    expect(cartOf(await c.get('/s/api/cart')).items).toEqual([]);
  });

  it('answers 404 for an unknown pack and 422 for a malformed body', async () => {
    const c = await shopperAt('560001');
    expect((await add(c, 999_999)).statusCode).toBe(404);
    const bad = await c.post('/s/api/cart/add', { pack_id: 'rice' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('removes one unit, then the line at zero; remove true drops the whole line', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.dal1.id));
    cartOf(await add(c, shop.packs.dal1.id));
    cartOf(await add(c, shop.packs.rice5.id));
    let cart = cartOf(await c.post('/s/api/cart/remove', { pack_id: shop.packs.dal1.id, remove: false }));
    expect(cart.items.find((i) => i.pack_id === shop.packs.dal1.id)!.quantity).toBe(1);
    cart = cartOf(await c.post('/s/api/cart/remove', { pack_id: shop.packs.dal1.id }));
    expect(cart.items.map((i) => i.pack_id)).toEqual([shop.packs.rice5.id]);
    cartOf(await add(c, shop.packs.rice5.id));
    cart = cartOf(await c.post('/s/api/cart/remove', { pack_id: shop.packs.rice5.id, remove: true }));
    expect(cart).toMatchObject({ quantity: 0, items: [], total: 0, amount: 0 });
    // Removing what is not there changes nothing.
    expect(cartOf(await c.post('/s/api/cart/remove', { pack_id: shop.packs.rice5.id })).quantity).toBe(0);
  });

  it('delivers free from ₹499 and offers no COD where the zone has none (Mumbai)', async () => {
    const c = await shopperAt('400001');
    cartOf(await add(c, shop.packs.dal1.id, shop.warehouses.mum.id));
    let cart = cartOf(await add(c, shop.packs.dal1.id, shop.warehouses.mum.id));
    expect(cart).toMatchObject({ total: 360, finalDelivery: 30, amount: 390 });
    expect(cart.paymentMethods.map((p) => p.code)).toEqual(['razorpay', 'cashfree']);
    cart = cartOf(await add(c, shop.packs.dal1.id, shop.warehouses.mum.id));
    expect(cart).toMatchObject({ total: 540, delivery_charge: 30, finalDelivery: 0, amount: 540, deliveryMessage: 'Free delivery' });
  });

  it('withdraws COD above the zone maximum (₹5000 in Bengaluru)', async () => {
    const c = await shopperAt('560001');
    for (let i = 0; i < 10; i++) cartOf(await add(c, shop.packs.rice5.id));
    const cart = cartOf(await c.get('/s/api/cart'));
    expect(cart.amount).toBe(5500);
    expect(cart.paymentMethods.map((p) => p.code)).toEqual(['razorpay', 'cashfree']);
  });

  it('keeps a line that became unavailable, valid false with its message, out of the total', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.dal1.id));
    cartOf(await add(c, shop.packs.rice5.id));
    await setStock(t.db, shop.websiteId, shop.packs.rice5.id, shop.warehouses.blr.id, 0);
    try {
      const cart = cartOf(await c.get('/s/api/cart'));
      const rice = cart.items.find((i) => i.pack_id === shop.packs.rice5.id)!;
      expect(rice).toMatchObject({ valid: false, message: 'Out of stock', quantity: 1, del_date: null });
      expect(cart.total).toBe(180);
    } finally {
      await setStock(t.db, shop.websiteId, shop.packs.rice5.id, shop.warehouses.blr.id, 50);
    }
  });

  it('re-prices for the new pincode: lines not served there turn invalid', async () => {
    const c = await shopperAt('400001');
    cartOf(await add(c, shop.packs.vada1.id, shop.warehouses.mum.id));
    await c.get('/s/api/check/pincode/560034');
    const cart = cartOf(await c.get('/s/api/cart'));
    expect(cart.items[0]).toMatchObject({
      valid: false,
      message: 'Vada Pav Mix - 200 g is not delivered to 560034',
      warehouse_id: shop.warehouses.blr.id,
    });
    expect(cart.total).toBe(0);
  });
});

describe('coupons: POST /s/api/apply/coupon and GET /s/api/remove/coupon', () => {
  it('applies WELCOME50 from ₹499 (flat ₹50) and removes it', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.rice5.id));
    const cart = cartOf(await c.post('/s/api/apply/coupon', { code: 'welcome50' }));
    expect(cart).toMatchObject({ offercode: 'WELCOME50', total: 550, discount: 50, finalDelivery: 0, amount: 500 });
    const removed = cartOf(await c.get('/s/api/remove/coupon'));
    expect(removed).toMatchObject({ offercode: null, discount: 0, amount: 550 });
  });

  it('caps SAVE10 at ₹100', async () => {
    const c = await shopperAt('560001');
    for (let i = 0; i < 3; i++) cartOf(await add(c, shop.packs.rice5.id));
    const cart = cartOf(await c.post('/s/api/apply/coupon', { code: 'SAVE10' }));
    expect(cart).toMatchObject({ total: 1650, discount: 100, amount: 1550 });
  });

  it('shows why a code is refused: unknown, expired, minimum not met, used up', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.dal1.id));
    const refuse = async (code: string, message: string) => {
      const res = await c.post('/s/api/apply/coupon', { code });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'COUPON_REFUSED', message });
    };
    await refuse('NOPE', 'This coupon code is not valid');
    await refuse('OLD20', 'This coupon has expired');
    await refuse('WELCOME50', 'Add ₹319 more to use WELCOME50');
    await refuse('ONCE', 'This coupon has been fully used');
    expect(cartOf(await c.get('/s/api/cart')).offercode).toBeNull();
  });

  it('refuses a code the signed-in shopper already used (per-customer limit)', async () => {
    const c = await shopperAt('560001');
    await signInAs(t.db, c, shop.users.other.id);
    const [welcome] = await t.db.select().from(coupons).where(eq(coupons.code, 'WELCOME50'));
    await t.db
      .insert(couponRedemptions)
      .values({ websiteId: shop.websiteId, couponId: welcome!.id, userId: shop.users.other.id, orderId: 'o-1' });
    cartOf(await add(c, shop.packs.rice5.id));
    const res = await c.post('/s/api/apply/coupon', { code: 'WELCOME50' });
    expect(res.json()).toMatchObject({ message: 'You have already used this coupon' });
  });

  it('re-checks the coupon on every change and drops it with a message when it stops applying', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.rice5.id));
    cartOf(await c.post('/s/api/apply/coupon', { code: 'WELCOME50' }));
    const cart = cartOf(await c.post('/s/api/cart/remove', { pack_id: shop.packs.rice5.id, remove: true }));
    expect(cart.offercode).toBeNull();
    expect(cart.discount).toBe(0);
    expect(cart.message).toBe('Coupon WELCOME50 was removed: Add ₹499 more to use WELCOME50');
    expect(cartOf(await c.get('/s/api/cart')).message).toBeNull();
  });

  it('never discounts more than the items total', async () => {
    const c = await shopperAt('560001');
    cartOf(await add(c, shop.packs.rice1.id));
    // ₹200 off a ₹120 cart: the discount stops at the items total; delivery is still paid.
    const cart = cartOf(await c.post('/s/api/apply/coupon', { code: 'BIG200' }));
    expect(cart).toMatchObject({ total: 120, discount: 120, finalDelivery: 30, amount: 30 });
  });
});

describe('GET /s/api/cart/offers', () => {
  const offers = async (c: TestClient) => {
    const res = await c.get('/s/api/cart/offers');
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Array<{ code: string; usable: boolean; saving: number; reason: string | null; applied: boolean }> }).data;
  };

  it('lists only the coupons the shop shows, each judged against this cart by the same rule as applying it', async () => {
    const c = await shopperAt('560001');
    // HALF, BIG200, ONCE and the expired OLD20 are not listed: they never show
    expect((await offers(c)).map((o) => [o.code, o.usable, o.reason])).toEqual([
      ['SAVE10', false, 'Add items to use this offer'],
      ['WELCOME50', false, 'Add ₹499 more to use WELCOME50'],
    ]);
    cartOf(await add(c, shop.packs.dal1.id));
    expect((await offers(c)).map((o) => [o.code, o.usable, o.saving, o.reason])).toEqual([
      ['SAVE10', true, 18, null],
      ['WELCOME50', false, 0, 'Add ₹319 more to use WELCOME50'],
    ]);
    cartOf(await add(c, shop.packs.dal1.id));
    cartOf(await add(c, shop.packs.dal1.id));
    // ₹540: 10% is ₹54, more than WELCOME50's ₹50, so SAVE10 comes first
    expect((await offers(c)).map((o) => [o.code, o.usable, o.saving])).toEqual([
      ['SAVE10', true, 54],
      ['WELCOME50', true, 50],
    ]);
    for (const o of await offers(c)) {
      const other = await shopperAt('560001');
      cartOf(await add(other, shop.packs.dal1.id));
      cartOf(await add(other, shop.packs.dal1.id));
      cartOf(await add(other, shop.packs.dal1.id));
      expect((await other.post('/s/api/apply/coupon', { code: o.code })).statusCode).toBe(200);
    }
    cartOf(await c.post('/s/api/apply/coupon', { code: 'WELCOME50' }));
    expect((await offers(c)).find((o) => o.code === 'WELCOME50')?.applied).toBe(true);
  });

  it('an unlisted or paused coupon is not offered; a listed one is as soon as it is on', async () => {
    const c = await shopperAt('560001');
    await t.db.update(coupons).set({ listed: true }).where(eq(coupons.code, 'HALF'));
    await t.db.update(coupons).set({ listed: true }).where(eq(coupons.code, 'OLD20'));
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'SAVE10'));
    try {
      expect((await offers(c)).map((o) => o.code).sort()).toEqual(['HALF', 'WELCOME50']);
    } finally {
      await t.db.update(coupons).set({ listed: false }).where(eq(coupons.code, 'HALF'));
      await t.db.update(coupons).set({ listed: false }).where(eq(coupons.code, 'OLD20'));
      await t.db.update(coupons).set({ active: true }).where(eq(coupons.code, 'SAVE10'));
    }
  });
});

describe('guest cart at sign-in', () => {
  it('joins the user cart: quantities added, capped by stock, coupon carried', async () => {
    const me = await shopperAt('560001');
    await signInAs(t.db, me, shop.users.shopper.id);
    cartOf(await add(me, shop.packs.rice1.id));
    cartOf(await add(me, shop.packs.rice1.id));
    cartOf(await add(me, shop.packs.dal1.id));

    const guest = await shopperAt('560001');
    cartOf(await add(guest, shop.packs.rice1.id));
    cartOf(await add(guest, shop.packs.rice1.id));
    cartOf(await add(guest, shop.packs.rice5.id));
    cartOf(await guest.post('/s/api/apply/coupon', { code: 'SAVE10' }));
    const guestSession = sessionIdOf(guest);

    await mergeGuestCart(t.db, { websiteId: shop.websiteId, userId: shop.users.shopper.id, sessionId: guestSession });
    await signInAs(t.db, guest, shop.users.shopper.id);
    const cart = cartOf(await guest.get('/s/api/cart'));
    const q = Object.fromEntries(cart.items.map((i) => [i.pack_id, i.quantity]));
    expect(q).toEqual({ [shop.packs.rice1.id]: 3, [shop.packs.dal1.id]: 1, [shop.packs.rice5.id]: 1 });
    expect(cart.offercode).toBe('SAVE10');
    expect(await t.db.select().from(carts).where(eq(carts.sessionId, guestSession))).toEqual([]);
    // the same cart from the user's other session
    expect(cartOf(await me.get('/s/api/cart')).quantity).toBe(5);
  });

  it('hands the guest cart over whole when the user has none', async () => {
    const guest = await shopperAt('560001');
    cartOf(await add(guest, shop.packs.dal1.id));
    const sid = sessionIdOf(guest);
    const [u] = await t.db.select().from(carts).where(eq(carts.sessionId, sid));
    const [fresh] = await t.db.insert(users).values({ name: 'New Person', email: 'new@example.com' }).returning();
    await mergeGuestCart(t.db, { websiteId: shop.websiteId, userId: fresh!.id, sessionId: sid });
    const [after] = await t.db.select().from(carts).where(eq(carts.id, u!.id));
    expect(after).toMatchObject({ userId: fresh!.id, sessionId: null });
    expect(await t.db.select().from(cartLines).where(eq(cartLines.cartId, u!.id))).toHaveLength(1);
  });
});
