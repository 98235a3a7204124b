/**
 * First-party analytics ingestion (prints figures; not a test): posthog-js-shaped batches
 * (gzip-js, as the browser sends them) POSTed to /brgest/e/ under autocannon load, then the events
 * the database holds counted. Usage:
 *   npx tsx bench/brgest.ts [--db postgres|pglite] [--seconds 10] [--connections 10] [--batch 10]
 * PostgreSQL: DATABASE_URL, or a temporary database on 127.0.0.1:5432 created and dropped here.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/rows';
import { seedDemo } from '../apps/server/src/seed/demo';
import { openBenchDatabase } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    batch: { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const batch = Number(values.batch);

const { database, cleanup } = await openBenchDatabase(values.db === 'pglite' ? 'pglite' : 'postgres');
await seedDemo(database.db, { mediaDir: null });
const config = parseConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-value-123',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(tmpdir(), 'none'),
  // one load generator is one client address: the per-client limit is lifted for the run
  BRGEST_RATE_LIMIT: '100000000',
});
const app = await buildApp({ config: { ...config, production: false }, database });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

const names = ['$pageview', 'product viewed', 'search', 'added to cart'];
/** A fresh batch per request (new uuids: a repeated event would be skipped, not stored). */
const body = () =>
  gzipSync(
    JSON.stringify(
      Array.from({ length: batch }, (_, i) => ({
        event: names[i % names.length],
        uuid: randomUUID(),
        timestamp: new Date().toISOString(),
        properties: {
          distinct_id: randomUUID(),
          $session_id: randomUUID(),
          $pathname: '/products',
          query: 'rice',
          results: 3,
          token: 'first-party',
        },
      })),
    ),
  );

const count = async () =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from analytics_events`))[0]?.n ?? 0);
const before = await count();
const r = await autocannon({
  url: `${url}/brgest/e/?compression=gzip-js`,
  method: 'POST',
  connections,
  duration: seconds,
  headers: { 'content-type': 'text/plain' },
  requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
});
const stored = (await count()) - before;
const row = {
  db: database.kind,
  connections,
  batch,
  requestsPerSecond: Math.round(r.requests.average),
  eventsPerSecond: Math.round(stored / seconds),
  p99ms: r.latency.p99,
  errors: r.errors + r.non2xx,
};
console.log(`\n/brgest first-party ingestion — ${database.kind}, ${connections} connections, ${batch} events a request, ${seconds}s\n`);
console.log(
  `${row.requestsPerSecond} requests/s, ${row.eventsPerSecond} events/s stored, p99 ${row.p99ms} ms${row.errors ? `, ${row.errors} errors` : ''}`,
);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', `brgest-${database.kind}.json`), JSON.stringify(row, null, 2));
await app.close();
await cleanup();
