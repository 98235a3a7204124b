import { productListSchema, productSchema, type Product } from '@grocer/shared/catalogue';
import { initSchema, pageDataSchema } from '@grocer/shared/storefront';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageComponents, packs, pages, sessions, users, websiteMembers } from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { SESSION_CACHE_MS } from '../../http/session';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, sessionIdOf, signInAs, type CartShop } from '../cart/test-fixture';
import { setBlocked } from '../identity/customers';

/**
 * The shared catalogue answers (http/micro-cache.ts): one answer per website, warehouse and
 * normalised parameters, whoever asks; the shopper's wishlist flags laid over it; the session row
 * cached for seconds. What a shopper sees must stay right: prices within the cache's lifetime,
 * flags only their own, availability of their pincode, junk never reaching the database.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let n = 0;

// A stand-in for the built web app: the HTML shell inlines the page's first data (__DATA__).
const dist = mkdtempSync(path.join(os.tmpdir(), 'grocer-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<html><head><!--app-head--></head><body><div id="app"></div><!--app-data--></body></html>');

beforeAll(async () => {
  t = await createTestApp({
    env: { WEB_DIST: dist },
    seed: async (db) => {
      shop = await seedCartShop(db);
      // a page with a carousel of every product: its answer holds products, so wishlist flags
      const [page] = await db
        .insert(pages)
        .values({ websiteId: shop.websiteId, url: '/offers', title: 'Offers', published: true })
        .returning();
      await db.insert(pageComponents).values({
        websiteId: shop.websiteId,
        pageId: page!.id,
        position: 0,
        name: 'All',
        type: 'product-carousel',
        data: { title: 'Everything', limit: 48 },
        settings: {},
      });
    },
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const list = async (c: TestClient, query = '') => {
  const res = await c.get(`/s/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: productListSchema.parse(res.json()), res };
};
const byId = (products: Product[], id: number) => products.find((p) => p.product_id === id)!;
const priceOfRice = async (c: TestClient, query = '') => byId((await list(c, query)).body.data, shop.products.rice.id).packs[0]!.price;

async function shopper(pincode?: string) {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Cache ${++n}`, email: `cache${n}@example.com` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const c = new TestClient(t.app);
  if (pincode) await c.get(`/s/api/check/pincode/${pincode}`);
  await signInAs(t.db, c, u!.id);
  return { c, userId: u!.id };
}

/** Moves the clock past the caches' lifetimes (only Date: the database's timers keep running). */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe('prices', () => {
  it('a price changed in the database shows within the cache lifetime, and at once after a staff edit', async () => {
    const c = new TestClient(t.app);
    expect(await priceOfRice(c)).toBe(120);
    await t.db.update(packs).set({ price: 11_000 }).where(eq(packs.id, shop.packs.rice1.id));
    try {
      // another process's edit: this process may show the old price for the cache's few seconds
      expect(await priceOfRice(c)).toBe(120);
      later(3001);
      expect(await priceOfRice(c)).toBe(110);
      // an edit in this process drops the website's answers at once
      await t.db.update(packs).set({ price: 10_500 }).where(eq(packs.id, shop.packs.rice1.id));
      invalidateWebsite(shop.websiteId);
      expect(await priceOfRice(c)).toBe(105);
    } finally {
      await t.db.update(packs).set({ price: 12_000 }).where(eq(packs.id, shop.packs.rice1.id));
      invalidateWebsite(shop.websiteId);
    }
  });
});

describe('the product cache', () => {
  it('an answer computed on a miss takes its products from the product cache, read at most a second before', async () => {
    invalidateWebsite(shop.websiteId);
    const c = new TestClient(t.app);
    expect(await priceOfRice(c)).toBe(120); // the list: its products read and kept
    await t.db.update(packs).set({ price: 11_000 }).where(eq(packs.id, shop.packs.rice1.id));
    try {
      expect(await priceOfRice(c, '?s=name')).toBe(120); // a new answer, its products from the cache
      later(1001);
      expect(await priceOfRice(c, '?s=price_desc')).toBe(110); // another new answer: the products read again
    } finally {
      await t.db.update(packs).set({ price: 12_000 }).where(eq(packs.id, shop.packs.rice1.id));
      invalidateWebsite(shop.websiteId);
    }
  });
});

