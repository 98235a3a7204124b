import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, websiteMembers } from '../db/schema';
import { seedCartShop, signInAs, type CartShop } from '../domains/cart/test-fixture';
import { createTestApp } from '../test/app';
import { TestClient } from '../test/client';

// Every route in the OpenAPI document, fed generated junk (ids past PostgreSQL's integer, NUL
// bytes, unicode, wrong types, null and text bodies, missing fields), signed out without a token
// and signed in (as a staff member who may open every area) with one: nothing answers 500.
// Fixed seeds and a few runs per route keep it deterministic and within a few seconds a route.

interface Operation {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let staffId: number;
let operations: Array<{ method: string; path: string; op: Operation }> = [];

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, seed: async (db) => (shop = await seedCartShop(db)) });
  const [staff] = await t.db
    .insert(users)
    .values({ name: 'Staff Junk', email: 'junk-staff@example.com', phone: '9300000001', superadmin: true })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: staff!.id, hasAdminAccess: true, isSalesAgent: true });
  staffId = staff!.id;
  const doc = (await t.app.inject({ method: 'GET', url: '/s/api/docs', headers: { host: 'localhost' } })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

const bigInts = fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53 + 2, 1e20, -1, 0, -(2 ** 31) - 1, 1.5);
const text = fc.oneof(
  fc.string(),
  fc.string().map((s) => `${s}\0${s}`),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '\u0000', '\uFFFF', '\uD800', '%00', '../../etc/passwd', "'; drop table users; --", 'a'.repeat(5000)),
);
const scalar = fc.oneof({ arbitrary: bigInts, weight: 3 }, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), {
  arbitrary: text,
  weight: 3,
});
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
/** Text for a path or query string, where every value is text: numbers as text, encoded junk. */
const urlText = fc.oneof(
  { arbitrary: bigInts.map(String), weight: 3 },
  fc.constantFrom('99999999999999999999', '1e400', '-0', 'NaN', 'null', '%00', 'a%00b', '%E2%82%AC', '%FF', '%'),
  text.map(encodeURIComponent),
);

/** A request for `op` with junk wherever it takes input. */

function junkRequest(method: string, path: string, op: Operation) {
  const params = op.parameters ?? [];
  const fields = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const pathValues = fc.tuple(...params.filter((p) => p.in === 'path').map(() => urlText));
  const query = fc.array(
    fc.tuple(fc.constantFrom(...params.filter((p) => p.in === 'query').map((p) => p.name), 'page', 'id', 'q'), urlText),
    { maxLength: 3 },
  );
  const body = fc.oneof(
    fc.constant(undefined as undefined | { type: string; payload: string }),
    fc.constant({ type: 'application/json', payload: 'null' }),
    fc.constant({ type: 'application/json', payload: '{"a":' }),
    text.map((s) => ({ type: 'text/plain', payload: s })),
    value.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
    // the route's own fields, each junk or missing (most often, to get past the first field)
    {
      arbitrary: fc
        .record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] })
        .map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
      weight: fields.length ? 6 : 0,
    },
  );
  return fc.record({ pathValues, query, body }).map(({ pathValues, query, body }) => {
    let i = 0;
    const url = path.replace(/\{[^}]+\}|\*/g, () => pathValues[i++] ?? 'x');
    const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
    const withBody = method !== 'GET' && method !== 'HEAD' && body;
    return {
      method,
      url: search ? `${url}?${search}` : url,
      ...(withBody ? { payload: body.payload, headers: { 'content-type': body.type } } : {}),
    } as InjectOptions & { method: string; url: string };
  });
}

