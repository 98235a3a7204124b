import { PG_INT_MAX } from '@grocer/shared/ids';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../domains/cart/test-fixture';
import { seedDemo } from '../seed/demo';
import { seedLargeOrders } from '../seed/orders';
import { createTestApp } from '../test/app';
import { TestClient } from '../test/client';
import {
  routeInputs,
  validRequest,
  withValueAt,
  type JsonSchema,
  type Known,
  type Operation,
  type Slot,
  type ValidRequest,
} from '../test/openapi-inputs';
import { staffClients } from '../test/staff-clients';
import { STAFF_AREAS } from './staff';

// Issue 38, point 4. Every route of the OpenAPI document, as an anonymous client (with a CSRF
// token), a shopper and a staff admin (superadmin and sales agent: every staff area opens). For a
// valid-looking request generated from the route's own schemas, each path parameter, query
// parameter and JSON body field in turn is swapped for a value out of range or of the wrong type:
// nothing answers 5xx. The valid rest is what lets a bad value get past validation to the handler
// and the database, where an id past 2^31 − 1 used to fail the query (500). Generated ids are
// small and uuids are the seeded orders', so they name real rows and the handlers run for real.
//
// Bounded for a 2-core CI: one generated request per route and role, each of its inputs swapped
// for every bad value by the roles the route is for (the staff admin on /admin, /builder, /pos,
// /agent and /bos; a guest and a shopper on the rest), and a few sampled swaps by the others (a
// guest or shopper stopped by the staff guard, which runs after the same validation; the admin,
// who is one more shopper on the storefront's calls).

const LONG = 'a'.repeat(5000);
/** Bad values for a JSON body field. */
const BAD_JSON: Array<[string, unknown]> = [
  ['2^31', 2 ** 31],
  ['2^63', 2 ** 63],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['abc', 'abc'],
  ['empty', ''],
  ['long', LONG],
  ['array', [1, 2]],
  ['object', { a: 1 }],
  ['null', null],
  // a date and a time of year 0: the shape dates take, a year the database refuses
  ['year 0', '0000-01-01'],
  ['year 0 instant', '0000-01-01T00:00:00Z'],
];
/** The same for a path or query parameter, where every value is text (an array: the key repeated). */
const BAD_TEXT: Array<[string, string | string[]]> = [
  ['2^31', '2147483648'],
  ['2^63', '9223372036854775808'],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['abc', 'abc'],
  ['empty', ''],
  ['long', LONG],
  ['array', ['1', '2']],
  ['object', '{"a":1}'],
  ['null', 'null'],
  ['year 0', '0000-01-01'],
  ['year 0 instant', '0000-01-01T00:00:00Z'],
];
const SAMPLED_RUNS = 4;

type Role = 'anonymous' | 'shopper' | 'admin';
const ROLES: Role[] = ['anonymous', 'shopper', 'admin'];

let t: Awaited<ReturnType<typeof createTestApp>>;
let people: { shopper: number; admin: number };
let known: Known;
let operations: Array<{ method: string; path: string; op: Operation }> = [];

