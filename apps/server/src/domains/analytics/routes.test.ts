import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, auditLog, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { funnel, ingestEvents } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let staff: ReturnType<typeof staffClients>;
let upstream: Server;
const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }> = [];

beforeAll(async () => {
  // A real HTTP server standing in for PostHog.
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.setHeader('set-cookie', 'ph=1');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 1, upstream: true }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  // the operator's allowed host (POSTHOG_HOSTS: trusted, so a local one will do); none is the default
  t = await createTestApp({
    env: { POSTHOG_HOSTS: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` },
    seed: async (db) => (shop = await seedCartShop(db)),
  });
  staff = staffClients(t, shop.websiteId);
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((r) => upstream.close(r));
});

const event = (name: string, extra: Record<string, unknown> = {}, session = 's1') => ({
  event: name,
  uuid: crypto.randomUUID(),
  timestamp: new Date().toISOString(),
  properties: {
    distinct_id: 'anon-1',
    $session_id: session,
    $pathname: '/',
    token: 'first-party',
    $groups: { website: String(shop.websiteId) },
    ...extra,
  },
});
const stored = async () => t.db.select().from(analyticsEvents).where(eq(analyticsEvents.websiteId, shop.websiteId));
const owner = () => staff.as({ hasAdminAccess: true });

describe('/brgest first-party (no PostHog configured)', () => {
  it('stores plain JSON, gzip-js and base64 data= batches, each event once, with no XSRF token and no session', async () => {
    const before = (await stored()).length;
    const a = event('$pageview');
    const res = await t.app.inject({
      method: 'POST',
      url: '/brgest/e/?ver=1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([a]),
    });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 1 }]);
    expect(res.headers['set-cookie']).toBeUndefined();
    const b = event('search', { query: 'Saffron', results: 0 });
    const gz = await t.app.inject({
      method: 'POST',
      url: '/brgest/i/v0/e/?compression=gzip-js',
      headers: { 'content-type': 'text/plain' },
      payload: gzipSync(JSON.stringify([b, a])),
    });
    expect(gz.statusCode).toBe(200);
    const c = event('product viewed', { product: 'Basmati Rice', product_id: 7, $ip: '1.2.3.4' });
    const form = `data=${encodeURIComponent(Buffer.from(JSON.stringify({ batch: [c] })).toString('base64'))}`;
    const bf = await t.app.inject({
      method: 'POST',
      url: '/brgest/batch/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(bf.statusCode).toBe(200);
    const rows = await stored();
    expect(rows.length - before).toBe(3);
    const viewed = rows.find((r) => r.uuid === c.uuid)!;
    expect(viewed).toMatchObject({
      event: 'product viewed',
      sessionId: 's1',
      distinctId: 'anon-1',
      props: { product: 'Basmati Rice', product_id: 7 },
    });
    expect(viewed.props).not.toHaveProperty('$ip');
  });

  it('answers flags, decide and remote config as nothing enabled; unknown bodies store nothing', async () => {
    const flags = await t.app.inject({
      method: 'POST',
      url: '/brgest/flags/?v=2',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(flags.json()).toMatchObject({ featureFlags: {}, errorsWhileComputingFlags: false });
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/brgest/decide/?v=3', payload: '{}', headers: { 'content-type': 'application/json' } })
      ).json(),
    ).toMatchObject({ featureFlags: {} });
    expect((await t.app.inject({ method: 'GET', url: '/brgest/array/first-party/config' })).json()).toMatchObject({
      sessionRecording: false,
    });
    const before = (await stored()).length;
    expect(
      (await t.app.inject({ method: 'POST', url: '/brgest/e/', payload: 'not json', headers: { 'content-type': 'text/plain' } }))
        .statusCode,
    ).toBe(200);
    expect((await stored()).length).toBe(before);
  });

  it('is rate-limited per client address', async () => {
    const limited = await createTestApp({ env: { BRGEST_RATE_LIMIT: '2' }, seed: seedCartShop });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/brgest/flags/',
              payload: '{}',
              headers: { 'content-type': 'application/json' },
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('/brgest proxy (PostHog configured)', () => {
  it('forwards body and headers to the website PostHog host (one the operator allows), with the client address and without shop cookies', async () => {
    const admin = await owner();
    const host = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const put = await admin.put('/s/api/admin/analytics/settings', {
      consent: 'on',
      posthog_host: host,
      posthog_key: 'phc_test',
      staff_analytics: false,
      retention_days: 30,
    });
    expect([put.statusCode, put.json()]).toMatchObject([200, { posthog_host: host }]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'analytics_settings'));
    expect(audit).toHaveLength(1);
    const body = gzipSync(JSON.stringify([event('$pageview')]));
    const before = (await stored()).length;
    seen.length = 0;
    // no wait: saving drops this process's cached settings at once (invalidateSettings); the
    // cache's five seconds are for other processes
    const res = await t.app.inject({
      method: 'POST',
      url: '/brgest/e/?compression=gzip-js&ver=1.2',
      headers: {
        'content-type': 'text/plain',
        cookie: 'sid=secret-session; XSRF-TOKEN=abc',
        'user-agent': 'journey-agent',
        'x-forwarded-for': '6.6.6.6',
      },
      payload: body,
      remoteAddress: '10.1.2.3',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 1, upstream: true }]);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(seen).toHaveLength(1);
    const got = seen[0]!;
    expect(got).toMatchObject({ method: 'POST', url: '/e/?compression=gzip-js&ver=1.2' });
    expect(got.body.equals(body)).toBe(true);
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers['x-forwarded-for']).toBe('10.1.2.3');
    expect(got.headers['user-agent']).toBe('journey-agent');
    expect(got.headers.host).toBe(new URL(host).host);
    expect((await stored()).length).toBe(before);
    // back to first-party for the other tests
    await admin.put('/s/api/admin/analytics/settings', {
      consent: 'on',
      posthog_host: '',
      posthog_key: '',
      staff_analytics: false,
      retention_days: 90,
    });
  }, 30_000);
});

describe('the Analytics page', () => {
  it('answers 401/403/200 by role; another website sees none of these events', async () => {
    const clients = await staff.everyone();
    for (const role of Object.keys(ROLE_STATUS) as RoleName[])
      expect([role, (await clients[role].get('/s/api/admin/analytics')).statusCode]).toEqual([role, ROLE_STATUS[role]]);
    const [other] = await t.db.insert(websites).values({ name: 'Other' }).returning();
    const otherFunnel = await funnel(t.db, other!.id, new Date(0));
    expect(otherFunnel.every((s) => s.sessions === 0)).toBe(true);
  });

  it('shows visitors per day, the funnel with conversion, searches with no results, top viewed', async () => {
    await ingestEvents(t.db, shop.websiteId, [
      event('$pageview', {}, 'f1'),
      event('product viewed', { product: 'Toor Dal' }, 'f1'),
      event('added to cart', {}, 'f1'),
      event('$pageview', {}, 'f2'),
      event('search', { query: 'quinoa', results: 0 }, 'f2'),
    ]);
    const res = await (await owner()).get('/s/api/admin/analytics?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.destination).toBe('first-party');
    expect(body.daily.at(-1).sessions).toBeGreaterThanOrEqual(2);
    expect(body.funnel.map((s: { key: string }) => s.key)).toEqual(['visit', 'product', 'cart', 'checkout', 'paid']);
    expect(body.funnel[0].conversion).toBeNull();
    expect(body.no_result_searches.map((s: { query: string }) => s.query)).toEqual(expect.arrayContaining(['quinoa', 'saffron']));
    expect(body.top_viewed.map((v: { product: string }) => v.product)).toContain('Toor Dal');
  });

  it('refuses invalid settings with field errors and changes nothing', async () => {
    const res = await (
      await owner()
    ).put('/s/api/admin/analytics/settings', {
      consent: 'maybe',
      posthog_host: 'ftp://x',
      posthog_key: '',
      staff_analytics: false,
      retention_days: 0,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['consent', 'retention_days']));
  });
});

describe('the funnel', () => {
  it('never increases from step to step, whatever the events (property)', async () => {
    const [site] = await t.db.insert(websites).values({ name: 'Funnel property' }).returning();
    const names = ['$pageview', 'product viewed', 'added to cart', 'checkout started', 'order placed', 'search'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ session: fc.integer({ min: 0, max: 6 }), name: fc.constantFrom(...names) }), { maxLength: 40 }),
        async (list) => {
          await t.db.delete(analyticsEvents).where(eq(analyticsEvents.websiteId, site!.id));
          await ingestEvents(
            t.db,
            site!.id,
            list.map((e) => event(e.name, {}, `p${e.session}`)),
          );
          const steps = await funnel(t.db, site!.id, new Date(0));
          for (let i = 1; i < steps.length; i++) {
            expect(steps[i]!.sessions).toBeLessThanOrEqual(steps[i - 1]!.sessions);
            expect(steps[i]!.conversion!).toBeLessThanOrEqual(1);
          }
          const visited = new Set(list.filter((e) => e.name === '$pageview').map((e) => e.session));
          expect(steps[0]!.sessions).toBe(visited.size);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe('retention', () => {
  it('purges events older than the website retention', async () => {
    const { purgeAnalytics } = await import('./service');
    const old = { ...event('$pageview'), timestamp: new Date(Date.now() - 100 * 86_400_000).toISOString() };
    await ingestEvents(t.db, shop.websiteId, [old]);
    expect((await stored()).some((r) => r.uuid === old.uuid)).toBe(true);
    expect(await purgeAnalytics(t.db)).toBeGreaterThanOrEqual(1);
    expect((await stored()).some((r) => r.uuid === old.uuid)).toBe(false);
  });
});

it('keeps TestClient importable for signed-in checks', () => expect(TestClient).toBeDefined());

describe('what the pages tell the browser', () => {
  it('the storefront meta carries the environment, consent mode and key; the staff apps are measured only when enabled', async () => {
    const { telemetryMeta } = await import('../shell/routes');
    const { staffTelemetryMeta, DEFAULT_ANALYTICS } = await import('./service');
    const meta = telemetryMeta({ ...t.config, environment: 'staging' }, { ...DEFAULT_ANALYTICS, consent: 'consent' });
    expect(meta).toContain('<meta name="environment" content="staging" />');
    expect(meta).toContain('<meta name="analytics" content="consent" data-key="first-party" />');
    expect(meta).toContain('<meta name="error-dsn" content="https://firstparty@errors.invalid/1" />');
    expect(staffTelemetryMeta(t.config, DEFAULT_ANALYTICS, 7)).toContain('content="off"');
    expect(staffTelemetryMeta(t.config, { ...DEFAULT_ANALYTICS, staff_analytics: true }, 7)).toContain(
      'content="on" data-key="first-party" data-user="7"',
    );
    expect(staffTelemetryMeta(t.config, { ...DEFAULT_ANALYTICS, staff_analytics: true, consent: 'off' }, 7)).toContain('content="off"');
  });
});