describe('the cases found by hand (issue 11, item 8)', () => {
  it('refuses ids past PostgreSQL integer with 422 and the usual shape', async () => {
    const c = new TestClient(t.app, { host: 'localhost', 'x-forwarded-for': '10.49.0.1' });
    await signInAs(t.db, c, staffId);
    for (const res of [
      await c.delete('/s/api/addresses/2147483648'),
      await c.post('/s/api/addresses/99999999999/default'),
      await c.put('/s/api/wishlistCategory/2147483648', { name: 'x' }),
      await c.post('/s/api/cart/add', { pack_id: 2 ** 31 }),
      await c.post('/s/api/cart/remove', { pack_id: 2 ** 53 }),
      await c.get('/s/api/cart?address_id=2147483648'),
      await c.post('/s/api/wishlist/update', { product_id: 2 ** 31, wishlist_category_id: null }),
      await c.get('/s/api/products?page=100000000000000000000'),
      await c.get('/s/api/orders?page=100000000000000000000'),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), errors: expect.any(Object) });
    }
  });

  it('refuses NUL bytes in any text: JSON 422 for calls, a 400 page for HTML pages', async () => {
    const c = new TestClient(t.app, { host: 'localhost', 'x-forwarded-for': '10.49.0.2' });
    await signInAs(t.db, c, staffId);
    const calls = [
      await c.get('/s/api/products?q=ri%00ce'),
      await c.get('/s/api/products/a%00b'),
      await c.get('/s/api/page/data/about%00'),
      await c.post('/s/api/apply/coupon', { code: 'WELCOME\u000050' }),
      await c.post('/s/api/wishlistCategory', { name: 'Fav\u0000' }),
      await c.post('/s/api/addresses', {
        name: 'Asha',
        phone: '9000000011',
        pincode: '560001',
        line1: 'Flat\u00004B',
        line2: 'MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
      }),
      await c.post('/s/api/orders', { address_id: 1, payment_method: 'cod', expected_total: 0, idempotency_key: 'key\u0000key-key' }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.any(Object) });
    }
    expect(calls[3]!.json().errors).toEqual({ code: ['code must not contain a NUL character'] });
    // half of a surrogate pair: jsonb (the audit row) cannot hold it, so it is refused like a NUL
    const broken = await c.post('/s/api/wishlistCategory', { name: 'Fav\ud800' });
    expect([broken.statusCode, broken.json().errors]).toEqual([422, { name: ['name must not contain a broken character'] }]);
    expect((await c.post('/s/api/wishlistCategory', { name: 'Fav 😀' })).statusCode).not.toBe(422);
    for (const url of ['/products/a%00b', '/about%00', '/products?q=%00']) {
      const page = await t.app.inject({ url, headers: { host: 'localhost' } });
      expect([url, page.statusCode, page.headers['content-type']]).toEqual([url, 400, 'text/html; charset=utf-8']);
    }
    // a page path or product slug that decodes to a NUL, or does not decode at all: 404
    for (const url of ['/s/api/page/data/%2500', '/s/api/page/data/%25E0%25A4']) expect((await c.get(url)).statusCode).toBe(404);
  });
});

describe('junk input on every route of the OpenAPI document', () => {
  it('finds the routes', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('never answers 500, signed out without a token or signed in with one', async () => {
    const failures: string[] = [];
    for (const [n, { method, path, op }] of operations.entries()) {
      for (const signedIn of [false, true]) {
        const client = new TestClient(t.app, { host: 'localhost', 'x-forwarded-for': `10.50.${n}.${signedIn ? 2 : 1}` });
        if (signedIn) await signInAs(t.db, client, staffId);
        await fc
          .assert(
            fc.asyncProperty(junkRequest(method, path, op), async (req) => {
              const res = signedIn
                ? await client.request(req)
                : await t.app.inject({
                    ...req,
                    headers: { ...client.headers, ...(req.headers as Record<string, string>) },
                  } as InjectOptions);
              if (res.statusCode >= 500)
                failures.push(
                  `${req.method} ${req.url} ${String(req.payload ?? '').slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
                );
              return res.statusCode < 500;
            }),
            { numRuns: 20, seed: 1100 + n * 2 + (signedIn ? 1 : 0), endOnFailure: true },
          )
          .catch(() => undefined);
      }
    }
    expect(failures).toEqual([]);
    // a sweep of every route (40 requests each): its time grows with the API (30 s at 53 migrations)
  }, 240_000);
});
