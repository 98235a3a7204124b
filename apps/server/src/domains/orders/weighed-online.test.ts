import { cartSchema } from '@grocer/shared/cart';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, packs, products, promotions, stock } from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { setCartLine } from '../cart/service';
import { sessionIdOf } from '../cart/test-fixture';
import { ledgerMismatches, openStock } from '../inventory';
import { checkoutBench } from './test-fixture';

// Loose goods sold online (issue 40.5): a weighed pack's cart and order lines are grams, bought
// in the pack's steps, priced round(price per kg × grams / 1000), and stock is taken in grams.
const { t, shop, stockOf, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());

let tomato: number;
let dal: number;
beforeAll(async () => {
  const loose = async (name: string, slug: string, pricePaise: number, stepGrams: number) => {
    const [p] = await t.db.insert(products).values({ websiteId: shop.websiteId, name, slug, hsnCode: '0702', gstRate: 0 }).returning();
    const [k] = await t.db
      .insert(packs)
      .values({
        websiteId: shop.websiteId,
        productId: p!.id,
        name: 'per kg',
        price: pricePaise,
        actPrice: pricePaise + 1_000,
        soldByWeight: true,
        stepGrams,
      })
      .returning();
    return k!.id;
  };
  tomato = await loose('Tomato (loose)', 'loose-tomato', 4_000, 500);
  dal = await loose('Toor Dal (loose)', 'loose-toor-dal', 3_700, 250);
  await t.db.transaction((tx) =>
    openStock(
      tx,
      [tomato, dal].map((packId) => ({ websiteId: shop.websiteId, packId, warehouseId: shop.warehouses.blr.id, available: 10_000 })),
      'test',
    ),
  );
});

describe('a weighed pack in the cart', () => {
  it('adds and removes one step per tap, prices the grams per kg and counts the line as one item', async () => {
    const { c, cart } = await shopper([[tomato, 2]]);
    const parsed = cartSchema.parse(cart);
    expect(parsed.items).toEqual([
      expect.objectContaining({
        pack_id: tomato,
        quantity: 1000,
        price: 40,
        act_price: 50,
        amount: 40,
        sold_by_weight: true,
        step_grams: 500,
      }),
    ]);
    expect(parsed.quantity).toBe(1);
    expect(parsed.total).toBe(40);
    const less = cartSchema.parse((await c.post('/s/api/cart/remove', { pack_id: tomato })).json());
    expect(less.items[0]).toMatchObject({ quantity: 500, amount: 20 });
    const more = cartSchema.parse((await c.post('/s/api/cart/add', { pack_id: dal })).json());
    // 250 g at ₹37/kg = ₹9.25; an ordinary pack's line has no weighed fields
    expect(more.items.find((i) => i.pack_id === dal)).toMatchObject({ quantity: 250, amount: 9.25, step_grams: 250 });
    expect(more.total).toBe(29.25);
    const rice = cartSchema.parse((await c.post('/s/api/cart/add', { pack_id: shop.packs.rice5.id })).json());
    const riceLine = rice.items.find((i) => i.pack_id === shop.packs.rice5.id)!;
    expect(riceLine.quantity).toBe(1);
    expect('sold_by_weight' in riceLine).toBe(false);
    expect(rice.quantity).toBe(3);
  });

  it('rounds the amount to the paisa: 750 g at ₹37/kg is ₹27.75', async () => {
    const { cart } = await shopper([[dal, 3]]);
    expect(cart.items[0]).toMatchObject({ quantity: 750, amount: 27.75 });
  });

  it('refuses a step more than the stock, saying what is left as a weight (cart unchanged)', async () => {
    const { c } = await shopper([[tomato, 1]]);
    await t.db.transaction(async (tx) => {
      await tx
        .update(stock)
        .set({ available: 700 })
        .where(and(eq(stock.packId, tomato), eq(stock.warehouseId, shop.warehouses.blr.id)));
    });
    const refused = await c.post('/s/api/cart/add', { pack_id: tomato });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only 700 g left in stock');
    expect(cartSchema.parse((await c.get('/s/api/cart')).json()).items[0]!.quantity).toBe(500);
    await t.db
      .update(stock)
      .set({ available: 10_000 })
      .where(and(eq(stock.packId, tomato), eq(stock.warehouseId, shop.warehouses.blr.id)));
  });

  it('a quantity set directly must be whole steps: 422 with the step, nothing changed', async () => {
    const { c, user } = await shopper([[tomato, 1]]);
    const ctx = { websiteId: shop.websiteId, userId: user.id, sessionId: sessionIdOf(c), pincode: '560001' };
    await expect(setCartLine(t.db, ctx, { packId: tomato, quantity: 700 })).rejects.toMatchObject({
      statusCode: 422,
      errors: { quantity: ['Choose a multiple of 500 g'] },
    });
    expect(cartSchema.parse((await c.get('/s/api/cart')).json()).items[0]!.quantity).toBe(500);
    await setCartLine(t.db, ctx, { packId: tomato, quantity: 1500 });
    expect(cartSchema.parse((await c.get('/s/api/cart')).json()).items[0]).toMatchObject({ quantity: 1500, amount: 60 });
  });
});

