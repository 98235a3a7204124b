import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orderLines, orders, packs, products, users, websites } from '../../db/schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, setStock, type CartShop } from '../cart/test-fixture';
import { openStock } from '../inventory';
import { itOnPostgres } from '../../test/on-postgres';
import { countDelivered, countPairs, oftenBoughtWith, refreshOftenBought } from './often-bought';

let shop!: CartShop;
const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

const DAY = 86_400_000;
let n = 0;

/** A past order of `websiteId` holding one unit of each product's first pack, in `status`, `daysAgo` days ago. */
async function pastOrder(
  db: Db,
  websiteId: number,
  productIds: number[],
  opts: { status?: 'delivered' | 'cancelled' | 'shipped'; daysAgo?: number } = {},
) {
  const id = randomUUID();
  const at = new Date(Date.now() - (opts.daysAgo ?? 3) * DAY);
  const status = opts.status ?? 'delivered';
  await db.insert(orders).values({
    id,
    websiteId,
    ordernumber: `PAST${++n}`,
    userId: shop.users.shopper.id,
    status,
    paymentMethod: 'cod',
    idempotencyKey: `past-${n}`,
    address: {
      name: 'A',
      phone: '9000000011',
      pincode: '560001',
      line1: 'x',
      line2: 'y',
      landmark: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      type: 'home',
    },
    pincode: '560001',
    itemsTotal: 100 * productIds.length,
    total: 100 * productIds.length,
    createdAt: at,
    deliveredAt: status === 'delivered' ? at : null,
  });
  await db.insert(orderLines).values(
    productIds.map((productId) => ({
      websiteId,
      orderId: id,
      productId,
      productName: `Product ${productId}`,
      packName: '1 kg',
      hsnCode: '1006',
      gstRate: 500,
      price: 100,
      actPrice: 100,
      quantity: 1,
      amount: 100,
    })),
  );
  return id;
}

/** A guest with `packIds` in the cart (priced for Bengaluru); answers the names the cart's rail offers. */
async function railFor(packIds: number[]) {
  const c = new TestClient(t.app);
  await c.get('/s/api/check/pincode/560001');
  for (const packId of packIds) expect((await c.post('/s/api/cart/add', { pack_id: packId })).statusCode).toBe(200);
  const res = await c.get('/s/api/orders/often-bought');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ product_name: string; product_id: number }>).map((p) => p.product_name);
}

