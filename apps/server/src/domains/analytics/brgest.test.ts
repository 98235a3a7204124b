import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { analyticsSettings, auditLog, websiteDomains, websites } from '../../db/schema';
import type { Resolve } from '../../http/outbound';
import { createTestDatabase, testConfig } from '../../test/app';
import { staffClients } from '../../test/staff-clients';
import { invalidateSettings } from './service';

/**
 * /brgest as an outgoing URL (issue 38): who may set the PostHog host and to what, the address
 * checked again when the proxy connects, the SDK's paths only, no redirects, filtered headers.
 * Nothing here touches the network: names resolve through a stub.
 */

type Seen = { method: string; url: string; headers: IncomingHttpHeaders };
/** An HTTP server on 127.0.0.1 that records what reaches it (and every connection). */
async function localServer(answer: (url: string, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers });
      answer(req.url!, res);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    origin,
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((r) => server.close(r)),
  };
}

const PUBLIC_V4 = '93.184.216.34';
/** What the stub resolver answers now, per name (changed by the tests: DNS rebinding). */
const dnsAnswers: Record<string, string[]> = {};
/** Every name the stub was asked for (the connection's own lookup included). */
const asked: string[] = [];
const resolve: Resolve = async (host) => {
  asked.push(host);
  const list = dnsAnswers[host];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let websiteId: number;
let staff: ReturnType<typeof staffClients>;
/** an internal service on this machine that nobody outside may reach through the shop */
let internal: Awaited<ReturnType<typeof localServer>>;
/** the operator's PostHog stand-in (POSTHOG_HOSTS: trusted) */
let posthog: Awaited<ReturnType<typeof localServer>>;

beforeAll(async () => {
  internal = await localServer((_url, res) => res.end('internal secret'));
  posthog = await localServer((url, res) => {
    if (url.startsWith('/decide/')) return res.writeHead(302, { location: `${internal.origin}/secret` }).end();
    if (url.startsWith('/flags/')) return res.writeHead(307, { location: `${internal.origin}/secret` }).end('moved');
    res.writeHead(200, {
      'content-type': url.startsWith('/static/') ? 'application/javascript' : 'application/json',
      'cache-control': 'public, max-age=60',
      etag: '"v1"',
      vary: 'Accept-Encoding',
      'set-cookie': 'ph_session=1; Path=/',
      'x-internal-token': 'upstream-secret',
      'access-control-allow-origin': '*',
      'access-control-allow-credentials': 'true',
      link: '<https://evil.test/>; rel=preload',
      refresh: `0; url=${internal.origin}/secret`,
    });
    res.end(url.startsWith('/static/') ? 'console.log(1)' : JSON.stringify({ status: 1, upstream: true }));
  });
  database = await createTestDatabase();
  const [site] = await database.db.insert(websites).values({ name: 'Guarded shop', isDefault: true }).returning();
  websiteId = site!.id;
  await database.db.insert(websiteDomains).values({ websiteId, host: 'localhost' });
  app = await buildApp({ config: testConfig({ POSTHOG_HOSTS: posthog.origin }), database, resolveHost: resolve });
  await app.ready();
  staff = staffClients({ app, db: database.db }, websiteId);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await internal?.close();
  await posthog?.close();
});
beforeEach(() => {
  for (const k of Object.keys(dnsAnswers)) delete dnsAnswers[k];
  dnsAnswers['eu.i.posthog.com'] = [PUBLIC_V4];
});

const settings = (posthog_host: string) => ({
  consent: 'on',
  posthog_host,
  posthog_key: 'phc_test',
  staff_analytics: false,
  retention_days: 90,
});
const storedHost = async () =>
  (await database.db.select().from(analyticsSettings).where(eq(analyticsSettings.websiteId, websiteId)))[0]?.posthogHost ?? '';
const audits = () => database.db.select().from(auditLog).where(eq(auditLog.entity, 'analytics_settings'));
/** Stores a host as an earlier version of the shop could have (no guard), straight in the table. */
async function storeHost(host: string) {
  await database.db
    .insert(analyticsSettings)
    .values({ websiteId, posthogHost: host })
    .onConflictDoUpdate({ target: analyticsSettings.websiteId, set: { posthogHost: host } });
  invalidateSettings(database.db, websiteId);
}
const brgest = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', ...headers }, payload: '[{"event":"$pageview"}]' });

describe('who may set the PostHog host, and to what', () => {
  it('a website admin gets 403 with a clear message for a host of their own; nothing changes', async () => {
    await storeHost('');
    const before = (await audits()).length;
    const admin = await staff.as({ hasAdminAccess: true });
    const res = await admin.put('/s/api/admin/analytics/settings', settings('https://eu.i.posthog.com'));
    expect([res.statusCode, res.json()]).toEqual([
      403,
      {
        code: 'POSTHOG_HOST_SUPERADMIN_ONLY',
        message: 'Only a superadmin can change the PostHog host. Leave it as it is, empty, or one the installation allows.',
      },
    ]);
    expect(await storedHost()).toBe('');
    expect(await audits()).toHaveLength(before);
  });

  it("a website admin may pick the operator's host (POSTHOG_HOSTS), keep the host as it is, or empty it", async () => {
    const admin = await staff.as({ hasAdminAccess: true });
    expect((await admin.put('/s/api/admin/analytics/settings', settings(`${posthog.origin}/`))).statusCode).toBe(200);
    expect(await storedHost()).toBe(posthog.origin);
    await storeHost('https://eu.i.posthog.com');
    const kept = await admin.put('/s/api/admin/analytics/settings', { ...settings('https://eu.i.posthog.com'), retention_days: 30 });
    expect(kept.statusCode).toBe(200);
    expect((await admin.put('/s/api/admin/analytics/settings', settings(''))).statusCode).toBe(200);
    expect(await storedHost()).toBe('');
  });

  it('a superadmin sets a public https host: stored as its origin, and the change audited with who, before and after', async () => {
    await storeHost('');
    const superadmin = await staff.as({ superadmin: true });
    const res = await superadmin.put('/s/api/admin/analytics/settings', settings('https://EU.i.posthog.com/'));
    expect([res.statusCode, res.json().posthog_host]).toEqual([200, 'https://eu.i.posthog.com']);
    expect(await storedHost()).toBe('https://eu.i.posthog.com');
    const last = (await audits()).at(-1)!;
    expect(last).toMatchObject({
      actorId: superadmin.userId,
      action: 'update',
      before: expect.objectContaining({ posthog_host: '' }),
      after: expect.objectContaining({ posthog_host: 'https://eu.i.posthog.com' }),
    });
  });

  const RULE = 'The PostHog host must be an https address on the public internet';
  const refusals: Array<[string, string, string[]?]> = [
    ['http://127.0.0.1:3302', RULE],
    ['http://localhost', RULE],
    ['http://eu.i.posthog.com', RULE],
    ['https://10.0.0.1', `${RULE}: 10.0.0.1 is not public`],
    ['https://[::1]', `${RULE}: ::1 is not public`],
    ['https://[::ffff:127.0.0.1]:3302', `${RULE}: ::ffff:7f00:1 is not public`],
    ['https://169.254.169.254', `${RULE}: 169.254.169.254 is not public`],
    ['https://100.64.0.1', `${RULE}: 100.64.0.1 is not public`],
    ['https://localhost.', `${RULE}: localhost. is not public`],
    ['https://localhost:3302', `${RULE}: localhost is not public`],
    ['https://posthog.internal.test', `${RULE}: posthog.internal.test resolves to 10.2.3.4, which is not public`, ['10.2.3.4']],
    ['https://rebind.test', `${RULE}: rebind.test resolves to 127.0.0.1, which is not public`, [PUBLIC_V4, '127.0.0.1']],
    ['https://v6.test', `${RULE}: v6.test resolves to fe80::1, which is not public`, ['fe80::1']],
    ['https://nowhere.test', 'The PostHog host could not be found: nowhere.test does not resolve to any address'],
    ['https://user:pw@eu.i.posthog.com', `${RULE}, without a user name or password in it`],
    ['https://eu.i.posthog.com/api/projects', 'Enter only the PostHog host, such as https://eu.i.posthog.com'],
  ];
  it.each(refusals)(
    'refuses %s even from a superadmin (422, the field says why); nothing saved or audited',
    async (host, message, answer) => {
      await storeHost('');
      if (answer) dnsAnswers[new URL(host).hostname] = answer;
      const before = (await audits()).length;
      const superadmin = await staff.as({ superadmin: true });
      const res = await superadmin.put('/s/api/admin/analytics/settings', settings(host));
      expect([res.statusCode, res.json().code, res.json().errors]).toEqual([422, 'VALIDATION_FAILED', { posthog_host: [message] }]);
      expect(await storedHost()).toBe('');
      expect(await audits()).toHaveLength(before);
    },
  );
});

describe('the proxy checks the address when it connects', () => {
  it('a host saved while public that now resolves to this machine is refused: 502, the local server never reached', async () => {
    const host = `https://phog.test:${internal.port}`;
    dnsAnswers['phog.test'] = [PUBLIC_V4];
    const superadmin = await staff.as({ superadmin: true });
    expect((await superadmin.put('/s/api/admin/analytics/settings', settings(host))).statusCode).toBe(200);
    for (const rebound of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.0.0.5']) {
      dnsAnswers['phog.test'] = [rebound];
      asked.length = 0;
      const res = await brgest('/brgest/e/?ver=1');
      // refused by the connection's own lookup, at request time (not by a failed name)
      expect(asked).toContain('phog.test');
      expect([rebound, res.statusCode, res.json()]).toEqual([
        rebound,
        502,
        { code: 'ANALYTICS_UPSTREAM_FAILED', message: 'The analytics service could not be reached' },
      ]);
    }
    expect(internal.connections()).toBe(0);
    expect(internal.seen).toHaveLength(0);
  });

  it('over a real connection too: a POST still arriving gets the 502, and nothing reaches this machine', async () => {
    await storeHost(`https://phog.test:${internal.port}`);
    dnsAnswers['phog.test'] = ['127.0.0.1'];
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    asked.length = 0;
    // the body's second half comes after the refusal
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"event":'));
        await new Promise((r) => setTimeout(r, 300));
        controller.enqueue(new TextEncoder().encode('"$pageview"}]'));
        controller.close();
      },
    });
    const res = await fetch(`${address}/brgest/e/`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([502, 'ANALYTICS_UPSTREAM_FAILED']);
    expect(asked).toContain('phog.test');
    expect(internal.connections()).toBe(0);
  });

  it('a host stored before the guard (plain http to this machine, an internal IP) is refused at connect time', async () => {
    for (const host of [internal.origin, `https://127.0.0.1:${internal.port}`, `https://[::ffff:7f00:1]:${internal.port}`]) {
      await storeHost(host);
      const res = await brgest('/brgest/e/');
      expect([host, res.statusCode]).toEqual([host, 502]);
    }
    expect(internal.connections()).toBe(0);
  });
});

