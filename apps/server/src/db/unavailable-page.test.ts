import net, { type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app';
import { seedCartShop, type CartShop } from '../domains/cart/test-fixture';
import { createTestApp, testConfig, unreachableDatabase } from '../test/app';
import type { TestClient } from '../test/client';
import { itOnPostgres } from '../test/on-postgres';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from '../test/postgres';
import { staffClients } from '../test/staff-clients';
import { openDatabase } from './client';

// While the database is down (issue 38): a browser opening a page gets a small HTML page, API
// calls their JSON 503, and the health probe tells staff why and nobody else.
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The app over a database that refuses every connection. */
async function appWithoutDatabase() {
  const database = unreachableDatabase();
  const app = await buildApp({ config: testConfig(), database });
  return { app, close: async () => (await app.close(), await database.close()) };
}

describe('while the database cannot be reached', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let down: Awaited<ReturnType<typeof appWithoutDatabase>>;
  let shop: CartShop;
  let owner: TestClient;
  let shopper: TestClient;

  beforeAll(async () => {
    // Until a moment ago the database answered, and an owner and a shopper were at work in this
    // process; then it went (the second app, in the same process, over a refused database).
    t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
    const staff = staffClients(t, shop.websiteId);
    owner = await staff.as({ hasAdminAccess: true });
    shopper = await staff.as({});
    expect((await owner.get('/s/api/admin/errors')).statusCode).toBe(200);
    expect((await shopper.get('/s/api/admin/errors')).statusCode).toBe(403);
    down = await appWithoutDatabase();
  }, 120_000);
  afterAll(async () => {
    await down?.close();
    await t?.close();
  });

  it('shows a browser opening a page a small HTML page: 503, Retry-After, a link to try again', async () => {
    const res = await down.app.inject({ method: 'GET', url: '/products/rice?sort=price', headers: { accept: BROWSER } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain("<h1>We'll be right back</h1>");
    expect(res.body).toContain('<a href="/products/rice?sort=price">Try again</a>');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).not.toMatch(/<script|ECONNREFUSED|DATABASE_UNAVAILABLE/);

    const head = await down.app.inject({ method: 'HEAD', url: '/', headers: { accept: BROWSER } });
    expect([head.statusCode, head.headers['content-type']]).toEqual([503, 'text/html; charset=utf-8']);
    // the link stays on this site whatever the address
    const odd = await down.app.inject({ method: 'GET', url: '//elsewhere.example/x', headers: { accept: BROWSER } });
    expect(odd.body).toContain('<a href="/">Try again</a>');
  });

  it('keeps the JSON 503 for API calls, whatever they accept, and for a page fetched as JSON', async () => {
    for (const [url, accept] of [
      ['/s/api/products?q=milk', BROWSER],
      ['/s/api/products?q=milk', 'application/json'],
      ['/s/api/init', '*/*'],
      ['/products', 'application/json'],
    ]) {
      const res = await down.app.inject({ method: 'GET', url: url!, headers: { accept: accept! } });
      expect([url, res.statusCode, res.headers['content-type'], res.headers['retry-after']]).toEqual([
        url,
        503,
        'application/json; charset=utf-8',
        '5',
      ]);
      expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
    }
  });

  it('tells staff why the health probe fails, and nobody else', async () => {
    const health = (cookie?: string) =>
      down.app.inject({ method: 'GET', url: '/s/api/health', headers: cookie ? { cookie } : {} }).then((r) => {
        expect(r.statusCode).toBe(503);
        return r.json() as { code: string; reason?: string };
      });
    expect(await health()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
    expect(await health(cookieOf(shopper))).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
    expect(await health('sid=made.up')).not.toHaveProperty('reason');
    expect((await health(cookieOf(owner))).reason).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);

    // signed out (while the database still answered): no more
    const cookie = cookieOf(owner);
    expect((await owner.get('/s/api/auth/logout')).statusCode).toBe(200);
    expect(await health(cookie)).not.toHaveProperty('reason');
  });
});

describe('a database that goes away under a running app', () => {
  itOnPostgres(
    'serves the page to browsers, JSON to the API and the cause to staff only, then recovers (PostgreSQL)',
    async () => {
      // the app reaches PostgreSQL through a proxy this test can cut and restore
      const url = process.env.TEST_DATABASE_URL!;
      const name = scratchName('grocer_down');
      await createPgDatabase(url, name, inject('pgTemplate'));
      const target = new URL(url);
      const sockets = new Set<Socket>();
      let open = true;
      const proxy = net.createServer((client) => {
        if (!open) return client.destroy();
        const server = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, server]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => (sockets.delete(s), client.destroy(), server.destroy()));
        }
        client.pipe(server).pipe(client);
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      const proxied = new URL(databaseUrl(url, name));
      proxied.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const database = await openDatabase({ databaseUrl: proxied.toString(), onConnectionError: () => undefined });
      try {
        const shop = await seedCartShop(database.db);
        const app = await buildApp({ config: testConfig(), database });
        const t = { app, db: database.db };
        const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
        expect((await owner.get('/s/api/admin/errors')).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/s/api/health' })).statusCode).toBe(200);

        open = false;
        for (const s of sockets) s.destroy();
        // the website lookup is cached for 5 s: past it, every request needs the database. The
        // clock the cache reads (Date) is moved on, not waited for; it keeps flowing from there, and
        // the sockets' and the pool's timers keep real time.
        vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
        vi.setSystemTime(Date.now() + 5_100);
        const page = await app.inject({ method: 'GET', url: '/', headers: { accept: BROWSER } });
        expect([page.statusCode, page.headers['content-type']]).toEqual([503, 'text/html; charset=utf-8']);
        expect(page.body).toContain("We'll be right back");
        const api = await app.inject({ method: 'GET', url: '/s/api/products', headers: { accept: BROWSER } });
        expect([api.statusCode, api.json().code]).toEqual([503, 'DATABASE_UNAVAILABLE']);
        const anonymous = await app.inject({ method: 'GET', url: '/s/api/health' });
        expect([anonymous.statusCode, anonymous.json().reason]).toEqual([503, undefined]);
        const staff = await app.inject({ method: 'GET', url: '/s/api/health', headers: { cookie: cookieOf(owner) } });
        expect([staff.statusCode, typeof staff.json().reason]).toEqual([503, 'string']);

        vi.useRealTimers();
        open = true;
        expect((await app.inject({ method: 'GET', url: '/s/api/health' })).statusCode).toBe(200);
        await app.close();
      } finally {
        vi.useRealTimers();
        open = false;
        for (const s of sockets) s.destroy();
        await database.close();
        await new Promise((r) => proxy.close(r));
        await dropPgDatabase(url, name);
      }
    },
    60_000,
  );
});
