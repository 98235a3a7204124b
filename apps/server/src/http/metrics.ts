import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onErrorHookHandler, onResponseHookHandler } from 'fastify';
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { OrderStatus, PaymentProvider, PaymentStatus } from '@grocer/shared/order';
import type { Database, Db } from '../db/client';
import type { Job, JobObserver } from '../jobs';
import { cacheCounts } from './cache';
import { AppError, Errors } from './errors';
import type { FrontCache, FrontMeter } from './front-cache';
import { FastHistogram, readings, register, type Reading, type Series } from './meter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a payment provider's webhook: its outcomes are counted by provider (`grocer_payment_webhooks_total`) */
    webhook?: string;
  }
}

// From 100 µs (a cached catalogue answer) to 10 s.
const SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched (a 404): one series, whatever the address. */
export const UNMATCHED = 'unmatched';
// the webhook's failures by their catalogue code; anything else is `error`
const WEBHOOK_OUTCOMES: Record<string, string> = {
  BAD_SIGNATURE: 'bad_signature',
  BAD_WEBHOOK: 'bad_webhook',
  WEBHOOK_EXPIRED: 'expired',
};

/**
 * The Prometheus metrics of one server (DESIGN §11), in a registry of their own. Nothing on a
 * request's path does more than a few additions: a request's duration goes into a series kept by
 * its route (`FastHistogram`); caches count hits in plain numbers; the pool, the outbox, orders
 * and payments are read when scraped. Label values are bounded: route patterns
 * (`/s/api/products/:slug`, never the address), methods, status codes, fixed names.
 */
/**
 * What the domains count for the metrics, read at scrape time (handed over by app.ts: this helper
 * imports no domain): orders by status, payments by provider and status, the outbox's backlog.
 */
export interface DomainStats {
  orderCounts(db: Db): Promise<Array<{ status: OrderStatus; count: number }>>;
  paymentCounts(db: Db): Promise<Array<{ provider: PaymentProvider; status: PaymentStatus; count: number }>>;
  outboxBacklog(db: Db): Promise<Array<{ channel: string; state: string; count: number; oldestSeconds: number }>>;
}

