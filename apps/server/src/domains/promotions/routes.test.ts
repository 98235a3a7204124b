import type { AdminPromotion, AdminPromotionInput } from '@grocer/shared/promotions';
import { cartSchema } from '@grocer/shared/cart';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, orders, packs, products, promotions, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// Automatic promotions through the API: the owner sets them up, shoppers' carts, checkout and
// orders apply them (one pricing: `loadPricedCart`), and the order's totals are the cart's.
const { t, shop, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());

let owner: TestClient;
let staff: ReturnType<typeof staffClients>;
beforeAll(async () => {
  staff = staffClients(t, shop.websiteId);
  owner = await staff.as({ hasAdminAccess: true });
});

const base = { startsAt: null, endsAt: null, active: true };
async function create(input: AdminPromotionInput): Promise<AdminPromotion> {
  const res = await owner.post('/s/api/admin/promotions', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const pause = async (p: AdminPromotion) =>
  expect((await owner.post(`/s/api/admin/promotions/${p.id}/active`, { active: false })).statusCode).toBe(200);

/** Places a cash-on-delivery order of the shopper's cart; answers the order and its rows. */
async function order(s: Awaited<ReturnType<typeof shopper>>) {
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  const detail = res.json().order;
  const [row] = await t.db.select().from(orders).where(eq(orders.id, detail.id));
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, detail.id));
  return { detail, row: row!, lines };
}

describe('buy X get Y', () => {
  it('buy 2 get 1 free: the shopper sees it on the line, pays for 2, and the order, its GST and totals say the same', async () => {
    const p = await create({
      ...base,
      name: 'Buy 2 get 1 free',
      rule: {
        kind: 'buy_x_get_y',
        buy: { type: 'pack', packIds: [shop.packs.dal1.id] },
        buyQuantity: 2,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      },
    });
    expect(p).toMatchObject({
      kind: 'buy_x_get_y',
      summary: 'Buy 2 get 1 free',
      packs: [{ id: shop.packs.dal1.id, label: 'Toor Dal - 1 kg' }],
    });
    const s = await shopper([[shop.packs.dal1.id, 3]]);
    const cart = cartSchema.parse(s.cart);
    expect(cart.items[0]).toMatchObject({
      quantity: 3,
      price: 180,
      amount: 360,
      promotion: { id: p.id, name: 'Buy 2 get 1 free', discount: 180 },
    });
    expect(cart.total).toBe(360);
    const { detail, row, lines } = await order(s);
    expect(detail.total).toBe(cart.amount);
    expect(detail.items_total).toBe(360);
    expect(detail.lines[0]).toMatchObject({ quantity: 3, price: 180, amount: 360, promotion: { name: 'Buy 2 get 1 free', discount: 180 } });
    // GST on the discounted value: the taxable value and its tax make the ₹360 paid
    expect(detail.lines[0].tax.taxable + detail.lines[0].tax.gst).toBeCloseTo(360, 2);
    expect(row).toMatchObject({ itemsTotal: 36_000, discount: 0, promotionDiscount: 0 });
    expect(lines[0]).toMatchObject({
      price: 18_000,
      quantity: 3,
      amount: 36_000,
      promotionDiscount: 18_000,
      promotion: 'Buy 2 get 1 free',
    });
    const invoice = (await s.c.get(`/s/api/orders/${detail.id}/invoice`)).body;
    expect(invoice).toContain('Buy 2 get 1 free: − ₹180 (in the amount)');
    // its lines cannot be changed afterwards (the promotion was priced over the whole order)
    const edit = await s.c.post(`/s/api/orders/${detail.id}/edit/quote`, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }] });
    expect([edit.statusCode, edit.json().code]).toEqual([409, 'ORDER_EDIT_PROMOTION']);
    // with 2 in the cart, nothing is free
    const two = await shopper([[shop.packs.dal1.id, 2]]);
    expect(cartSchema.parse(two.cart).items[0]).toMatchObject({ amount: 360, promotion: null });
    await pause(p);
    const after = await shopper([[shop.packs.dal1.id, 3]]);
    expect(cartSchema.parse(after.cart)).toMatchObject({ total: 540 });
  });
});

