import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartLines, carts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, sessionIdOf, type CartShop } from './test-fixture';
import { describeOnPostgres } from '../../test/on-postgres';

// Many concurrent calls from one shopper (two tabs, double clicks) on one cart. On PostgreSQL only
// (--project server-pg), where the calls really interleave: PGlite runs them one at a time.
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

async function shopper() {
  const c = new TestClient(t.app);
  await c.get('/s/api/check/pincode/560001');
  await c.get('/s/api/cookie');
  return c;
}
const linesOf = async (c: TestClient) => {
  const [cart] = await t.db
    .select()
    .from(carts)
    .where(eq(carts.sessionId, sessionIdOf(c)));
  return cart ? t.db.select().from(cartLines).where(eq(cartLines.cartId, cart.id)) : [];
};

describeOnPostgres('concurrent cart changes (PostgreSQL)', () => {
  it('creates exactly one cart and one line when the first adds race', async () => {
    const c = await shopper();
    const res = await Promise.all(
      Array.from({ length: 12 }, () => c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id, warehouse_id: null })),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(
      await t.db
        .select()
        .from(carts)
        .where(eq(carts.sessionId, sessionIdOf(c))),
    ).toHaveLength(1);
    const lines = await linesOf(c);
    expect(lines.map((l) => l.quantity)).toEqual([12]);
  });

  it('ends with the quantity the adds and removes add up to', async () => {
    const c = await shopper();
    for (let i = 0; i < 10; i++) expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
    const calls = [
      ...Array.from({ length: 20 }, () => () => c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })),
      ...Array.from({ length: 10 }, () => () => c.post('/s/api/cart/remove', { pack_id: shop.packs.dal1.id, remove: false })),
    ].sort(() => Math.random() - 0.5);
    const res = await Promise.all(calls.map((call) => call()));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect((await linesOf(c)).map((l) => l.quantity)).toEqual([20]);
    const cart = (await c.get('/s/api/cart')).json();
    expect(cart.quantity).toBe(20);
  });

  it('removes every unit exactly once: never negative, no line left', async () => {
    const c = await shopper();
    for (let i = 0; i < 8; i++) await c.post('/s/api/cart/add', { pack_id: shop.packs.rice5.id });
    const res = await Promise.all(
      Array.from({ length: 14 }, () => c.post('/s/api/cart/remove', { pack_id: shop.packs.rice5.id, remove: false })),
    );
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect(await linesOf(c)).toEqual([]);
  });

  it('never lets racing adds pass the stock: 3 units, 12 tries', async () => {
    const c = await shopper();
    const res = await Promise.all(Array.from({ length: 12 }, () => c.post('/s/api/cart/add', { pack_id: shop.packs.rice1.id })));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = res.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.json().message).toBe('Only 3 left in stock');
    expect((await linesOf(c)).map((l) => l.quantity)).toEqual([3]);
  });
});