beforeAll(async () => {
  let websiteId = 0;
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, seed: async (db) => (websiteId = await seedDemo(db, { mediaDir: null })) });
  await seedLargeOrders(t.db, websiteId, 12);
  // listening, as the shop does: a call that starts a payment (a wallet top-up) reaches the
  // built-in gateway simulator over HTTP instead of answering 502 for a gateway nowhere
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const rows = (await t.db.execute(sql`select id from orders order by id`)) as unknown as { rows?: Array<{ id: string }> };
  known = { uuids: (rows.rows ?? (rows as unknown as Array<{ id: string }>)).map((r) => r.id) };
  const as = staffClients(t, websiteId).as;
  people = {
    shopper: (await as({})).userId!,
    admin: (await as({ hasAdminAccess: true, isSalesAgent: true, superadmin: true })).userId!,
  };
  const doc = (await t.app.inject({ method: 'GET', url: '/s/api/docs', headers: { host: 'localhost' } })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

let ip = 0;
/** A new client address per request: sign-in's per-client rate limits would otherwise answer 429 before validation. */
const nextIp = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

/** A new session per route and role: a route may sign out, or switch the managed website. */
async function clientFor(role: Role): Promise<TestClient> {
  const c = new TestClient(t.app, { host: 'localhost' });
  if (role !== 'anonymous') await signInAs(t.db, c, people[role]);
  return c;
}

const staffOnly = (path: string) => STAFF_AREAS.some((area) => path.startsWith(`/s/api/${area}/`));
const slotName = (s: Slot) => (s.in === 'body' ? ['body', ...s.path].join('.') : `${s.in}:${s.name}`);

type Try = { label: string; values: ValidRequest['values']; body: unknown };

/** `base` with `slot` swapped for each bad value. */
function swaps(base: ValidRequest, slot: Slot): Try[] {
  if (slot.in === 'body')
    return BAD_JSON.map(([label, bad]) => ({ label, values: base.values, body: withValueAt(base.body, slot.path, bad) }));
  return BAD_TEXT.map(([label, bad]) => ({ label, values: { ...base.values, [slotName(slot)]: bad }, body: base.body }));
}

function request(method: string, path: string, op: Operation, { values, body }: Try): InjectOptions & { method: string; url: string } {
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[`path:${name}`] ?? '1';
    return encodeURIComponent(Array.isArray(v) ? v.join(',') : v);
  });
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries(values)) {
    if (!key.startsWith('query:') || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(key.slice('query:'.length), one);
  }
  const qs = search.toString();
  const json = !!op.requestBody?.content?.['application/json'];
  return {
    method,
    url: qs ? `${url}?${qs}` : url,
    headers: { 'x-forwarded-for': nextIp(), ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { payload: JSON.stringify(body ?? {}) } : {}),
  };
}

const rowsOf = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
  const r = (await t.db.execute(q)) as unknown as { rows?: T[] };
  return r.rows ?? (r as unknown as T[]);
};

