import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, restockAlerts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, setStock, signInAs, type CartShop } from '../cart/test-fixture';
import { sendRestockAlerts } from './service';

// "Notify me" (issue 19): an out-of-stock pack tells the shoppers who asked, once, when it is back.
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

const run = () => sendRestockAlerts(t.db, t.app.outbox, { sms: false });
const mails = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.to, to))).map((m) => [m.subject, m.body]);

describe('notify me when a pack is back', () => {
  it('keeps one alert per pack however often asked, sends it once when stock returns at that warehouse, never before', async () => {
    const c = new TestClient(t.app);
    await signInAs(t.db, c, shop.users.shopper.id);
    const ask = { pack_id: shop.packs.ghee1.id, warehouse_id: shop.warehouses.blr.id };
    for (let i = 0; i < 3; i++)
      expect((await c.post('/s/api/products/notify', ask)).json()).toEqual({ pack_id: ask.pack_id, subscribed: true });
    expect((await c.get('/s/api/products/notify')).json().data).toEqual([shop.packs.ghee1.id]);
    expect(await t.db.select().from(restockAlerts).where(eq(restockAlerts.userId, shop.users.shopper.id))).toHaveLength(1);

    expect(await run()).toBe(0);
    // back at another warehouse only: still waiting
    await setStock(t.db, shop.websiteId, shop.packs.ghee1.id, shop.warehouses.mum.id, 4);
    expect(await run()).toBe(0);
    await setStock(t.db, shop.websiteId, shop.packs.ghee1.id, shop.warehouses.blr.id, 6);
    // two processes running the job at once: one sends
    expect((await Promise.all([run(), run()])).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await run()).toBe(0);
    const got = await mails('asha@example.com');
    expect(got.filter(([s]) => s === 'Back in stock: Cow Ghee - 500 ml')).toHaveLength(1);
    expect(got.find(([s]) => s === 'Back in stock: Cow Ghee - 500 ml')![1]).toMatch(/\/products\/cow-ghee$/);
    expect((await c.get('/s/api/products/notify')).json().data).toEqual([]);
    // sent: asking again starts a new alert
    await setStock(t.db, shop.websiteId, shop.packs.ghee1.id, shop.warehouses.blr.id, 0);
    expect((await c.post('/s/api/products/notify', ask)).statusCode).toBe(200);
    expect((await c.get('/s/api/products/notify')).json().data).toEqual([shop.packs.ghee1.id]);
  });

  it('asks the visitor to sign in, and refuses a pack that does not exist here', async () => {
    const ask = { pack_id: shop.packs.ghee1.id, warehouse_id: shop.warehouses.blr.id };
    expect((await new TestClient(t.app).post('/s/api/products/notify', ask)).statusCode).toBe(401);
    const c = new TestClient(t.app);
    await signInAs(t.db, c, shop.users.other.id);
    const missing = await c.post('/s/api/products/notify', { ...ask, pack_id: 999_999 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'PACK_NOT_FOUND']);
    expect((await c.post('/s/api/products/notify', { pack_id: 'x', warehouse_id: 1 })).statusCode).toBe(422);
    expect(await t.db.select().from(restockAlerts).where(eq(restockAlerts.userId, shop.users.other.id))).toEqual([]);
  });
});
