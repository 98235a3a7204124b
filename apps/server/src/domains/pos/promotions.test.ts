import { counterBill, heldCartSchema, promotableCounterLine, saleDetailSchema } from '@grocer/shared/pos';
import {
  applyPromotions,
  fromPosPromotion,
  posPromotionListSchema,
  type AdminPromotion,
  type AdminPromotionInput,
} from '@grocer/shared/promotions';
import { toPaise, toRupees } from '@grocer/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, orderLines, orders, posSales, productCategories, stockMovements, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// The till applies the website's automatic promotions as the online cart does (issue 40 §19):
// the till prices with the shared rule over GET /pos/promotions, the server prices the sale the
// same way and refuses a total that disagrees; the sale's record, receipts and returns carry the
// promotion. And a held cart keeps its member's price list when recalled.
const { t, shop, key, shopper } = await checkoutBench();
afterAll(() => t.close());

const till = 'Till P';
let owner: TestClient;
let cashier: TestClient;
let staff: ReturnType<typeof staffClients>;
beforeAll(async () => {
  staff = staffClients(t, shop.websiteId);
  owner = await staff.as({ hasAdminAccess: true });
  cashier = await staff.as({ isCashier: true });
  const open = await cashier.post('/s/api/pos/shift/open', { till, warehouse_id: shop.warehouses.blr.id, float: 0 });
  expect(open.statusCode, open.body).toBe(200);
});