describe('what the proxy forwards and answers', () => {
  beforeAll(async () => {
    await storeHost(posthog.origin);
  });
  beforeEach(() => {
    posthog.seen.length = 0;
  });

  it('forwards only the SDK paths; anything else is 404 and never reaches the host', async () => {
    const refused = [
      '/brgest',
      '/brgest/',
      '/brgest/api/projects/1/feature_flags/',
      '/brgest/admin/',
      '/brgest/static/../secret',
      '/brgest/static/%2e%2e/secret',
      '/brgest/array/phc_test/../../secret/config',
      '/brgest/array/%2e%2e/config',
      '/brgest//e/',
      '/brgest/e/x',
      '/brgest/s/recordings/1',
      '/brgest/static/1.2.3/sub/recorder.js',
      '/brgest/static/.hidden',
      '/brgest/api/surveys/1/',
      '/brgest/api/projects/@current/',
    ];
    for (const url of refused) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
    }
    expect(posthog.seen).toHaveLength(0);
    const allowed = [
      '/brgest/e/?ver=1',
      '/brgest/batch/',
      '/brgest/i/v0/e/?compression=gzip-js',
      '/brgest/array/phc_test/config',
      '/brgest/array/phc_test/config.js',
      '/brgest/static/recorder.js?v=1.2',
      '/brgest/static/1.250.0/surveys.js',
      '/brgest/api/surveys/?token=phc_test',
      '/brgest/s/?compression=gzip-js',
    ];
    for (const url of allowed) {
      const get = url.includes('/array/') || url.includes('/static/') || url.includes('/api/');
      const res = get ? await app.inject({ method: 'GET', url }) : await brgest(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    expect(posthog.seen.map((s) => s.url)).toEqual(allowed.map((u) => u.replace('/brgest', '')));
  });

  it('also answers 404 to other paths when analytics stay first-party', async () => {
    await storeHost('');
    try {
      expect((await app.inject({ method: 'GET', url: '/brgest/api/projects/' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/brgest/static/recorder.js' })).statusCode).toBe(204);
    } finally {
      await storeHost(posthog.origin);
    }
  });

  it('never follows a redirect: a 3xx is answered 502 without its Location, and its target is never fetched', async () => {
    for (const url of ['/brgest/decide/?v=3', '/brgest/flags/?v=2']) {
      const res = await brgest(url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 502, 'ANALYTICS_UPSTREAM_FAILED']);
      expect(res.headers.location).toBeUndefined();
    }
    expect(posthog.seen.map((s) => s.url)).toEqual(['/decide/?v=3', '/flags/?v=2']);
    expect(internal.connections()).toBe(0);
  });

  it("passes back only the body's headers (no cookies, no CORS, no links), and sends upstream none of the shop's", async () => {
    const res = await brgest('/brgest/e/', {
      cookie: 'sid=secret-session; XSRF-TOKEN=abc',
      authorization: 'Bearer staff',
      'x-xsrf-token': 'abc',
      'x-origin': 'https://shop.example',
      'x-internal-auth': 'let-me-in',
      'user-agent': 'journey-agent',
      'x-forwarded-for': '6.6.6.6',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 1, upstream: true }]);
    expect(res.headers).toMatchObject({ 'content-type': 'application/json', 'cache-control': 'public, max-age=60', etag: '"v1"' });
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    for (const h of [
      'set-cookie',
      'x-internal-token',
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'link',
      'refresh',
    ])
      expect([h, res.headers[h]]).toEqual([h, undefined]);
    const got = posthog.seen.at(-1)!.headers;
    for (const h of ['cookie', 'authorization', 'x-xsrf-token', 'x-origin', 'x-internal-auth']) expect([h, got[h]]).toEqual([h, undefined]);
    expect(got['user-agent']).toBe('journey-agent');
    expect(got['x-forwarded-for']).toBe('127.0.0.1');
    expect(got.host).toBe(new URL(posthog.origin).host);
  });
});
