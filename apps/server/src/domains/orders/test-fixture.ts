import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { packs, products, stock, users, websiteMembers } from '../../db/schema';
import type { Db } from '../../db/client';
import { openStock } from '../inventory';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';

export const home = {
  name: 'Asha',
  phone: '9000000011',
  pincode: '560001',
  line1: 'Flat 4B, Lake View',
  line2: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  type: 'home',
};

/**
 * Curd (₹32) and bread (₹26), 400 g packs with GST 5 %, 100 of each in Bengaluru: with the cart
 * shop's ₹30 delivery under ₹499, one of each is an order of ₹88 whose goods are ₹58.
 */
export async function curdAndBread(db: Db, shop: CartShop): Promise<{ curd: number; bread: number }> {
  const pack = async (name: string, slug: string, price: number) => {
    const [p] = await db.insert(products).values({ websiteId: shop.websiteId, name, slug, hsnCode: '0403', gstRate: 500 }).returning();
    const [k] = await db
      .insert(packs)
      .values({ websiteId: shop.websiteId, productId: p!.id, name: '400 g', price, actPrice: price })
      .returning();
    return k!.id;
  };
  const curd = await pack('Curd', 'curd', 3_200);
  const bread = await pack('Bread', 'bread', 2_600);
  await db.transaction((tx) =>
    openStock(
      tx,
      [curd, bread].map((packId) => ({ websiteId: shop.websiteId, packId, warehouseId: shop.warehouses.blr.id, available: 100 })),
      'test',
    ),
  );
  return { curd, bread };
}

/**
 * A checkout test bench over a real listening server (the payment adapters talk HTTP to the
 * built-in gateway simulator, which sends signed webhooks back): the small cart shop, new
 * signed-in shoppers with an address and a filled cart, and the simulator's hand-off page.
 */
export async function checkoutBench() {
  let shop!: CartShop;
  const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  let n = 0;

  const stockOf = async (packId: number, warehouseId: number) =>
    (
      await t.db
        .select()
        .from(stock)
        .where(and(eq(stock.packId, packId), eq(stock.warehouseId, warehouseId)))
    )[0]!.available;
  const key = () => `test-key-${++n}-${Math.random().toString(36).slice(2)}`;

  /** A new signed-in shopper with an address and `items` in the cart; answers what checkout shows. */
  async function shopper(items: Array<[number, number]>, address: Partial<typeof home> = {}) {
    const [u] = await t.db
      .insert(users)
      .values({ name: `Shopper ${++n}`, email: `s${n}-${Date.now()}@example.com`, phone: null })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
    const c = new TestClient(t.app);
    await c.get(`/s/api/check/pincode/${address.pincode ?? home.pincode}`);
    await signInAs(t.db, c, u!.id);
    for (const [packId, qty] of items)
      for (let i = 0; i < qty; i++) expect((await c.post('/s/api/cart/add', { pack_id: packId })).statusCode).toBe(200);
    const addr = (await c.post('/s/api/addresses', { ...home, ...address })).json();
    const cart = (await c.get(`/s/api/cart?address_id=${addr.id}`)).json();
    return { c, user: u!, addressId: addr.id as number, cart };
  }

  const place = (c: TestClient, body: Record<string, unknown>) => c.post('/s/api/orders', body);

  /** A shopper with `items` who places a prepaid order; answers the place-order answer too. */
  async function prepaid(provider: 'razorpay' | 'cashfree', items: Array<[number, number]>) {
    const s = await shopper(items);
    const res = await place(s.c, {
      address_id: s.addressId,
      payment_method: provider,
      expected_total: s.cart.amount,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...s, placed: res.json() };
  }

  /** Opens the simulator's hand-off page and presses a button; answers where the browser goes back to. */
  async function simulatorOutcome(checkoutUrl: string, outcome: 'success' | 'failure' | 'cancel' | 'success_late') {
    const page = await fetch(base + checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Nothing is charged');
    const res = await fetch(base + checkoutUrl.split('?')[0], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!, base);
  }

  return { t, shop, base, stockOf, key, shopper, place, prepaid, simulatorOutcome };
}
