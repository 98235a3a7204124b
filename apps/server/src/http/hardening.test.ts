import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposureWarning, parseConfig, parseTrustProxy } from '../config';
import { carts, sessions } from '../db/schema';
import { seedCartShop, type CartShop } from '../domains/cart/test-fixture';
import { createTestApp } from '../test/app';
import { TestClient } from '../test/client';
import { hashToken } from './session';

// Issue 11: what an attacker or a careless operator could do with the HTTP layer.
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
}, 120_000);
afterAll(() => t.close());

const sessionRows = async () => (await t.db.select({ n: count() }).from(sessions))[0]!.n;
const add = (c: TestClient) => c.post('/s/api/cart/add', { pack_id: shop.packs.rice1.id, warehouse_id: shop.warehouses.blr.id });

/** Wrong codes from one address until the per-address limit answers 429 (at most 100 tries). */
async function triesUntilLimited(app: typeof t.app, headers: (i: number) => Record<string, string>): Promise<number> {
  for (let i = 1; i <= 100; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/s/api/auth/verify',
      headers: { 'content-type': 'application/json', ...headers(i) },
      payload: { identifier: `nobody${i}@example.com`, code: '000000' },
    });
    if (res.statusCode === 429) return i;
  }
  return Infinity;
}

describe('TRUST_PROXY (item 5)', () => {
  it('is off by default, a hop count, or proxy addresses; believing any X-Forwarded-For is refused', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('off: a rotating X-Forwarded-For does not escape the per-address sign-in limit', async () => {
    // CSRF is not what is tested here: the verify calls go without a session, so use a client
    const app = await createTestApp({ seed: seedCartShop });
    try {
      const c = new TestClient(app.app);
      await c.get('/s/api/cookie');
      const headers = (i: number) => ({
        cookie: `sid=${c.cookies.get('sid')}; XSRF-TOKEN=${c.cookies.get('XSRF-TOKEN')}`,
        'x-xsrf-token': c.cookies.get('XSRF-TOKEN')!,
        'x-forwarded-for': `203.0.113.${i}`,
      });
      // every try came from a "new" address, yet the one connection is limited
      expect(await triesUntilLimited(app.app, headers)).toBeLessThan(Infinity);
      // another forwarded address from the same socket is still the same client
      const res = await app.app.inject({
        method: 'POST',
        url: '/s/api/auth/verify',
        headers: { 'content-type': 'application/json', ...headers(250) },
        payload: { identifier: 'x@example.com', code: '000000' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('one hop: the address the proxy forwards is the client', async () => {
    const app = await createTestApp({ env: { TRUST_PROXY: '1' }, seed: seedCartShop });
    try {
      const c = new TestClient(app.app);
      await c.get('/s/api/cookie');
      const headers = (ip: string) => () => ({
        cookie: `sid=${c.cookies.get('sid')}; XSRF-TOKEN=${c.cookies.get('XSRF-TOKEN')}`,
        'x-xsrf-token': c.cookies.get('XSRF-TOKEN')!,
        'x-forwarded-for': ip,
      });
      expect(await triesUntilLimited(app.app, headers('198.51.100.7'))).toBeLessThan(Infinity);
      const other = await app.app.inject({
        method: 'POST',
        url: '/s/api/auth/verify',
        headers: { 'content-type': 'application/json', ...headers('198.51.100.8')() },
        payload: { identifier: 'x@example.com', code: '000000' },
      });
      expect(other.statusCode).toBe(422);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('cross-origin media and fonts (item 6)', () => {
  it('lets another origin load images and fonts; everything else stays same-origin', async () => {
    const image = await t.app.inject('/media/small/placeholder.svg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const font = await t.app.inject('/fonts/poppins-latin-400-normal.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject('/s/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("sends JSON answers helmet's protective headers, not those only a document reads", async () => {
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-xss-protection',
    ];
    for (const url of ['/s/api/products', '/s/api/products', '/s/api/init', '/s/api/health']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      for (const h of documentOnly) expect(res.headers[h], `${url} ${h}`).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    // anything else keeps them all
    const font = await t.app.inject('/fonts/poppins-latin-400-normal.woff2');
    for (const h of documentOnly) expect(font.headers[h], h).toBeDefined();
  });
});

describe('safe by default on a network (item 7)', () => {
  it('listens on 127.0.0.1 outside production and 0.0.0.0 in production, unless HOST says', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-value' }).host).toBe('0.0.0.0');
    expect(parseConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('warns loudly when development mode is reachable from elsewhere', () => {
    expect(exposureWarning(parseConfig({}))).toBeNull();
    expect(exposureWarning(parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-value' }))).toBeNull();
    expect(exposureWarning(parseConfig({ HOST: '0.0.0.0' }))).toMatch(
      /WARNING: development mode .* listening on 0\.0\.0\.0[\s\S]*simulator/,
    );
  });

  it('answers the dev outbox only to this machine', async () => {
    expect((await t.app.inject({ url: '/s/api/dev/outbox' })).statusCode).toBe(200);
    const remote = await t.app.inject({ url: '/s/api/dev/outbox', remoteAddress: '192.168.1.20' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().data).toBeUndefined();
    // relayed by a proxy on this machine: the client is elsewhere
    expect((await t.app.inject({ url: '/s/api/dev/outbox', headers: { 'x-forwarded-for': '192.168.1.20' } })).statusCode).toBe(403);
  });
});

describe('lazy sessions (item 10)', () => {
  it('writes no session row for cookieless GET /s/api/cookie calls, and one at the first write, under which the token still works', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 20; i++) expect((await t.app.inject('/s/api/cookie')).statusCode).toBe(204);
    expect(await sessionRows()).toBe(before);

    const c = new TestClient(t.app);
    await c.get('/s/api/cookie');
    const token = c.cookies.get('XSRF-TOKEN');
    expect(await sessionRows()).toBe(before);
    expect((await add(c)).statusCode).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
    // the session took the id the pre-session cookie promised: same cookie, same token
    expect(c.cookies.get('XSRF-TOKEN')).toBe(token);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(c.cookies.get('sid')!)));
    expect(row).toBeTruthy();
    const [cart] = await t.db.select().from(carts).where(eq(carts.sessionId, row!.id));
    expect(cart).toBeTruthy();
  });

  it('two first writes at once make one session and one cart', async () => {
    const c = new TestClient(t.app);
    await c.get('/s/api/cookie');
    const before = await sessionRows();
    const results = await Promise.all([add(c), add(c), add(c)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await sessionRows()).toBe(before + 1);
    expect(
      await t.db
        .select()
        .from(carts)
        .where(eq(carts.sessionId, hashToken(c.cookies.get('sid')!))),
    ).toHaveLength(1);
  });

  it('does not accept a session id the server did not issue, and never revives a revoked one', async () => {
    const forged = new TestClient(t.app);
    forged.cookies.set('sid', 'attacker-chosen-id');
    await forged.get('/s/api/cookie');
    expect(forged.cookies.get('sid')).not.toBe('attacker-chosen-id');

    const c = new TestClient(t.app);
    expect((await add(c)).statusCode).toBe(200);
    const sid = c.cookies.get('sid')!;
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, hashToken(sid)));
    const again = new TestClient(t.app);
    again.cookies.set('sid', sid);
    expect((await add(again)).statusCode).toBe(200);
    expect(again.cookies.get('sid')).not.toBe(sid);
    const [old] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(sid)));
    expect(old!.revokedAt).not.toBeNull();
  });
});

describe('state-changing GETs refuse other sites (item 11)', () => {
  it('logout and remove coupon answer 403 to a cross-site request and change nothing', async () => {
    const c = new TestClient(t.app);
    expect((await add(c)).statusCode).toBe(200);
    expect((await c.post('/s/api/apply/coupon', { code: 'HALF' })).statusCode).toBe(200);
    const before = (await c.get('/s/api/cart')).json();

    for (const headers of <Record<string, string>[]>[{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const removed = await c.get('/s/api/remove/coupon', headers);
      expect(removed.statusCode).toBe(403);
      expect(removed.json().code).toBe('CROSS_SITE_REQUEST');
      const out = await c.get('/s/api/auth/logout', headers);
      expect(out.statusCode).toBe(403);
    }
    expect((await c.get('/s/api/cart')).json()).toEqual(before);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(c.cookies.get('sid')!)));
    expect(row!.revokedAt).toBeNull();

    // from the shop's own pages (same-origin, or a typed address) they work
    expect((await c.get('/s/api/remove/coupon', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(
      (await c.get('/s/api/auth/logout', { 'sec-fetch-site': 'same-origin', host: 'localhost', origin: 'http://localhost' })).json(),
    ).toEqual({ ok: true });
  });
});