describe('often bought with (GET /s/api/orders/often-bought)', () => {
  it("ranks the products delivered beside the cart's in this website's orders of the last 90 days; in stock only, never what is in the cart", async () => {
    const db = t.db;
    const { rice, dal, ghee, vada } = shop.products;
    // vada is stocked in Mumbai only: give it some in Bengaluru, where this guest's cart is priced
    await setStock(db, shop.websiteId, shop.packs.vada1.id, shop.warehouses.blr.id, 10);
    // rice with dal three times, with vada twice, with ghee (out of stock) four times
    for (let i = 0; i < 3; i++) await pastOrder(db, shop.websiteId, [rice.id, dal.id]);
    for (let i = 0; i < 2; i++) await pastOrder(db, shop.websiteId, [rice.id, vada.id]);
    for (let i = 0; i < 4; i++) await pastOrder(db, shop.websiteId, [rice.id, ghee.id]);
    // not counted: cancelled, older than 90 days, and another website's orders
    for (let i = 0; i < 5; i++) await pastOrder(db, shop.websiteId, [rice.id, vada.id], { status: 'cancelled' });
    for (let i = 0; i < 5; i++) await pastOrder(db, shop.websiteId, [rice.id, vada.id], { daysAgo: 91 });
    const [other] = await db.insert(websites).values({ name: 'Other Grocery' }).returning();
    for (let i = 0; i < 6; i++) await pastOrder(db, other!.id, [rice.id, vada.id]);
    // the job's rebuild (and the other website's own)
    await refreshOftenBought(db, shop.websiteId);
    await refreshOftenBought(db, other!.id);

    expect(await railFor([shop.packs.rice1.id])).toEqual(['Toor Dal', 'Vada Pav Mix']);
    // what is in the cart is never offered
    expect(await railFor([shop.packs.rice1.id, shop.packs.dal1.id])).toEqual(['Vada Pav Mix']);
    // the counts behind it: each order once
    expect(await oftenBoughtWith(db, shop.websiteId, [rice.id])).toEqual([
      { productId: ghee.id, orders: 4 },
      { productId: dal.id, orders: 3 },
      { productId: vada.id, orders: 2 },
    ]);
    // each website counts its own orders only: six there, two here
    expect(await oftenBoughtWith(db, other!.id, [rice.id])).toEqual([{ productId: vada.id, orders: 6 }]);
    // a delivery counts its basket at once: one more order of rice with vada brings vada level with dal
    const id = await pastOrder(db, shop.websiteId, [rice.id, vada.id, vada.id]);
    await countDelivered(db, shop.websiteId, id);
    expect(await oftenBoughtWith(db, shop.websiteId, [rice.id])).toEqual([
      { productId: ghee.id, orders: 4 },
      { productId: dal.id, orders: 3 },
      { productId: vada.id, orders: 3 },
    ]);
    // a rebuild gives the same counts
    await refreshOftenBought(db, shop.websiteId);
    expect((await oftenBoughtWith(db, shop.websiteId, [rice.id])).map((r) => r.orders)).toEqual([4, 3, 3]);
    // sold out in Bengaluru: no longer offered there
    await setStock(db, shop.websiteId, shop.packs.vada1.id, shop.warehouses.blr.id, 0);
    expect(await railFor([shop.packs.rice1.id])).toEqual(['Toor Dal']);
  });

  itOnPostgres(
    'rebuilds and deliveries counting at once (PostgreSQL): none fails, and the counts come out as a rebuild makes them',
    async () => {
      const db = t.db;
      const { rice, dal, vada } = shop.products;
      const ids: string[] = [];
      for (let i = 0; i < 8; i++)
        ids.push(await pastOrder(db, shop.websiteId, i % 2 ? [rice.id, dal.id] : [rice.id, vada.id, dal.id], { status: 'shipped' }));
      // each delivery as moveOrder does it: the status and the count in one transaction
      const deliver = (id: string) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${id}`);
          await countDelivered(tx, shop.websiteId, id);
        });
      await Promise.all([refreshOftenBought(db, shop.websiteId), ...ids.map(deliver), refreshOftenBought(db, shop.websiteId)]);
      const counted = await oftenBoughtWith(db, shop.websiteId, [rice.id]);
      await refreshOftenBought(db, shop.websiteId);
      expect(counted).toEqual(await oftenBoughtWith(db, shop.websiteId, [rice.id]));
    },
  );

  it('an empty cart (or no cart at all) is offered nothing', async () => {
    const res = await new TestClient(t.app).get('/s/api/orders/often-bought');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('the rebuilt counts answer as the in-memory reference does, for any set of baskets (property)', async () => {
    const db = t.db;
    // a website of its own with six products, all in stock
    const [site] = await db.insert(websites).values({ name: 'Pairs Grocery' }).returning();
    const websiteId = site!.id;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [p] = await db
        .insert(products)
        .values({ websiteId, name: `P${i}`, slug: `p${i}`, hsnCode: '1006', gstRate: 500 })
        .returning();
      const [k] = await db.insert(packs).values({ websiteId, productId: p!.id, name: '1 kg', price: 100, actPrice: 100 }).returning();
      await db.transaction((tx) =>
        openStock(tx, [{ websiteId, packId: k!.id, warehouseId: shop.warehouses.blr.id, available: 5 }], 'test'),
      );
      ids.push(p!.id);
    }
    const [u] = await db.select().from(users).where(eq(users.id, shop.users.shopper.id));
    expect(u).toBeDefined();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
        async (baskets, cart) => {
          await db.delete(orders).where(eq(orders.websiteId, websiteId));
          for (const b of baskets)
            await pastOrder(
              db,
              websiteId,
              b.map((i) => ids[i]!),
            );
          await refreshOftenBought(db, websiteId);
          const got = await oftenBoughtWith(
            db,
            websiteId,
            cart.map((i) => ids[i]!),
            100,
          );
          const want = countPairs(
            baskets.map((b) => b.map((i) => ids[i]!)),
            cart.map((i) => ids[i]!),
          );
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 30 },
    );
  });
});