describe('combo', () => {
  it('rice 5 kg and dal 1 kg together for ₹600 (₹730 apart): ₹130 spread over the two lines', async () => {
    const p = await create({
      ...base,
      name: 'Rice + dal combo',
      rule: {
        kind: 'combo',
        items: [
          { packId: shop.packs.rice5.id, quantity: 1 },
          { packId: shop.packs.dal1.id, quantity: 1 },
        ],
        pricePaise: 60_000,
      },
    });
    const s = await shopper([
      [shop.packs.rice5.id, 1],
      [shop.packs.dal1.id, 1],
    ]);
    const cart = cartSchema.parse(s.cart);
    expect(cart.total).toBe(600);
    expect(cart.items.map((i) => i.promotion?.discount)).toEqual([97.95, 32.05]);
    const { detail } = await order(s);
    expect(detail).toMatchObject({ items_total: 600, total: cart.amount });
    await pause(p);
  });

  it('refuses a combo dearer than its packs, or naming another shop’s pack, and saves nothing', async () => {
    const before = (await t.db.select().from(promotions)).length;
    const dear = await owner.post('/s/api/admin/promotions', {
      ...base,
      name: 'Dear',
      rule: {
        kind: 'combo',
        items: [
          { packId: shop.packs.rice5.id, quantity: 1 },
          { packId: shop.packs.dal1.id, quantity: 1 },
        ],
        pricePaise: 90_000,
      },
    });
    expect([dear.statusCode, dear.json().errors]).toEqual([
      422,
      { 'rule.pricePaise': ['The combo price must be less than the packs cost separately'] },
    ]);
    const [site] = await t.db.insert(websites).values({ name: 'Elsewhere' }).returning();
    const [prod] = await t.db
      .insert(products)
      .values({ websiteId: site!.id, name: 'Theirs', slug: 'theirs', hsnCode: '1', gstRate: 0 })
      .returning();
    const [theirs] = await t.db
      .insert(packs)
      .values({ websiteId: site!.id, productId: prod!.id, name: '1', price: 100, actPrice: 100 })
      .returning();
    const foreign = await owner.post('/s/api/admin/promotions', {
      ...base,
      name: 'Foreign',
      rule: {
        kind: 'buy_x_get_y',
        buy: { type: 'pack', packIds: [theirs!.id] },
        buyQuantity: 1,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      },
    });
    expect(foreign.statusCode).toBe(422);
    expect((await t.db.select().from(promotions)).length).toBe(before);
  });
});

describe('cart discount', () => {
  it('spend ₹500, get 10% off up to ₹40; a coupon stacks on top; order total = cart amount', async () => {
    const p = await create({
      ...base,
      name: 'Spend ₹500, save 10%',
      rule: { kind: 'cart', minPaise: 50_000, flatPaise: null, percentBp: 1000, capPaise: 4000 },
    });
    const small = await shopper([[shop.packs.dal1.id, 2]]);
    expect(cartSchema.parse(small.cart)).toMatchObject({ total: 360, discount: 0, promotion: null });
    const s = await shopper([[shop.packs.rice5.id, 1]]);
    const cart = cartSchema.parse(s.cart);
    expect(cart).toMatchObject({ total: 550, discount: 40, promotion: { name: 'Spend ₹500, save 10%', discount: 40 } });
    expect(cart.amount).toBe(550 - 40 + cart.finalDelivery);
    const applied = await s.c.post('/s/api/apply/coupon', { code: 'HALF' });
    expect(applied.statusCode, applied.body).toBe(200);
    const withCoupon = cartSchema.parse(applied.json());
    // HALF: 50% up to ₹100 on ₹550 → ₹100, plus the promotion's ₹40
    expect(withCoupon).toMatchObject({ discount: 140, offercode: 'HALF', promotion: { discount: 40 } });
    const { detail, row } = await order({ ...s, cart: withCoupon });
    expect(detail).toMatchObject({
      discount: 140,
      coupon: 'HALF',
      promotion: { name: 'Spend ₹500, save 10%', discount: 40 },
      total: withCoupon.amount,
    });
    expect(row).toMatchObject({ discount: 14_000, promotionDiscount: 4000, promotion: 'Spend ₹500, save 10%' });
    const invoice = (await s.c.get(`/s/api/orders/${detail.id}/invoice`)).body;
    expect(invoice).toContain('<th class="n">Coupon HALF + Spend ₹500, save 10%</th>');
    // GST is on what was paid: the goods less both discounts
    const paise = (r: number) => Math.round(r * 100);
    expect(paise(detail.tax.taxable) + paise(detail.tax.gst)).toBe(paise(detail.items_total) - paise(detail.discount));
    await pause(p);
  });
});

describe('who may', () => {
  it('a shopper is refused the promotions screen; every save and pause is audited', async () => {
    const shopperClient = await staff.as({});
    expect((await shopperClient.get('/s/api/admin/promotions')).statusCode).toBe(403);
    const list = await owner.get('/s/api/admin/promotions');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThanOrEqual(3);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop.websiteId), eq(auditLog.entity, 'promotion')));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'create', 'create', 'pause', 'pause', 'pause']);
  });
});