const base = { startsAt: null, endsAt: null, active: true };
async function create(input: AdminPromotionInput): Promise<AdminPromotion> {
  const res = await owner.post('/s/api/admin/promotions', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const pause = async (p: AdminPromotion) =>
  expect((await owner.post(`/s/api/admin/promotions/${p.id}/active`, { active: false })).statusCode).toBe(200);

type Line = { pack_id: number; quantity: number; price: number };
/** The till's total for these lines (₹), priced as the till does: its promotions, the shared rule. */
async function tillTotal(lines: Line[]) {
  const res = await cashier.get('/s/api/pos/promotions');
  expect(res.statusCode, res.body).toBe(200);
  const promos = posPromotionListSchema.parse(res.json()).data.map(fromPosPromotion);
  const promoted = applyPromotions(
    lines.map((l) => ({
      ...promotableCounterLine({ packId: l.pack_id, productId: 0, unitPaise: toPaise(l.price), quantity: l.quantity, soldByWeight: false }),
      brandId: null,
      categoryIds: [],
    })),
    promos,
    new Date(),
  );
  const bill = counterBill(
    lines.map((l) => ({ grossPaise: toPaise(l.price) * l.quantity, discountPaise: 0 })),
    promoted,
    0,
  );
  return { total: toRupees(bill.total), bill };
}
const sale = (lines: Line[], total: number, extra: Record<string, unknown> = {}) =>
  cashier.post('/s/api/pos/sales', {
    idempotency_key: key(),
    till,
    lines: lines.map((l) => ({ pack_id: l.pack_id, quantity: l.quantity })),
    expected_total: total,
    payment: { cash: total, cash_tendered: total },
    ...extra,
  });
const count = async () => ({
  orders: (await t.db.select().from(orders).where(eq(orders.channel, 'pos'))).length,
  sales: (await t.db.select().from(posSales)).length,
  moves: (await t.db.select().from(stockMovements)).length,
  audit: (await t.db.select().from(auditLog).where(eq(auditLog.entity, 'pos_sale'))).length,
});

describe('automatic promotions at the till', () => {
  it('a buy-2-get-1 sale priced by the server equals the till’s; the record and both receipts show it', async () => {
    const promo = await create({
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
    const lines = [{ pack_id: shop.packs.dal1.id, quantity: 3, price: 180 }];
    const priced = await tillTotal(lines);
    expect(priced.total).toBe(360);
    expect(priced.bill.promotions).toEqual([{ promotionId: promo.id, name: 'Buy 2 get 1 free', discountPaise: 18_000 }]);

    const res = await sale(lines, priced.total);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 360, change: 0 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().order_id));
    expect(row).toMatchObject({ itemsTotal: 36_000, discount: 0, total: 36_000 });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(line).toMatchObject({ quantity: 3, amount: 36_000, promotionDiscount: 18_000, promotion: 'Buy 2 get 1 free' });

    const detail = saleDetailSchema.parse((await cashier.get(`/s/api/pos/sales/${res.json().receipt}`)).json());
    expect(detail.promotions).toEqual([{ name: 'Buy 2 get 1 free', discount: 180 }]);
    expect(detail.lines[0]).toMatchObject({ amount: 360, promotion: { name: 'Buy 2 get 1 free', discount: 180 } });
    const slip = (await cashier.get(`/s/api/pos/sales/${res.json().receipt}/print`)).body;
    expect(slip).toContain('Buy 2 get 1 free');
    expect(slip).toContain('− ₹180');
    expect(slip).toMatch(/TOTAL<\/td><td class="n">₹360/);
    const a4 = (await cashier.get(`/s/api/pos/sales/${res.json().receipt}/print?format=a4`)).body;
    expect(a4).toContain('Buy 2 get 1 free: − ₹180');

    // a return of one of the three units refunds a third of what the three cost (₹360), not ₹180 or nothing
    const back = await cashier.post(`/s/api/pos/sales/${res.json().receipt}/return`, {
      till,
      lines: [{ line_id: detail.lines[0]!.line_id, quantity: 1 }],
      reason: 'damaged',
      tender: 'upi',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ total: 120, refund: { cash: 0, upi: 120, card: 0 } });
    await pause(promo);
  });

  it('a client total that disagrees with the promotion is refused with 409 and nothing is written', async () => {
    const promo = await create({
      ...base,
      name: 'Dal 3 for 2',
      rule: {
        kind: 'buy_x_get_y',
        buy: { type: 'pack', packIds: [shop.packs.dal1.id] },
        buyQuantity: 2,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      },
    });
    const before = await count();
    // the till forgot the promotion: ₹540
    const res = await sale([{ pack_id: shop.packs.dal1.id, quantity: 3, price: 180 }], 540);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('₹360');
    expect(await count()).toEqual(before);
    await pause(promo);
  });

  it('a promotion over two lines is spread over both by value, and a return refunds each unit’s share', async () => {
    const promo = await create({
      ...base,
      name: 'Pantry 3 for 2',
      rule: {
        kind: 'buy_x_get_y',
        buy: { type: 'pack', packIds: [shop.packs.dal1.id, shop.packs.rice1.id] },
        buyQuantity: 2,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      },
    });
    const lines = [
      { pack_id: shop.packs.dal1.id, quantity: 2, price: 180 },
      { pack_id: shop.packs.rice1.id, quantity: 1, price: 120 },
    ];
    const priced = await tillTotal(lines);
    // the rice (cheapest) is free: ₹120 off ₹480, spread 360:120 → ₹90 on the dal, ₹30 on the rice
    expect(priced.total).toBe(360);
    expect(priced.bill.lines.map((l) => l.promotionPaise)).toEqual([9_000, 3_000]);
    const res = await sale(lines, priced.total);
    expect(res.statusCode, res.body).toBe(200);
    const detail = saleDetailSchema.parse((await cashier.get(`/s/api/pos/sales/${res.json().receipt}`)).json());
    expect(detail.lines.map((l) => l.amount)).toEqual([270, 90]);
    expect(detail.promotions).toEqual([{ name: 'Pantry 3 for 2', discount: 120 }]);
    const back = await cashier.post(`/s/api/pos/sales/${res.json().receipt}/return`, {
      till,
      lines: [{ line_id: detail.lines[1]!.line_id, quantity: 1 }],
      reason: 'changed_mind',
      tender: 'upi',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ total: 90, refund: { upi: 90 } });
    await pause(promo);
  });

  it('a cart promotion at the till: judged on the items, shown on the bill, not counted against the cashier’s limit', async () => {
    const promo = await create({
      ...base,
      name: '₹50 off ₹500',
      rule: { kind: 'cart', minPaise: 50_000, flatPaise: 5_000, percentBp: null, capPaise: null },
    });
    const lines = [{ pack_id: shop.packs.dal1.id, quantity: 3, price: 180 }];
    const priced = await tillTotal(lines);
    expect(priced.total).toBe(490);
    const res = await sale(lines, 490);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().order_id));
    expect(row).toMatchObject({ itemsTotal: 54_000, discount: 5_000, promotionDiscount: 5_000, promotion: '₹50 off ₹500', total: 49_000 });
    await pause(promo);
  });
});

