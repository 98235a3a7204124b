import { productListSchema } from '@grocer/shared/catalogue';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { packs } from '../db/schema';
import { seedCartShop, type CartShop } from '../domains/cart/test-fixture';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../test/app';
import { invalidateWebsite } from './cache';
import { knownParamsOnly } from './front-cache';

/**
 * The front cache (front-cache.ts): a shared catalogue answer asked again at the same address
 * without a session is answered before the route runs, with the headers it first went out with.
 * What it must never do: serve a session's request, keep junk addresses, outlive a staff edit.
 */
let t: { app: Awaited<ReturnType<typeof buildApp>>; db: Database['db']; close: () => Promise<void> };
let shop: CartShop;
// requests that reached the route's handler stage (the front cache answers before it)
const routed: string[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  shop = await seedCartShop(database.db);
  const app = await buildApp({ config: testConfig(), database });
  app.addHook('preHandler', async (req) => {
    routed.push(req.url);
  });
  await app.ready();
  t = { app, db: database.db, close: async () => (await app.close(), await database.close()) };
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  invalidateWebsite(shop.websiteId);
  routed.length = 0;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const riceIn = (body: string) => productListSchema.parse(JSON.parse(body)).data.find((p) => p.slug === 'basmati-rice')?.packs[0]?.price;

describe('the front cache', () => {
  // (cache.test.ts proves the same of page data, whose answers this one keeps alike)
  it('answers the same address again without running the route: same body, same headers (helmet’s too)', async () => {
    const first = await get('/s/api/products?s=name');
    const again = await get('/s/api/products?s=name');
    expect(routed).toEqual(['/s/api/products?s=name']);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const h of ['content-type', 'etag', 'cache-control', 'vary', 'x-content-type-options', 'referrer-policy', 'x-frame-options'])
      expect(again.headers[h], h).toBe(first.headers[h]);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // the browser's copy: 304 without a body, from the front too
    const revalidated = await get('/s/api/products?s=name', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(routed).toHaveLength(1);
    // compressed for a browser that asks, as the route would
    const br = await get('/s/api/products?s=name', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(routed).toHaveLength(1);
  });

  it('keeps product and init answers; never a request with a session', async () => {
    for (const url of ['/s/api/products/basmati-rice', '/s/api/init']) {
      expect((await get(url)).statusCode).toBe(200);
      expect((await get(url)).statusCode).toBe(200);
    }
    expect(routed).toEqual(['/s/api/products/basmati-rice', '/s/api/init']);
    routed.length = 0;
    await get('/s/api/products', { cookie: 'sid=whatever' });
    await get('/s/api/products', { cookie: 'theme=dark; sid=whatever' });
    expect(routed).toHaveLength(2);
  });

  it('never keeps an address with a parameter the route does not read: junk takes the route every time', async () => {
    for (let i = 0; i < 3; i++) await get(`/s/api/products?x=${i}`);
    await get('/s/api/products?q=rice&Q=dal');
    await get('/s/api/products?q=rice&Q=dal');
    await get('/s/api/products/basmati-rice?utm_source=ad');
    await get('/s/api/products/basmati-rice?utm_source=ad');
    expect(routed, routed.join(' ')).toHaveLength(7);
  });

  it('outlives neither a staff edit (at once) nor its second (another process’s edit)', async () => {
    expect(riceIn((await get('/s/api/products')).body)).toBe(120);
    await t.db.update(packs).set({ price: 11_000 }).where(eq(packs.id, shop.packs.rice1.id));
    try {
      invalidateWebsite(shop.websiteId);
      expect(riceIn((await get('/s/api/products')).body)).toBe(110);
      await t.db.update(packs).set({ price: 10_000 }).where(eq(packs.id, shop.packs.rice1.id));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 3001);
      expect(riceIn((await get('/s/api/products')).body)).toBe(100);
      expect(routed).toHaveLength(3);
    } finally {
      await t.db.update(packs).set({ price: 12_000 }).where(eq(packs.id, shop.packs.rice1.id));
    }
  });
});

describe('knownParamsOnly', () => {
  const params = ['q', 'c', 'page'];
  it('accepts an address with only the route’s parameters, each once; refuses any other', () => {
    expect(knownParamsOnly('/s/api/products', params)).toBe(true);
    expect(knownParamsOnly('/s/api/products?q=rice&page=2', params)).toBe(true);
    expect(knownParamsOnly('/s/api/products?q=rice&q=dal', params)).toBe(false);
    expect(knownParamsOnly('/s/api/products?Q=rice', params)).toBe(false);
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 6 })), (query) => {
        const url = `/s/api/products?${new URLSearchParams(query)}`;
        expect(knownParamsOnly(url, params)).toBe(Object.keys(query).every((k) => params.includes(k)));
      }),
    );
  });
});
