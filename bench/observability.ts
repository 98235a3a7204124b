/**
 * What the metrics and the production log cost the hot paths (issue 43; prints figures, not a
 * test). First the pieces alone in a loop (a histogram observe, a request's log lines); then three
 * variants of the app, each a server process of its own with its own database, loaded in turn from
 * this process by autocannon over loopback, in interleaved rounds so the shared machine's load
 * weighs on each alike (throughput, and the server's CPU time per request from /proc):
 *   off      no metrics, no log (as bench/api.ts runs: LOG_LEVEL silent)
 *   metrics  METRICS_TOKEN set: every request observed (its route's histogram series, the caches'
 *            counts, each statement's duration)
 *   +log     the same with LOG_LEVEL info, the production log (http/logging.ts: masked, redacted),
 *            written to /dev/null
 * on the cached list (answered by the front cache before Fastify over HTTP), a product (Fastify's
 * route and the answer cache), and the uncached list at 10 connections (CATALOGUE_CACHE=off: the
 * statements). Usage:
 *   npx tsx bench/observability.ts [--db pglite|postgres] [--seconds 6] [--connections 50]
 * Figures go to bench/results/observability-<db>.txt.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { loggerOptions } from '../apps/server/src/http/logging';
import { FastHistogram } from '../apps/server/src/http/meter';
import { seedDemo } from '../apps/server/src/seed/demo';
import { openBenchDatabase, rowsOf } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
    // (a server process of one variant, started by this script)
    child: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = 5;

// First the pieces on their own, in a loop (CPU per request, steadier than throughput on a busy machine).
const N = 200_000;
const perCall = (fn: () => void) => {
  for (let i = 0; i < 20_000; i++) fn();
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    for (let i = 0; i < N; i++) fn();
    runs.push(((performance.now() - t) * 1e6) / N);
  }
  return runs.sort((a, b) => a - b)[2]!;
};
const buckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const fast = new FastHistogram('x', 'x', buckets);
const series = fast.series({ method: 'GET', route: '/s/api/products', status: '200' });
const theirs = new Histogram({ name: 'h', help: 'h', labelNames: ['method', 'route', 'status'], buckets, registers: [new Registry()] });
const nowhere = { write: (_: string) => {} };
const fakeReq = { method: 'GET', url: '/s/api/products?q=rice', host: 'shop.example', ip: '127.0.0.1', socket: { remotePort: 1234 } };
const fakeRes = { statusCode: 200 };
const requestLines = (log: pino.Logger) => () => {
  log.info({ req: fakeReq }, 'incoming request');
  log.info({ res: fakeRes, responseTime: 0.4 }, 'request completed');
};
// Fastify's own logger: its serializers (with the client's address), nothing masked
const fastifys = pino(
  {
    level: 'info',
    serializers: {
      req: (r: typeof fakeReq) => ({ method: r.method, url: r.url, host: r.host, remoteAddress: r.ip, remotePort: r.socket.remotePort }),
      res: (r: typeof fakeRes) => ({ statusCode: r.statusCode }),
    },
  },
  nowhere,
).child({ reqId: '3f2b8c1e-9d4a-4b7e-8f6a-2c1d0e9b8a7f' });
const ours = pino(loggerOptions({ env: 'production', logLevel: 'info' }) || {}, nowhere).child({
  reqId: '3f2b8c1e-9d4a-4b7e-8f6a-2c1d0e9b8a7f',
});
const pieces = values.child
  ? []
  : [
      `a request's histogram observe, FastHistogram (kept series): ${perCall(() => fast.observe(series, 0.0003)).toFixed(0)} ns`,
      `the same, prom-client's Histogram with its labels: ${perCall(() => theirs.observe({ method: 'GET', route: '/s/api/products', status: '200' }, 0.0003)).toFixed(0)} ns`,
      `a request's two log lines, Fastify's logger: ${perCall(requestLines(fastifys)).toFixed(0)} ns; the production logger (masked): ${perCall(requestLines(ours)).toFixed(0)} ns`,
    ];
if (pieces.length) console.log(pieces.join('\n'));

// Then the app itself: each variant a server process of its own (its own PGlite or PostgreSQL
// database, seeded), loaded from this process by autocannon; its CPU time per request is read from
// /proc (the server's alone: the client is apart).
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const token = 'bench-metrics-token-0123456789';
const variants = {
  off: {},
  metrics: { METRICS_TOKEN: token },
  '+log': { METRICS_TOKEN: token, LOG_LEVEL: 'info' },
} as const;
type Variant = keyof typeof variants;

if (values.child) {
  const { database } = await openBenchDatabase(kind);
  await seedDemo(database.db, { mediaDir: null });
  if (kind === 'postgres') await database.db.execute(sql`analyze`);
  const [product] = rowsOf<{ slug: string }>(await database.db.execute(sql`select slug from products order by id limit 1`));
  const base = { NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-value-123', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' };
  // as pino writes to stdout in production (SonicBoom, asynchronous), to nowhere
  const devNull = pino.destination({ dest: '/dev/null', sync: false });
  const urls: string[] = [];
  for (const cache of ['on', 'off']) {
    const config = { ...parseConfig({ ...base, ...variants[values.child as Variant], CATALOGUE_CACHE: cache }), production: false };
    const app = await buildApp({ config, database, logStream: devNull });
    urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  }
  console.log(`READY ${JSON.stringify({ cached: urls[0], uncached: urls[1], product: product!.slug })}`);
} else {
  const servers = new Map<Variant, { pid: number; cached: string; uncached: string; product: string; stop: () => void }>();
  for (const v of Object.keys(variants) as Variant[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', v, '--db', kind], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /READY (.*)\n/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`${v}: the server exited (${code})`)));
    });
    servers.set(v, {
      pid: child.pid!,
      ...(JSON.parse(ready) as { cached: string; uncached: string; product: string }),
      stop: () => child.kill(),
    });
  }
  const slug = servers.get('off')!.product;
  const cases = [
    { name: 'cached list (front cache)', path: '/s/api/products', app: 'cached', connections },
    { name: 'product (route, answer cache)', path: `/s/api/products/${slug}`, app: 'cached', connections },
    { name: 'uncached list (10 conn)', path: '/s/api/products', app: 'uncached', connections: 10 },
  ] as const;
  // CPU seconds the process has used (user + system, /proc/<pid>/stat)
  const cpu = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const load = async (v: Variant, c: (typeof cases)[number], duration: number) => {
    const server = servers.get(v)!;
    const before = cpu(server.pid);
    const r = await autocannon({
      url: server[c.app] + c.path,
      connections: c.connections,
      duration,
      headers: { accept: 'application/json' },
    });
    if (r.errors + r.non2xx) throw new Error(`${v} ${c.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    return { rps: r.requests.average, cpuUs: ((cpu(server.pid) - before) * 1e6) / r.requests.total };
  };
  for (const c of cases) for (const v of servers.keys()) await load(v, c, 2);
  const measured = new Map<string, Array<{ rps: number; cpuUs: number }>>();
  for (let r = 0; r < rounds; r++)
    for (const c of cases)
      for (const v of servers.keys())
        measured.set(`${c.name}|${v}`, [...(measured.get(`${c.name}|${v}`) ?? []), await load(v, c, seconds / rounds)]);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const of = (c: string, v: Variant) => {
    const runs = measured.get(`${c}|${v}`)!;
    return { rps: median(runs.map((x) => x.rps)), cpuUs: median(runs.map((x) => x.cpuUs)) };
  };
  const cell = (x: string, w: number) => x.padStart(w);
  const lines = [
    ...pieces,
    '',
    `Each variant a server process of its own — ${kind}, demo catalogue, ${seconds}s per case in ${rounds} interleaved rounds (medians)`,
    '',
    `${'case'.padEnd(30)}${cell('req/s: off', 11)}${cell('metrics', 9)}${cell('+log', 9)}${cell('server CPU µs/request: off', 28)}${cell('metrics', 9)}${cell('+log', 9)}`,
  ];
  for (const c of cases) {
    const [off, m, l] = (['off', 'metrics', '+log'] as const).map((v) => of(c.name, v));
    lines.push(
      `${c.name.padEnd(30)}${cell(off!.rps.toFixed(0), 11)}${cell(m!.rps.toFixed(0), 9)}${cell(l!.rps.toFixed(0), 9)}${cell(off!.cpuUs.toFixed(0), 28)}${cell(m!.cpuUs.toFixed(0), 9)}${cell(l!.cpuUs.toFixed(0), 9)}`,
    );
  }
  console.log(lines.slice(pieces.length).join('\n'));
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'results', `observability-${kind}.txt`), `${lines.join('\n')}\n`);
  for (const server of servers.values()) server.stop();
  process.exit(0);
}