describe('junk parameters', () => {
  it('are answered from the cached answer of the list they decorate: no database query', async () => {
    const c = new TestClient(t.app);
    const first = await list(c, '?q=rice');
    await t.db.update(packs).set({ price: 9_900 }).where(eq(packs.id, shop.packs.rice1.id));
    try {
      // the database holds a new price: answers that still show the old one came from the cache
      for (const junk of ['&x=1', `&x=${Math.random()}`, '&utm_source=ad&fbclid=abc', '&Q=dal', '&q2=dal&page_size=1']) {
        const { body, res } = await list(c, `?q=rice${junk}`);
        expect(body).toEqual(first.body);
        expect(res.headers.etag).toBe(first.res.headers.etag);
      }
      // the same list spelled otherwise: case, spacing, an explicit default
      expect((await list(c, '?q=%20RICE%20&s=relevance&page=1&perPage=24')).body).toEqual(first.body);
      // unknown filters: one shared empty answer
      expect((await list(c, `?c=no-such-${Math.random()}`)).body).toEqual({ data: [], meta: { total: 0, perPage: 24, page: 1 } });
      expect((await list(c, `?c=rice&b=no-such-brand-${Math.random()}`)).body.data).toEqual([]);
    } finally {
      await t.db.update(packs).set({ price: 12_000 }).where(eq(packs.id, shop.packs.rice1.id));
      invalidateWebsite(shop.websiteId);
    }
  });

  it('public answers carry validators: a matching If-None-Match gets 304; with a session the answer is private', async () => {
    const anon = new TestClient(t.app);
    const { res } = await list(anon);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=3');
    expect(String(res.headers.vary)).toMatch(/Origin, X-Origin, Cookie/);
    const again = await t.app.inject({ method: 'GET', url: '/s/api/products?x=1', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const { c } = await shopper('560001');
    expect((await list(c)).res.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('wishlist flags', () => {
  it("are laid over the shared answer for their owner only, and follow the owner's toggles at once", async () => {
    const asha = await shopper('560001');
    const ravi = await shopper('560001');
    const anon = new TestClient(t.app);
    await anon.get('/s/api/check/pincode/560001');
    const save = (c: TestClient) =>
      c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: null }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as { wishlist: boolean };
      });
    const flag = async (c: TestClient) => byId((await list(c)).body.data, shop.products.rice.id).wishlist;
    const productFlag = async (c: TestClient) => productSchema.parse((await c.get('/s/api/products/basmati-rice')).json()).wishlist;

    // everyone warms the same answer first
    expect([await flag(asha.c), await flag(ravi.c), await flag(anon)]).toEqual([false, false, false]);
    expect((await save(asha.c)).wishlist).toBe(true);
    expect([await flag(asha.c), await flag(ravi.c), await flag(anon)]).toEqual([true, false, false]);
    expect([await productFlag(asha.c), await productFlag(ravi.c), await productFlag(anon)]).toEqual([true, false, false]);
    // the personal answer has its own ETag: a shared validator never revalidates it
    const mine = (await list(asha.c)).res.headers.etag;
    const theirs = (await list(ravi.c)).res.headers.etag;
    expect(mine).not.toBe(theirs);
    // the other flags of Asha's page stay false
    expect((await list(asha.c)).body.data.filter((p) => p.wishlist).map((p) => p.product_id)).toEqual([shop.products.rice.id]);
    // unsaved: gone from her next answer, not after the cache's lifetime
    expect((await save(asha.c)).wishlist).toBe(false);
    expect(await flag(asha.c)).toBe(false);
  });
});

describe('page data and the server-rendered page share the answers', () => {
  const carousel = async (c: TestClient) => {
    const res = await c.get('/s/api/page/data/offers');
    expect(res.statusCode, res.body).toBe(200);
    const block = pageDataSchema.parse(res.json()).data[0]!;
    if (block.type !== 'product-carousel') throw new Error(block.type);
    return { products: block.response as Product[], res };
  };
  /** The data the HTML shell inlined for the page's first render. */
  const inlined = async (c: TestClient, url: string) => {
    const res = await c.get(url);
    expect(res.statusCode).toBe(200);
    const json = /<script id="__DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    return JSON.parse(json) as Array<[unknown[], unknown]>;
  };
  const save = async (c: TestClient) =>
    expect((await c.post('/s/api/wishlist/update', { product_id: shop.products.dal.id, wishlist_category_id: null })).statusCode).toBe(200);

  it("a page's carousel carries each shopper's own flags, and a price change within the cache's lifetime", async () => {
    const asha = await shopper('560001');
    const ravi = await shopper('560001');
    const anon = new TestClient(t.app);
    await anon.get('/s/api/check/pincode/560001');
    const dalFlag = async (c: TestClient) => byId((await carousel(c)).products, shop.products.dal.id).wishlist;
    expect([await dalFlag(asha.c), await dalFlag(ravi.c), await dalFlag(anon)]).toEqual([false, false, false]);
    await save(asha.c);
    expect([await dalFlag(asha.c), await dalFlag(ravi.c), await dalFlag(anon)]).toEqual([true, false, false]);
    expect((await carousel(new TestClient(t.app))).res.headers['cache-control']).toBe('public, max-age=0, s-maxage=3');

    const riceIn = async (c: TestClient) => byId((await carousel(c)).products, shop.products.rice.id).packs[0]!.price;
    expect(await riceIn(anon)).toBe(120);
    await t.db.update(packs).set({ price: 11_000 }).where(eq(packs.id, shop.packs.rice1.id));
    try {
      expect(await riceIn(anon)).toBe(120);
      later(3001);
      expect(await riceIn(anon)).toBe(110);
    } finally {
      await t.db.update(packs).set({ price: 12_000 }).where(eq(packs.id, shop.packs.rice1.id));
      invalidateWebsite(shop.websiteId);
    }
  });

  it("the HTML shell inlines the same answers with the shopper's own flags (product page, list, content page)", async () => {
    const asha = await shopper('560001');
    const ravi = await shopper('560001');
    await save(asha.c);
    const flagsIn = (data: Array<[unknown[], unknown]>) =>
      JSON.stringify(data)
        .match(new RegExp(`"product_id":${shop.products.dal.id},[^]*?"wishlist":(true|false)`, 'g'))!
        .map((m) => m.endsWith('true'));
    for (const url of ['/products/toor-dal', '/products', '/offers']) {
      const mine = flagsIn(await inlined(asha.c, url));
      const theirs = flagsIn(await inlined(ravi.c, url));
      expect([url, mine.length > 0, mine.every(Boolean)]).toEqual([url, true, true]);
      expect([url, theirs.some(Boolean)]).toEqual([url, false]);
    }
    // the inlined page data is the API's answer, flags and all
    const api = (await asha.c.get('/s/api/page/data/offers')).json();
    const page = (await inlined(asha.c, '/offers')).find(([key]) => key[0] === 'page')![1];
    expect(page).toEqual(api);
  });
});

describe('pincodes', () => {
  it("a shopper's pincode picks the warehouse whose stock the shared answer shows; changing it changes availability", async () => {
    const stockOfVada = async (c: TestClient) => byId((await list(c)).body.data, shop.products.vada.id).packs[0]!.stock;
    const { c } = await shopper('560001');
    expect(await stockOfVada(c)).toBe(0); // not stocked in Bengaluru
    expect((await c.get('/s/api/check/pincode/400001')).statusCode).toBe(200);
    expect(await stockOfVada(c)).toBe(5); // Mumbai has 5
    expect(byId((await list(c)).body.data, shop.products.vada.id).packs[0]!.warehouse_id).toBe(shop.warehouses.mum.id);
    expect((await c.get('/s/api/check/pincode/560001')).statusCode).toBe(200);
    expect(await stockOfVada(c)).toBe(0);
  });
});

describe('sessions read from the cache', () => {
  const userOf = async (c: TestClient) => initSchema.parse((await c.get('/s/api/init')).json()).user;

  it('sign-out ends the session at once in this process, for every copy of the cookie', async () => {
    const { c } = await shopper();
    const copy = new TestClient(t.app);
    copy.cookies.set('sid', c.cookies.get('sid')!);
    expect((await userOf(copy))?.name).toMatch(/^Cache/);
    expect((await c.get('/s/api/auth/logout')).statusCode).toBe(200);
    expect(await userOf(copy)).toBeNull();
  });

  it("blocking a customer ends their sessions at once in this process; another process's revocation within seconds", async () => {
    const { c, userId } = await shopper();
    expect((await userOf(c))?.id).toBe(userId);
    await setBlocked(t.db, { websiteId: shop.websiteId, actorId: null }, userId, { reason: 'Testing' });
    expect(await userOf(c)).toBeNull();

    const other = await shopper();
    expect((await userOf(other.c))?.id).toBe(other.userId);
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionIdOf(other.c)));
    later(SESSION_CACHE_MS + 1);
    expect(await userOf(other.c)).toBeNull();
  });

  it('who the user is comes from each request, never from the cached session row', async () => {
    const { c, userId } = await shopper();
    const rename = (name: string) => t.db.update(users).set({ name }).where(eq(users.id, userId));
    expect((await userOf(c))?.name).toMatch(/^Cache/);
    // changed by another process: the session row is cached, the user is read again
    await rename('Renamed Once');
    expect((await userOf(c))?.name).toBe('Renamed Once');
    // the session row read again (past its cache): the user comes with it, as they are now
    await rename('Renamed Twice');
    later(SESSION_CACHE_MS + 1);
    expect((await userOf(c))?.name).toBe('Renamed Twice');
    // and not kept with it: the next request, the row cached, reads the user again
    await rename('Renamed Thrice');
    expect((await userOf(c))?.name).toBe('Renamed Thrice');
  });

  it('reading a session writes nothing', async () => {
    const { c } = await shopper('560001');
    const row = async () =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sessionIdOf(c)))
      )[0]!;
    const before = await row();
    for (let i = 0; i < 3; i++) await list(c);
    expect(await row()).toEqual(before);
  });
});
