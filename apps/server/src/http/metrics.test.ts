import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox, users, websiteMembers } from '../db/schema';
import { seedCartShop, signInAs, type CartShop } from '../domains/cart/test-fixture';
import { home } from '../domains/orders/test-fixture';
import { startJobs } from '../jobs';
import { createTestApp } from '../test/app';
import { TestClient } from '../test/client';
import { itOnPostgres } from '../test/on-postgres';
import { UNMATCHED } from './metrics';

// Prometheus metrics (DESIGN §11): the scrape behind its token, what it counts, and its format.
const TOKEN = 'metrics-token-for-tests-0123';
let shop!: CartShop;
const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ url: '/s/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The value of one sample (`name{labels}`, labels in the order written), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
    if (want.every(([k, v]) => have.get(k) === v) && have.size === want.length) return Number(m[3]);
  }
  return 0;
}

const requestCount = (text: string, route: string, status: number, method = 'GET') =>
  sample(text, 'grocer_http_request_duration_seconds_count', { method, route, status: String(status) });

describe('the scrape', () => {
  it('refuses without the token (401, and a wrong one), answers with it', async () => {
    const none = await t.app.inject({ url: '/s/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('grocer_');
    const wrong = await t.app.inject({ url: '/s/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({ url: '/s/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/s/metrics', headers: { authorization: `Bearer ${TOKEN}`, host: '10.0.0.7:3000' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE grocer_http_request_duration_seconds histogram');
  });

  it('without a token configured the path is a 404 (and nothing is measured)', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/s/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(plain.app.metrics).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('is Prometheus text: every line a HELP, a TYPE or a sample; histograms cumulative up to +Inf = count', async () => {
    await t.app.inject({ url: '/s/api/products' });
    const text = await scrape();
    const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
    const value = '(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|NaN|[-+]Inf)';
    const labels = `\\{(?:[a-zA-Z_]\\w*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"(?:,[a-zA-Z_]\\w*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*")*)?\\}`;
    const line = new RegExp(
      `^(?:# HELP ${name} .*|# TYPE ${name} (?:counter|gauge|histogram|summary|untyped)|${name}(?:${labels})? ${value}(?: -?\\d+)?)$`,
    );
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.filter((l) => l !== '' && !line.test(l))).toEqual([]);
    // each histogram series of ours: buckets never decrease, and +Inf is the count
    const buckets = lines.filter((l) => l.startsWith('grocer_http_request_duration_seconds_bucket{'));
    expect(buckets.length).toBeGreaterThan(0);
    const bySeries = new Map<string, number[]>();
    for (const l of buckets) {
      const key = l.replace(/,?le="[^"]*"/, '').replace(/ \S+$/, '');
      bySeries.set(key, [...(bySeries.get(key) ?? []), Number(l.split(' ').at(-1))]);
    }
    for (const [key, counts] of bySeries) {
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      const count = key.replace('_bucket{', '_count{');
      expect(lines).toContain(`${count} ${counts.at(-1)}`);
    }
    // the process's own (collectDefaultMetrics) and the database's
    for (const family of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes'])
      expect(text).toContain(`# TYPE ${family} `);
    expect(sample(text, 'grocer_db_statement_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
  });

  it('the Grafana dashboard (ops/grafana/grocer.json) asks only for metrics the scrape has', async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../../../ops/grafana/grocer.json', import.meta.url), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThan(20);
    const used = new Set(
      exprs.flatMap((e) => [...e.matchAll(/\b((?:grocer|process|nodejs)_\w+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''))),
    );
    const text = await scrape();
    expect([...used].filter((name) => !text.includes(`# TYPE ${name} `))).toEqual([]);
  });
});

describe('what it counts', () => {
  it('requests by route pattern (never the address), method and status, and a 404 no route matched as one series', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/s/api/products/basmati-rice' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/s/api/products/no-such-product-xyz' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/s/api/nothing-here-1' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/s/api/nothing-here-2?x=1' })).statusCode).toBe(404);
    const after = await scrape();
    expect(requestCount(after, '/s/api/products/:id', 200) - requestCount(before, '/s/api/products/:id', 200)).toBe(3);
    expect(requestCount(after, '/s/api/products/:id', 404) - requestCount(before, '/s/api/products/:id', 404)).toBe(1);
    expect(requestCount(after, UNMATCHED, 404) - requestCount(before, UNMATCHED, 404)).toBe(2);
    expect(after).not.toContain('basmati-rice');
    expect(after).not.toContain('no-such-product');
    expect(after).not.toContain('nothing-here');
    // and their durations were added up
    const sum = sample(after, 'grocer_http_request_duration_seconds_sum', { method: 'GET', route: '/s/api/products/:id', status: '200' });
    expect(sum).toBeGreaterThan(0);
  });

  it('catalogue answers served again from the caches count as hits (the front cache too)', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/s/api/products?q=basmati' });
    const after = await scrape();
    const hits = (s: string, cache: string) => sample(s, 'grocer_cache_requests_total', { cache, result: 'hit' });
    const front = (s: string, result: string) => sample(s, 'grocer_front_cache_requests_total', { result });
    // the first computes (a miss of the answer cache), the next two are answered by the front cache's hook
    expect(front(after, 'hook') - front(before, 'hook')).toBe(2);
    expect(front(after, 'miss') - front(before, 'miss')).toBe(1);
    expect(sample(after, 'grocer_cache_requests_total', { cache: 'answers', result: 'miss' })).toBeGreaterThan(0);
    expect(hits(after, 'websites')).toBeGreaterThan(hits(before, 'websites'));
  });

  it('answers sent before Fastify (over HTTP) are counted under their route', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const before = await scrape();
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/s/api/products?page=1`)).status).toBe(200);
    const after = await scrape();
    const raw =
      sample(after, 'grocer_front_cache_requests_total', { result: 'raw' }) -
      sample(before, 'grocer_front_cache_requests_total', { result: 'raw' });
    expect(raw).toBeGreaterThanOrEqual(2);
    expect(requestCount(after, '/s/api/products', 200) - requestCount(before, '/s/api/products', 200)).toBe(4);
  });

  it('an order placed shows in the orders gauge, its payment in the payments gauge', async () => {
    const before = await scrape();
    const [u] = await t.db.insert(users).values({ name: 'Metric Shopper', email: 'metric-shopper@example.com' }).returning();
    await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
    const c = new TestClient(t.app);
    await c.get(`/s/api/check/pincode/${home.pincode}`);
    await signInAs(t.db, c, u!.id);
    expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
    const address = (await c.post('/s/api/addresses', home)).json();
    const cart = (await c.get(`/s/api/cart?address_id=${address.id}`)).json();
    const placed = await c.post('/s/api/orders', {
      address_id: address.id,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: 'metrics-order-1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const after = await scrape();
    expect(sample(after, 'grocer_orders', { status: 'placed' }) - sample(before, 'grocer_orders', { status: 'placed' })).toBe(1);
    expect(
      sample(after, 'grocer_payments', { provider: 'cod', status: 'cod' }) -
        sample(before, 'grocer_payments', { provider: 'cod', status: 'cod' }),
    ).toBe(1);
    expect(requestCount(after, '/s/api/orders', 200, 'POST') - requestCount(before, '/s/api/orders', 200, 'POST')).toBe(1);
  });

  it('payment webhooks by provider and outcome', async () => {
    const before = await scrape();
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/s/api/payments/razorpay/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect((await post('not json')).statusCode).toBe(400);
    // a payment of an order this shop never made: acknowledged and ignored
    const unknown = { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1', order_id: 'order_none', amount: 100 } } } };
    expect((await post(JSON.stringify(unknown))).statusCode).toBe(200);
    const after = await scrape();
    const n = (s: string, outcome: string) => sample(s, 'grocer_payment_webhooks_total', { provider: 'razorpay', outcome });
    expect(n(after, 'bad_webhook') - n(before, 'bad_webhook')).toBe(1);
    expect(n(after, 'accepted') - n(before, 'accepted')).toBe(1);
  });

  it('the outbox backlog and its oldest message’s age', async () => {
    await t.db.insert(outbox).values({
      websiteId: shop.websiteId,
      channel: 'email',
      to: 'late@example.com',
      body: 'x',
      status: 'failed',
      attempts: 1,
      createdAt: new Date(Date.now() - 3600_000),
    });
    const text = await scrape();
    expect(sample(text, 'grocer_outbox_backlog', { channel: 'email', state: 'retrying' })).toBe(1);
    expect(sample(text, 'grocer_outbox_oldest_age_seconds', { channel: 'email', state: 'retrying' })).toBeGreaterThanOrEqual(3600);
    expect(text).not.toContain('late@example.com');
  });

  itOnPostgres('the pool’s connections: in use, idle, waiting, max (PostgreSQL)', async () => {
    // a statement holding a connection while the scrape reads the pool
    const held = t.database.db.execute(sql`select pg_sleep(0.3)`).then(() => 'done'); // (a drizzle query starts when asked for its result)
    await new Promise((r) => setTimeout(r, 100));
    const text = await scrape();
    await held;
    expect(sample(text, 'grocer_db_pool_connections', { state: 'max' })).toBe(30);
    // the sleeping statement's connection, and the scrape's own reads
    expect(sample(text, 'grocer_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'grocer_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('job runs, failures and lag', async () => {
    const jobs = [
      { name: 'good job', everyMs: 5, run: async () => 1 },
      { name: 'bad job', everyMs: 5, run: async () => Promise.reject(new Error('no')) },
    ];
    const stop = startJobs(jobs, t.app.log, t.app.metrics!.jobs(jobs));
    await new Promise((r) => setTimeout(r, 60));
    await stop();
    const text = await scrape();
    expect(sample(text, 'grocer_job_runs_total', { job: 'good job', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'grocer_job_runs_total', { job: 'bad job', outcome: 'failed' })).toBeGreaterThan(0);
    expect(sample(text, 'grocer_job_runs_total', { job: 'bad job', outcome: 'ok' })).toBe(0);
    expect(sample(text, 'grocer_job_last_success_timestamp_seconds', { job: 'good job' })).toBeGreaterThan(Date.now() / 1000 - 60);
    // the bad job has never succeeded: it is behind by (time since the start) − its interval
    expect(sample(text, 'grocer_job_lag_seconds', { job: 'bad job' })).toBeGreaterThan(0.03);
  });
});