export function createMetrics(deps: { database: Database; frontCache: FrontCache; log: FastifyBaseLogger; stats: DomainStats }) {
  const { database, frontCache, log } = deps;
  const { orderCounts, outboxBacklog, paymentCounts } = deps.stats;
  const db = database.db;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new FastHistogram(
    'grocer_http_request_duration_seconds',
    'HTTP requests by route pattern, method and status code: seconds from arrival to the response sent (its _count is the request count)',
    SECONDS,
  );
  register(registry, requests);

  const statements = new FastHistogram(
    'grocer_db_statement_duration_seconds',
    'Database statements: seconds from sent to answered, by outcome (ok, error)',
    SECONDS,
  );
  register(registry, statements);
  const ok = statements.series({ outcome: 'ok' });
  const failed = statements.series({ outcome: 'error' });
  const stopTiming = database.timeStatements?.((seconds, error) => statements.observe(error ? failed : ok, seconds));

  register(
    registry,
    readings('grocer_db_pool_connections', 'PostgreSQL pool connections by state (in_use, idle, waiting requests, max)', 'gauge', () => {
      const p = database.poolState?.();
      if (!p) return [];
      return [
        { labels: { state: 'in_use' }, value: p.total - p.idle },
        { labels: { state: 'idle' }, value: p.idle },
        { labels: { state: 'waiting' }, value: p.waiting },
        { labels: { state: 'max' }, value: p.max },
      ];
    }),
  );

  register(
    registry,
    readings('grocer_cache_requests_total', 'In-process cache lookups by cache and result (hit, miss)', 'counter', () =>
      [...cacheCounts()].flatMap(([cache, c]) => [
        { labels: { cache, result: 'hit' }, value: c.hits },
        { labels: { cache, result: 'miss' }, value: c.misses },
      ]),
    ),
  );
  register(
    registry,
    readings(
      'grocer_front_cache_requests_total',
      'GET /s/api requests by how the front cache took them: answered before Fastify (raw), by its first hook (hook), left to the route (miss)',
      'counter',
      () => Object.entries(frontCache.counts).map(([result, value]) => ({ labels: { result }, value })),
    ),
  );

  /** A reading from the database at scrape time; a failure (the database down) leaves it out of this scrape, logged. */
  const fromDb = (what: string, read: () => Promise<Reading[]>) => async () => {
    try {
      return await read();
    } catch (e) {
      log.warn({ err: e, metric: what }, 'metrics: could not read the database');
      return [];
    }
  };
  // one query for both outbox metrics of a scrape (the registry asks every metric at once)
  let backlog: ReturnType<typeof outboxBacklog> | null = null;
  const readBacklog = () => (backlog ??= outboxBacklog(db).finally(() => (backlog = null)));
  register(
    registry,
    readings(
      'grocer_outbox_backlog',
      'Messages not delivered yet, by channel and state (queued, retrying, given_up)',
      'gauge',
      fromDb('outbox', async () => (await readBacklog()).map((r) => ({ labels: { channel: r.channel, state: r.state }, value: r.count }))),
    ),
  );
  register(
    registry,
    readings(
      'grocer_outbox_oldest_age_seconds',
      'Age of the oldest message not delivered yet, by channel and state',
      'gauge',
      fromDb('outbox', async () =>
        (await readBacklog()).map((r) => ({ labels: { channel: r.channel, state: r.state }, value: r.oldestSeconds })),
      ),
    ),
  );
  register(
    registry,
    readings(
      'grocer_orders',
      'Orders in each status now, from the database (the same in every process: aggregate with max; increase() of the sum is orders placed)',
      'gauge',
      fromDb('orders', async () => (await orderCounts(db)).map((r) => ({ labels: { status: r.status }, value: r.count }))),
    ),
  );
  register(
    registry,
    readings(
      'grocer_payments',
      'Payments by provider and status now, from the database (the same in every process: aggregate with max)',
      'gauge',
      fromDb('payments', async () =>
        (await paymentCounts(db)).map((r) => ({ labels: { provider: r.provider, status: r.status }, value: r.count })),
      ),
    ),
  );

  const webhooks = new Counter({
    name: 'grocer_payment_webhooks_total',
    help: 'Payment provider webhooks by provider and outcome (accepted, bad_signature, bad_webhook, expired, error)',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });

  const jobRuns = new Counter({
    name: 'grocer_job_runs_total',
    help: 'Background job runs by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'grocer_job_duration_seconds',
    help: 'Background job runs: seconds each took',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const jobState = new Map<string, { everyMs: number; since: number; lastOk: number | null }>();
  register(
    registry,
    readings('grocer_job_last_success_timestamp_seconds', 'When each background job last ran without failing (Unix seconds)', 'gauge', () =>
      [...jobState].filter(([, j]) => j.lastOk !== null).map(([job, j]) => ({ labels: { job }, value: j.lastOk! / 1000 })),
    ),
  );
  register(
    registry,
    readings(
      'grocer_job_lag_seconds',
      'How far each background job is behind its schedule: seconds since its last good run (or the start) beyond its interval; 0 when on time',
      'gauge',
      () => {
        const now = Date.now();
        return [...jobState].map(([job, j]) => ({ labels: { job }, value: Math.max(0, now - (j.lastOk ?? j.since) - j.everyMs) / 1000 }));
      },
    ),
  );

  /** The series of one route, per method and status code, made on first use. */
  const routeMeter = (route: string, method: string | string[]) => {
    const byMethod = new Map<string, Series[]>();
    return (req: FastifyRequest, reply: FastifyReply) => {
      const m = typeof method === 'string' ? method : req.method;
      let byStatus = byMethod.get(m);
      if (!byStatus) byMethod.set(m, (byStatus = []));
      const status = reply.statusCode;
      const series = (byStatus[status] ??= requests.series({ method: m, route, status: String(status) }));
      requests.observe(series, reply.elapsedTime / 1000);
    };
  };

  const front: FrontMeter = {
    answered: (() => {
      const byRoute = new Map<string, Series[]>();
      return (route: string, status: number, seconds: number) => {
        let byStatus = byRoute.get(route);
        if (!byStatus) byRoute.set(route, (byStatus = []));
        requests.observe((byStatus[status] ??= requests.series({ method: 'GET', route, status: String(status) })), seconds);
      };
    })(),
  };

  return {
    registry,
    /** for the front cache's answers sent before Fastify (front-cache.ts `answerRaw`) */
    front,

    /**
     * Measures every route registered after this (call it before the routes): a response hook of
     * the route's own, with its pattern already known, and one for requests no route matched; the
     * webhooks' outcomes besides. With a token, `GET /s/metrics` answers the scrape to
     * `Authorization: Bearer <token>` (401 otherwise); without one the path stays a 404.
     */
    instrument(app: FastifyInstance, opts: { token?: string }) {
      app.addHook('onRoute', (route) => {
        const observe = routeMeter(route.url, route.method);
        const onResponse: onResponseHookHandler = (req, reply, done) => {
          observe(req, reply);
          done();
        };
        const hooks: onResponseHookHandler[] = [onResponse];
        const provider = route.config?.webhook;
        if (provider) {
          const outcome = (name: string) => webhooks.labels(provider, name);
          const accepted = outcome('accepted');
          const onError: onErrorHookHandler = (req, reply, error, done) => {
            outcome((error instanceof AppError && WEBHOOK_OUTCOMES[error.code]) || 'error').inc();
            done();
          };
          route.onError = [...asArray(route.onError), onError];
          hooks.push((req, reply, done) => {
            if (reply.statusCode < 400) accepted.inc();
            done();
          });
        }
        route.onResponse = [...asArray(route.onResponse), ...hooks];
      });
      const unmatched = routeMeter(UNMATCHED, []);
      app.addHook('onResponse', (req, reply, done) => {
        if (req.is404) unmatched(req, reply);
        done();
      });
      const token = opts.token;
      if (token)
        app.get('/s/metrics', { schema: { hide: true }, config: { probe: true } }, async (req, reply) => {
          if (!bearerMatches(req.headers.authorization, token)) {
            reply.header('www-authenticate', 'Bearer realm="metrics"');
            throw Errors.unauthenticated('The metrics need their token: Authorization: Bearer <METRICS_TOKEN>.');
          }
          reply.header('cache-control', 'no-store').type(registry.contentType);
          return registry.metrics();
        });
    },

    /** Counts the jobs' runs, failures and lag (jobs.ts `startJobs`). */
    jobs(list: Job[]): JobObserver {
      const since = Date.now();
      for (const j of list) jobState.set(j.name, { everyMs: j.everyMs, since, lastOk: null });
      return {
        finished(job, seconds, good) {
          jobRuns.inc({ job: job.name, outcome: good ? 'ok' : 'failed' });
          jobDuration.observe({ job: job.name }, seconds);
          const j = jobState.get(job.name);
          if (j && good) j.lastOk = Date.now();
        },
      };
    },

    close() {
      stopTiming?.();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The scrape on a port of its own (METRICS_PORT; METRICS_HOST, 127.0.0.1 by default): `GET
 * /metrics`, nothing else, outside the shop's routes, so no website, session or token is involved
 * and every process of a machine can be scraped apart (behind a load balancer `/s/metrics`
 * reaches one process at random).
 */
export async function serveMetrics(metrics: Metrics, at: { port: number; host: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${(e as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(at.port, at.host, resolve));
  return server;
}
