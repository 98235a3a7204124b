import { createEventEnvelope, makeDsn, serializeEnvelope, type Event } from '@sentry/core';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, errorGroups, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { recordOccurrence, occurrenceFromServerError } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let staff: ReturnType<typeof staffClients>;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  staff = staffClients(t, shop.websiteId);
}, 120_000);
afterAll(() => t.close());

/** A real Sentry envelope, made by the SDK's own envelope code, as the browser SDK sends it. */
function envelope(dsn: string, event: Event): string {
  const made = createEventEnvelope(event, makeDsn(dsn), { sdk: { name: 'sentry.javascript.react', version: '11.0.0' } }, dsn);
  const out = serializeEnvelope(made);
  return typeof out === 'string' ? out : Buffer.from(out).toString('utf8');
}

const mismatch = (extra: Partial<Event> = {}): Event => ({
  event_id: crypto.randomUUID().replace(/-/g, ''),
  level: 'error',
  platform: 'javascript',
  environment: 'journey',
  release: 'web@1',
  exception: {
    values: [
      {
        type: 'ContractError',
        value: 'Unexpected response from /api/product/rice: price: Invalid input',
        stacktrace: { frames: [{ filename: '/assets/index-abc.js', function: 'apiChecked', lineno: 1, colno: 42, in_app: true }] },
      },
    ],
  },
  tags: { request_id: 'req-123' },
  user: { id: '42', email: 'shopper@example.com', ip_address: '1.2.3.4' },
  breadcrumbs: [{ category: 'fetch', level: 'info', timestamp: 1, data: { url: '/s/api/product/rice', method: 'GET', status_code: 200 } }],
  request: { url: 'http://localhost:3000/products/rice' },
  ...extra,
});

const post = (app: typeof t.app, body: string) =>
  app.inject({ method: 'POST', url: '/s/tunnel', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: body });
const groups = async () => t.db.select().from(errorGroups).where(eq(errorGroups.websiteId, shop.websiteId));

describe('the error tunnel without SENTRY_DSN: the first-party inbox', () => {
  it('stores an event grouped by fingerprint with count, release, environment, request id, breadcrumbs and only the user id', async () => {
    const dsn = 'https://firstparty@errors.invalid/1';
    expect((await post(t.app, envelope(dsn, mismatch()))).statusCode).toBe(200);
    expect((await post(t.app, envelope(dsn, mismatch()))).statusCode).toBe(200);
    const [g, ...rest] = await groups();
    expect(rest).toHaveLength(0);
    expect(g).toMatchObject({
      source: 'browser',
      count: 2,
      release: 'web@1',
      environment: 'journey',
      requestId: 'req-123',
      userId: '42',
      title: expect.stringContaining('ContractError'),
    });
    expect(JSON.stringify(g!.latest)).not.toContain('shopper@example.com');
    expect(JSON.stringify(g!.latest)).not.toContain('1.2.3.4');
    expect((g!.latest as { breadcrumbs: unknown[] }).breadcrumbs).toEqual([
      expect.objectContaining({ category: 'fetch', url: '/s/api/product/rice', status_code: 200 }),
    ]);
  });

  it('refuses what is not an envelope and stores nothing', async () => {
    const before = (await groups()).length;
    expect((await post(t.app, 'not an envelope')).statusCode).toBe(422);
    expect((await groups()).length).toBe(before);
  });
});

describe('the error tunnel with SENTRY_DSN', () => {
  let upstream: Server;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ url: req.url!, headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        res.end('{"id":"ok"}');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise((r) => upstream.close(r)));

  it('forwards the envelope unchanged to the DSN project, and refuses one naming another project', async () => {
    const dsn = `http://publickey@127.0.0.1:${(upstream.address() as AddressInfo).port}/42`;
    const forwarding = await createTestApp({ env: { SENTRY_DSN: dsn }, seed: seedCartShop });
    try {
      const body = envelope(dsn, mismatch());
      const res = await post(forwarding.app, body);
      expect([res.statusCode, res.json()]).toEqual([200, { id: 'ok' }]);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.url).toBe('/api/42/envelope/');
      expect(seen[0]!.body).toBe(body);
      expect(seen[0]!.headers.cookie).toBeUndefined();
      expect((await forwarding.db.select().from(errorGroups)).length).toBe(0);
      const other = await post(forwarding.app, envelope('http://k@elsewhere.example/7', mismatch()));
      expect(other.statusCode).toBe(422);
      expect(seen).toHaveLength(1);
    } finally {
      await forwarding.close();
    }
  }, 60_000);
});

describe('the Errors page', () => {
  it('answers 401/403/200 by role', async () => {
    const clients = await staff.everyone();
    for (const role of Object.keys(ROLE_STATUS) as RoleName[])
      expect([role, (await clients[role].get('/s/api/admin/errors')).statusCode]).toEqual([role, ROLE_STATUS[role]]);
  });

  it('lists, shows and resolves (audited); a new occurrence reopens; another website answers 404', async () => {
    const owner = await staff.as({ hasAdminAccess: true });
    const list = (await owner.get('/s/api/admin/errors')).json().data;
    expect(list.length).toBeGreaterThanOrEqual(1);
    const id = list[0].id;
    const detail = (await owner.get(`/s/api/admin/errors/${id}`)).json();
    expect(detail.latest.breadcrumbs.length).toBe(1);
    const resolved = await owner.post(`/s/api/admin/errors/${id}/resolve`, { resolved: true });
    expect([resolved.statusCode, resolved.json().resolved]).toEqual([200, true]);
    expect((await owner.get('/s/api/admin/errors')).json().data.some((g: { id: number }) => g.id === id)).toBe(false);
    expect((await owner.get('/s/api/admin/errors?status=resolved')).json().data.some((g: { id: number }) => g.id === id)).toBe(true);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entity, 'error_group'))).toHaveLength(1);
    await post(t.app, envelope('https://firstparty@errors.invalid/1', mismatch()));
    expect((await owner.get(`/s/api/admin/errors/${id}`)).json()).toMatchObject({ resolved: false, count: 3 });

    const [site] = await t.db.insert(websites).values({ name: 'Other' }).returning();
    await recordOccurrence(
      t.db,
      site!.id,
      occurrenceFromServerError(new Error('theirs'), { requestId: 'r', url: '/x', userId: null, environment: 'local' }),
    );
    const [theirs] = await t.db.select().from(errorGroups).where(eq(errorGroups.websiteId, site!.id));
    expect((await owner.get(`/s/api/admin/errors/${theirs!.id}`)).statusCode).toBe(404);
    expect((await owner.post(`/s/api/admin/errors/${theirs!.id}/resolve`, { resolved: true })).statusCode).toBe(404);
  });
});