describe('the staff calls of issue 38 that answered 500 for an id past 2^31 − 1', () => {
  const ID = `Must be a whole number from 1 to ${PG_INT_MAX}`;
  const VERSION = `Must be a whole number from 0 to ${PG_INT_MAX}`;

  it('refuses each with 422 naming only that field, and changes nothing', async () => {
    const admin = await clientFor('admin');
    const [zone] = await rowsOf<{ id: number }>(sql`select id from delivery_zones order by id limit 1`);
    const [page] = await rowsOf<{ id: number }>(sql`select id from pages order by id limit 1`);
    const [category] = await rowsOf<{ id: number }>(sql`select id from categories where parent_id is null order by id limit 1`);
    const counts = () =>
      rowsOf(sql`select (select count(*) from delivery_zones) zones, (select count(*) from categories) categories,
        (select max(version) from pages) pages, (select count(*) from page_revisions) revisions`);
    const before = await counts();
    const zone1 = {
      name: 'Far away',
      warehouseId: 2 ** 31,
      deliveryCharge: 0,
      freeAbove: null,
      codAllowed: true,
      codMax: null,
      leadDays: 0,
    };
    const cases: Array<[() => Promise<{ statusCode: number; json: () => unknown }>, Record<string, string[]>]> = [
      [() => admin.get('/s/api/admin/audit?actor=2147483648'), { actor: [ID] }],
      [() => admin.delete(`/s/api/admin/categories/${category!.id}?move_to=2147483648`), { move_to: [ID] }],
      // the zone form's own words for a warehouse id it cannot take
      [() => admin.post('/s/api/admin/delivery/zones', zone1), { warehouseId: ['Choose a warehouse'] }],
      [() => admin.put(`/s/api/admin/delivery/zones/${zone!.id}`, zone1), { warehouseId: ['Choose a warehouse'] }],
      [() => admin.get('/s/api/admin/orders?slot_id=2147483648'), { slot_id: [ID] }],
      [() => admin.get('/s/api/admin/products?brand=2147483648'), { brand: [ID] }],
      [() => admin.post('/s/api/admin/products/category', { ids: [1], category_id: 2 ** 31 }), { category_id: [ID] }],
      [() => admin.post(`/s/api/builder/pages/${page!.id}/publish`, { version: 2 ** 31 }), { version: [VERSION] }],
      [() => admin.post(`/s/api/builder/pages/${page!.id}/revisions/1/rollback`, { version: 2 ** 31 }), { version: [VERSION] }],
    ];
    for (const [answer, errors] of cases) {
      const res = await answer();
      expect([res.statusCode, res.json()]).toEqual([422, { message: Object.values(errors)[0]![0], code: 'VALIDATION_FAILED', errors }]);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('out-of-range and wrong-type values in every input of every route (issue 38)', () => {
  it('reads every route and its inputs from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(200);
    const rollback = operations.find((o) => o.method === 'POST' && o.path === '/s/api/builder/pages/{id}/revisions/{number}/rollback')!;
    expect(routeInputs(rollback.op).slots.map(slotName)).toEqual(['path:id', 'path:number', 'body', 'body.version']);
    expect(known.uuids!.length).toBe(12);
  });

  it('bounds every integer a route takes by PostgreSQL integer (ids, pages, versions, counts)', () => {
    // left alone: a page size (clamped, or one of a short list), and a parked till cart's
    // lines (kept as JSON, never a column or a query's parameter; the sale it becomes checks them)
    const clamped = new Set(['query:perPage', 'body.cart.lines[].pack_id', 'body.cart.lines[].quantity']);
    const loose: string[] = [];
    const walk = (s: JsonSchema | undefined, where: string) => {
      if (!s || s.$ref) return;
      if (s.type === 'integer' && !clamped.has(where) && !(s.maximum !== undefined && s.maximum <= PG_INT_MAX)) loose.push(where);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`);
      walk(s.items, `${where}[]`);
      for (const m of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(m, where);
    };
    for (const { method, path, op } of operations) {
      const before = loose.length;
      for (const p of op.parameters ?? []) walk(p.schema, `${p.in}:${p.name}`);
      walk(op.requestBody?.content?.['application/json']?.schema, 'body');
      for (let i = before; i < loose.length; i++) loose[i] = `${method} ${path} ${loose[i]}`;
    }
    expect(loose).toEqual([]);
  });

  it('answers 2xx or 4xx, never 5xx, whoever asks', { timeout: 240_000 }, async () => {
    const failures = new Set<string>();
    const statuses = new Map<number, number>();
    for (const [n, { method, path, op }] of operations.entries()) {
      const { slots } = routeInputs(op);
      for (const [r, role] of ROLES.entries()) {
        const client = await clientFor(role);
        const send = async (one: Try) => {
          const req = request(method, path, op, one);
          const res = await client.request(req);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          // a refusal (4xx) or a normal answer (2xx); never a 5xx (nor a redirect, which none of these calls makes)
          if ((res.statusCode >= 200 && res.statusCode < 300) || (res.statusCode >= 400 && res.statusCode < 500)) return true;
          // the gateway not answering: an earlier valid call of the sweep may have saved generated
          // Razorpay or Cashfree keys, so a payment now goes to the real provider, which this
          // offline machine cannot reach; the shop says so (502 PAYMENT_PROVIDER_ERROR), no crash
          if (res.statusCode === 502 && (res.json() as { code?: string }).code === 'PAYMENT_PROVIDER_ERROR') return true;
          failures.add(
            `${method} ${path} as ${role}, ${one.label} → ${res.statusCode} (${req.url.slice(0, 160)} ${String(req.payload ?? '').slice(0, 160)})`,
          );
          return false;
        };
        const seed = 3800 + n * 3 + r;
        if ((role === 'admin') !== staffOnly(path)) {
          const sampled = fc.record({
            base: validRequest(op, known),
            slot: fc.constantFrom(...slots, null),
            bad: fc.nat(BAD_TEXT.length - 1),
          });
          await fc
            .assert(
              fc.asyncProperty(sampled, async ({ base, slot, bad }) => {
                if (!slot) return send({ label: 'valid', ...base });
                const one = swaps(base, slot)[bad]!;
                return send({ ...one, label: `${slotName(slot)}=${one.label}` });
              }),
              { numRuns: SAMPLED_RUNS, seed, endOnFailure: true },
            )
            .catch(() => undefined);
          continue;
        }
        await fc
          .assert(
            fc.asyncProperty(validRequest(op, known), async (base) => {
              let ok = await send({ label: 'valid', ...base });
              for (const slot of slots) {
                for (const one of swaps(base, slot)) ok = (await send({ ...one, label: `${slotName(slot)}=${one.label}` })) && ok;
              }
              return ok;
            }),
            { numRuns: 1, seed, endOnFailure: true },
          )
          .catch(() => undefined);
      }
    }
    // the handlers ran: many answers are not refusals
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(300);
    expect([...failures]).toEqual([]);
  });
});
