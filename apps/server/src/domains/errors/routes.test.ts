import { createEventEnvelope, makeDsn, serializeEnvelope, type Event } from '@sentry/core';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, errorGroups, rateLimits, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { recordOccurrence, occurrenceFromServerError } from './service';
import { serverErrorReporter } from './routes';
import type { Config } from '../../config';
import type { FastifyRequest } from 'fastify';

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
/** The inbox as staff would read it once the intake has written what it queued. */
const groups = async (app = t.app, db = t.db, websiteId = shop.websiteId) => {
  await app.errorIntake.drain();
  return db.select().from(errorGroups).where(eq(errorGroups.websiteId, websiteId));
};

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

  it("sends the server's own 500s to the DSN project through @sentry/node, with the request id", async () => {
    const dsn = `http://publickey@127.0.0.1:${(upstream.address() as AddressInfo).port}/42`;
    const before = seen.length;
    const report = serverErrorReporter(t.app.errorIntake, { sentryDsn: dsn, environment: 'journey' } as Config, t.app.log);
    const req = { id: 'req-500', url: '/s/api/boom?x=1', website: { id: shop.websiteId } } as unknown as FastifyRequest;
    await report(new Error('the server fell over'), req);
    const Sentry = await import('@sentry/node');
    expect(await Sentry.flush(10_000)).toBe(true);
    const sent = seen.slice(before);
    expect(sent.map((s) => s.url.split('?')[0])).toEqual(['/api/42/envelope/']);
    const [header, , payload] = sent[0]!.body.split('\n');
    expect(JSON.parse(header!)).toMatchObject({ sdk: { name: 'sentry.javascript.node', version: expect.stringMatching(/^11\./) } });
    expect(JSON.parse(payload!)).toMatchObject({
      environment: 'journey',
      tags: { request_id: 'req-500', url: '/s/api/boom' },
      exception: { values: [{ type: 'Error', value: 'the server fell over' }] },
    });
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
    await t.app.errorIntake.drain();
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

/** One envelope of `n` distinct errors (as a looping or hostile client might send), `pad` bytes more each. */
function flood(n: number, tag: string, pad = 0): string {
  const lines = [JSON.stringify({ event_id: 'f'.repeat(32), dsn: 'https://firstparty@errors.invalid/1' })];
  for (let i = 0; i < n; i++)
    lines.push(
      JSON.stringify({ type: 'event' }),
      JSON.stringify(mismatch({ fingerprint: [tag, String(i)], extra: pad ? { pad: 'x'.repeat(pad) } : undefined })),
    );
  return lines.join('\n');
}

describe('a flood through the tunnel', () => {
  it('keeps the first 100 events of an envelope of 3,000 and answers at once, saying it was cut short', async () => {
    const before = (await groups()).length;
    const started = performance.now();
    const res = await post(t.app, flood(3_000, 'flood'));
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        id: 'f'.repeat(32),
        accepted: 100,
        dropped: 0,
        truncated: true,
        message: 'Only the first 100 events of an envelope are kept; the rest were not read.',
      },
    ]);
    // the old tunnel wrote each event in the request: 3,000 statements, 16 s on PGlite
    expect(performance.now() - started).toBeLessThan(3_000);
    const after = await groups();
    expect(after.length - before).toBe(100);
    expect(after.filter((g) => g.title.includes('ContractError') && g.count === 1)).toHaveLength(100);
  });

  it('skips an event over 64 KB and keeps the others', async () => {
    const before = (await groups()).length;
    const big = flood(1, 'big', 70_000);
    const small = flood(1, 'small').split('\n').slice(1).join('\n');
    const res = await post(t.app, `${big}\n${small}`);
    expect([res.statusCode, res.json().accepted, res.json().dropped]).toEqual([200, 1, 1]);
    expect((await groups()).length - before).toBe(1);
  });

  it('counts events, not requests, against the per-client limit', async () => {
    const limited = await createTestApp({ env: { BRGEST_RATE_LIMIT: '150' }, seed: seedCartShop });
    try {
      const [site] = await limited.db.select().from(websites);
      const first = await post(limited.app, flood(100, 'first'));
      expect([first.statusCode, first.json().accepted, first.json().truncated]).toEqual([200, 100, undefined]);
      // two requests, far below 150, but 200 events
      const refused = await post(limited.app, flood(100, 'second'));
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await groups(limited.app, limited.db, site!.id)).toHaveLength(100);
      // refused again until its window ends, without counting in the database
      const counted = () => limited.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, 'tunnel:127.0.0.1'));
      expect(await counted()).toEqual([{ count: 200 }]);
      const again = await post(limited.app, flood(1, 'third'));
      expect([again.statusCode, again.json().code, Number(again.headers['retry-after']) > 0]).toEqual([429, 'RATE_LIMITED', true]);
      expect(await counted()).toEqual([{ count: 200 }]);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('drops and counts what does not fit its queue, and drains what it holds when the app closes', async () => {
    const small = await createTestApp({ env: { ERROR_QUEUE_SIZE: '5' }, seed: seedCartShop });
    try {
      const [site] = await small.db.select().from(websites);
      const res = await post(small.app, flood(20, 'full'));
      expect([res.statusCode, res.json().accepted, res.json().dropped]).toEqual([200, 5, 15]);
      expect(small.app.errorIntake.stats()).toMatchObject({ dropped: 15 });
      expect(await groups(small.app, small.db, site!.id)).toHaveLength(5);
      expect(small.app.errorIntake.stats()).toMatchObject({ queued: 0, stored: 5, dropped: 15, failed: 0 });

      // closing without a drain first: the queue is written before the app is gone
      expect((await post(small.app, flood(3, 'closing'))).json().accepted).toBe(3);
      await small.app.close();
      const rows = await small.db.select().from(errorGroups).where(eq(errorGroups.websiteId, site!.id));
      expect(rows).toHaveLength(8);
      // and once closed it takes nothing more, counting it as dropped
      const late = occurrenceFromServerError(new Error('late'), { requestId: 'r', url: '/x', userId: null, environment: 'local' });
      expect(small.app.errorIntake.offer(site!.id, [late], (o) => o)).toBe(0);
      expect(small.app.errorIntake.stats()).toMatchObject({ queued: 0, stored: 8, dropped: 16 });
    } finally {
      await small.database.close();
    }
  }, 60_000);
});