describe('the till’s promotions', () => {
  it('a category promotion reaches the till as the category’s packs, and the till’s total is the server’s', async () => {
    // the dal in Pulses as an extra category (not its primary one): the till still gets its pack
    const [pulses] = await t.db.insert(categories).values({ websiteId: shop.websiteId, name: 'Pulses', slug: 'pulses' }).returning();
    await t.db.insert(productCategories).values({ websiteId: shop.websiteId, productId: shop.products.dal.id, categoryId: pulses!.id });
    const categoryId = pulses!.id;
    const promo = await create({
      ...base,
      name: 'Pulses 3 for 2',
      rule: {
        kind: 'buy_x_get_y',
        buy: { type: 'category', categoryId },
        buyQuantity: 2,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      },
    });
    const list = posPromotionListSchema.parse((await cashier.get('/s/api/pos/promotions')).json()).data;
    const mine = list.find((p) => p.id === promo.id)!;
    expect(mine).toMatchObject({ name: 'Pulses 3 for 2', summary: 'Buy 2 get 1 free', starts_at: null, ends_at: null });
    expect(mine.rule.kind === 'buy_x_get_y' && mine.rule.buy.packIds).toEqual([shop.packs.dal1.id]);
    const lines = [{ pack_id: shop.packs.dal1.id, quantity: 3, price: 180 }];
    const priced = await tillTotal(lines);
    expect(priced.total).toBe(360);
    const res = await sale(lines, priced.total);
    expect(res.statusCode, res.body).toBe(200);
    await pause(promo);
    // paused: gone from the till's list
    const after = posPromotionListSchema.parse((await cashier.get('/s/api/pos/promotions')).json()).data;
    expect(after.map((p) => p.id)).not.toContain(promo.id);
  });
});

describe('a held cart keeps its member', () => {
  it('held with a member, recalled with their price list, sold at member prices → 200', async () => {
    const group = await owner.post('/s/api/admin/customer-groups', { name: 'Wholesale' });
    expect(group.statusCode, group.body).toBe(201);
    const member = (await shopper([[shop.packs.dal1.id, 1]])).user;
    await t.db.update(users).set({ name: 'Ravi Traders', phone: '9811100042' }).where(eq(users.id, member.id));
    const added = await owner.post(`/s/api/admin/customer-groups/${group.json().id}/members`, { customer: '9811100042' });
    expect(added.statusCode, added.body).toBe(200);
    const prices = await owner.put(`/s/api/admin/customer-groups/${group.json().id}/prices`, {
      entries: [{ packId: shop.packs.dal1.id, pricePaise: 15_000, minQuantity: 2 }],
    });
    expect(prices.statusCode, prices.body).toBe(200);

    // the till held the cart as it had it: the member with the prices the lookup gave
    const held = await cashier.post('/s/api/pos/held', {
      till,
      label: '9811100042',
      cart: {
        customer: { mobile: '9811100042', name: 'Ravi Traders', prices: [{ pack_id: shop.packs.dal1.id, price: 150, min_quantity: 2 }] },
        cart_discount: 0,
        lines: [{ pack_id: shop.packs.dal1.id, label: 'Toor Dal - 1 kg', price: 180, sold_by_weight: false, quantity: 2, discount: 0 }],
      },
    });
    expect(held.statusCode, held.body).toBe(200);
    const recalled = await cashier.post(`/s/api/pos/held/${held.json().id}/recall`);
    expect(recalled.statusCode, recalled.body).toBe(200);
    const cart = heldCartSchema.parse(recalled.json());
    expect(cart.customer).toMatchObject({
      mobile: '9811100042',
      group: 'Wholesale',
      prices: [{ pack_id: shop.packs.dal1.id, price: 150, min_quantity: 2 }],
    });

    // an older held cart without the prices (held before they were kept) gets them on recall too
    const bare = await cashier.post('/s/api/pos/held', {
      till,
      label: 'older',
      cart: { ...cart, customer: { mobile: '9811100042' } },
    });
    const again = heldCartSchema.parse((await cashier.post(`/s/api/pos/held/${bare.json().id}/recall`)).json());
    expect(again.customer?.prices).toEqual([{ pack_id: shop.packs.dal1.id, price: 150, min_quantity: 2 }]);

    const sold = await sale([{ pack_id: shop.packs.dal1.id, quantity: 2, price: 150 }], 300, {
      customer: { mobile: cart.customer!.mobile },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, sold.json().order_id));
    expect(row).toMatchObject({ userId: member.id, total: 30_000 });
  });
});
