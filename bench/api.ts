/**
 * API throughput benchmark (prints figures; not a test). In one run, for each endpoint: the real
 * app over loopback, and a bare Fastify route returning the same bytes from memory, both under
 * the same autocannon load. Usage:
 *   npx tsx bench/api.ts [--db pglite|postgres] [--large 50000] [--seconds 10] [--connections 50]
 * PostgreSQL: DATABASE_URL, or a temporary database on 127.0.0.1:5432 created and dropped here.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { openBenchDatabase } from './db';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeCatalogue } from '../apps/server/src/seed/large';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    large: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

async function load(url: string) {
  const r = await autocannon({ url, connections, duration: seconds, headers: { accept: 'application/json' } });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const { database, cleanup } = await openBenchDatabase(values.db === 'postgres' ? 'postgres' : 'pglite');
const websiteId = await seedDemo(database.db, { mediaDir: null });
if (values.large) await seedLargeCatalogue(database.db, websiteId, Number(values.large));
const config = parseConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-value-123',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(tmpdir(), 'none'),
});
const app = await buildApp({ config: { ...config, production: false }, database });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const endpoints = ['/s/api/products', '/s/api/products?c=staples', '/s/api/products?q=rice', '/s/api/init'];
const bodies = new Map<string, string>();
for (const e of endpoints) bodies.set(e, await (await fetch(appUrl + e)).text());
const bare = Fastify();
bare.get('/*', (req, reply) => reply.type('application/json').send(bodies.get(req.url)));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const rows: Record<string, unknown>[] = [];
console.log(
  `\nAPI benchmark — ${database.kind}, ${values.large ? `${values.large} extra products` : 'demo catalogue'}, ${connections} connections, ${seconds}s each\n`,
);
console.log(
  'endpoint'.padEnd(30),
  'app req/s'.padStart(10),
  'app p99'.padStart(9),
  'bare req/s'.padStart(11),
  'bare p99'.padStart(9),
  'ratio'.padStart(7),
);
for (const e of endpoints) {
  const a = await load(appUrl + e);
  const b = await load(bareUrl + e);
  const ratio = a.rps / b.rps;
  rows.push({ endpoint: e, app: a, bare: b, ratio });
  console.log(
    e.padEnd(30),
    a.rps.toFixed(0).padStart(10),
    `${a.p99}ms`.padStart(9),
    b.rps.toFixed(0).padStart(11),
    `${b.p99}ms`.padStart(9),
    ratio.toFixed(2).padStart(7),
    a.errors ? ` (${a.errors} errors)` : '',
  );
}
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  path.join(import.meta.dirname, 'results', `api-${database.kind}${values.large ? '-large' : ''}.json`),
  JSON.stringify(rows, null, 2),
);
await app.close();
await bare.close();
await cleanup();