describe('ordering a weighed pack', () => {
  it('takes the grams from stock, writes the line in grams with its amount, and the invoice reads kg × price per kg', async () => {
    const before = await stockOf(tomato, shop.warehouses.blr.id);
    const { c, addressId, cart } = await shopper([
      [tomato, 3],
      [shop.packs.dal1.id, 1],
    ]);
    const res = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order ?? res.json();
    expect(await stockOf(tomato, shop.warehouses.blr.id)).toBe(before - 1500);
    const [line] = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.packId, tomato)));
    expect(line).toMatchObject({ quantity: 1500, soldByWeight: true, price: 4_000, amount: 6_000 });
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);

    const detail = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(detail.items).toBe(2);
    expect(detail.lines.find((l: { pack_id: number }) => l.pack_id === tomato)).toMatchObject({
      quantity: 1500,
      sold_by_weight: true,
      price: 40,
      amount: 60,
    });
    const invoice = (await c.get(`/s/api/orders/${order.id}/invoice`)).body;
    expect(invoice).toContain('<td class="n">1.500 kg</td><td class="n">₹40/kg</td>');

    // a placed order keeps a loose good as ordered or removes it whole: another weight is refused
    const changed = await c.post(`/s/api/orders/${order.id}/edit/quote`, {
      lines: [
        { pack_id: tomato, quantity: 2000 },
        { pack_id: shop.packs.dal1.id, quantity: 2 },
      ],
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('Tomato (loose) - per kg is sold by weight: keep it as ordered or remove it');
    const kept = await c.post(`/s/api/orders/${order.id}/edit/quote`, {
      lines: [
        { pack_id: tomato, quantity: 1500 },
        { pack_id: shop.packs.dal1.id, quantity: 2 },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);

    // reorder: the grams come back in steps (1.5 kg = three taps of 500 g), not 1500 taps
    const again = await c.post(`/s/api/orders/${order.id}/reorder`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().cart.items.find((i: { pack_id: number }) => i.pack_id === tomato)).toMatchObject({ quantity: 1500, amount: 60 });
    expect(kept.json().lines.find((l: { pack_id: number }) => l.pack_id === tomato)).toMatchObject({ quantity: 1500, amount: 60 });
  });
});

describe('promotions and a weighed pack', () => {
  it('a "buy 1 get 1" on the pack never matches its grams; a cart promotion counts its amount', async () => {
    const made = await t.db
      .insert(promotions)
      .values([
        {
          websiteId: shop.websiteId,
          name: 'Tomato BOGO',
          kind: 'buy_x_get_y',
          rule: {
            kind: 'buy_x_get_y',
            buy: { type: 'pack', packIds: [tomato] },
            buyQuantity: 1,
            getQuantity: 1,
            getPackId: null,
            percentOff: 100,
          },
        },
        {
          websiteId: shop.websiteId,
          name: '₹5 off over ₹50',
          kind: 'cart',
          rule: { kind: 'cart', minPaise: 5_000, flatPaise: 500, percentBp: null, capPaise: null },
        },
      ])
      .returning();
    // written straight to the table, not through Administration: drop the website's kept promotions as a staff save does
    invalidateWebsite(shop.websiteId);
    try {
      const { cart } = await shopper([[tomato, 3]]);
      const parsed = cartSchema.parse(cart);
      expect(parsed.items[0]).toMatchObject({ quantity: 1500, amount: 60, promotion: null });
      expect(parsed.total).toBe(60);
      expect(parsed.promotion).toMatchObject({ name: '₹5 off over ₹50', discount: 5 });
      expect(parsed.discount).toBe(5);
    } finally {
      for (const m of made) await t.db.delete(promotions).where(eq(promotions.id, m.id));
      invalidateWebsite(shop.websiteId);
    }
  });
});
