import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteDomains, websites } from '../db/schema';
import { createTestApp } from '../test/app';
import { TestClient } from '../test/client';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  const [a] = await t.db.insert(websites).values({ name: 'Shop A', isDefault: true }).returning();
  const [b] = await t.db.insert(websites).values({ name: 'Shop B' }).returning();
  await t.db.insert(websiteDomains).values([
    { websiteId: a!.id, host: 'localhost' },
    { websiteId: b!.id, host: 'shop-b.example' },
  ]);
});
afterAll(() => t.close());

describe('health and unknown calls', () => {
  it('reports the database as healthy', async () => {
    const res = await t.app.inject('/s/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown /s/api paths with a JSON 404', async () => {
    const res = await t.app.inject('/s/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'No such call: GET /s/api/nope' });
  });
});

describe('website resolution', () => {
  it('maps X-Origin before Origin before Host', async () => {
    const ids: string[] = [];
    for (const headers of <Record<string, string>[]>[
      { 'x-origin': 'https://shop-b.example', origin: 'http://localhost', host: 'localhost' },
      { origin: 'https://shop-b.example', host: 'localhost' },
      { host: 'shop-b.example' },
    ]) {
      const res = await new TestClient(t.app, headers).get('/s/api/init');
      ids.push(res.json().web.name);
    }
    expect(ids).toEqual(['Shop B', 'Shop B', 'Shop B']);
  });

  it('serves the default website for an unknown host outside production', async () => {
    const res = await t.app.inject({ url: '/s/api/health', headers: { host: 'unknown.example' } });
    expect(res.statusCode).toBe(200);
  });

  it("answers 404 'website not found' for an unknown host in production", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-value' } });
    try {
      const res = await prod.app.inject({ url: '/s/api/health', headers: { host: 'unknown.example' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'WEBSITE_NOT_FOUND', message: 'website not found' });
    } finally {
      await prod.close();
    }
  });
});

describe('CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie and an HttpOnly session cookie', async () => {
    const res = await t.app.inject('/s/api/cookie');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(xsrf?.path).toBe('/');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
  });

  it('refuses a non-GET call without a matching token', async () => {
    const client = new TestClient(t.app);
    await client.get('/s/api/cookie');
    const missing = await t.app.inject({ method: 'POST', url: '/s/api/health', headers: { cookie: `sid=${client.cookies.get('sid')}` } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('CSRF_MISMATCH');
    const wrong = await client.post('/s/api/health', {}, { 'x-xsrf-token': 'forged.value' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('CSRF_MISMATCH');
  });

  it("refuses a token minted for another visitor's session", async () => {
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    await a.get('/s/api/cookie');
    await b.get('/s/api/cookie');
    const stolen = a.cookies.get('XSRF-TOKEN')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/s/api/anything',
      headers: { cookie: `sid=${b.cookies.get('sid')}; XSRF-TOKEN=${stolen}`, 'x-xsrf-token': stolen },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a matching token through to the route (here: an unknown one, so 404)', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/s/api/unknown', {});
    expect(res.statusCode).toBe(404);
  });

  it('refuses a call whose Origin names another site', async () => {
    const client = new TestClient(t.app, { host: 'localhost' });
    const res = await client.post('/s/api/unknown', {}, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the zod schemas at /s/api/docs', async () => {
    const res = await t.app.inject('/s/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/s/api/products', '/s/api/init', '/s/api/health']));
    expect(doc.paths['/s/api/products'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'perPage', 'q', 'c', 'b', 's']),
    );
  });
});
