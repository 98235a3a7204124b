/**
 * Many websites in one database (issue 16; prints figures, not a test): storefront catalogue
 * throughput for one website while it is alone, then again (the same website, and the newest one)
 * once the database holds `--sites` websites, each a copy of the demo's storefront and catalogue
 * (so every table holds `--sites` times the rows); and the time to create a website by copy.
 * Usage: npx tsx bench/websites.ts [--db pglite|postgres] [--sites 100] [--seconds 5] [--connections 20]
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema';
import { createWebsite } from '../apps/server/src/domains/website/bos-service';
import { seedDemo } from '../apps/server/src/seed/demo';
import { openBenchDatabase } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    sites: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sites = Number(values.sites);
const endpoints = ['/s/api/products', '/s/api/products?c=staples', '/s/api/products?q=rice'];

async function load(url: string, host: string) {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { accept: 'application/json', 'x-origin': `http://${host}` },
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const { database, cleanup } = await openBenchDatabase(values.db === 'postgres' ? 'postgres' : 'pglite');
const demoId = await seedDemo(database.db, { mediaDir: null });
const [root] = await database.db
  .insert(users)
  .values({ name: 'Bench Root', email: 'bench-root@example.com', superadmin: true })
  .returning();
const config = parseConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-value-123',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(tmpdir(), 'none'),
});
const app = await buildApp({ config: { ...config, production: false }, database });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const measure = async (host: string) => {
  const out: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const e of endpoints) out[e] = await load(appUrl + e, host);
  return out;
};

console.log(`\nMany websites — ${database.kind}, ${sites} websites, ${connections} connections, ${seconds}s each\n`);
await measure('localhost'); // warm-up (JIT, pool, caches): not counted
const alone = await measure('localhost');

const createMs: number[] = [];
for (let i = 2; i <= sites; i++) {
  const started = performance.now();
  await createWebsite(database.db, root!.id, {
    name: `Shop ${i}`,
    domain: `shop${i}.localhost`,
    state: 'Karnataka',
    gstin: '',
    start: 'copy',
    copy_from: demoId,
    copy_catalogue: true,
  });
  createMs.push(performance.now() - started);
  if (i % 10 === 0) console.log(`  ${i} websites`);
}
const many = await measure('localhost');
const newest = await measure(`shop${sites}.localhost`);

const sorted = [...createMs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
console.log(
  '\n' + 'endpoint'.padEnd(28),
  'alone req/s'.padStart(12),
  `${sites} sites req/s`.padStart(16),
  'ratio'.padStart(7),
  'newest req/s'.padStart(13),
  'p99 alone/many'.padStart(16),
);
const rows = endpoints.map((e) => {
  const a = alone[e]!;
  const m = many[e]!;
  const n = newest[e]!;
  console.log(
    e.padEnd(28),
    a.rps.toFixed(0).padStart(12),
    m.rps.toFixed(0).padStart(16),
    (m.rps / a.rps).toFixed(2).padStart(7),
    n.rps.toFixed(0).padStart(13),
    `${a.p99}/${m.p99}ms`.padStart(16),
    a.errors + m.errors + n.errors ? ` (${a.errors + m.errors + n.errors} errors)` : '',
  );
  return { endpoint: e, alone: a, many: m, newest: n, ratio: m.rps / a.rps };
});
console.log(
  `\ncreate a website by copy (storefront + catalogue): median ${median.toFixed(0)} ms, min ${sorted[0]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms over ${createMs.length}`,
);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  path.join(import.meta.dirname, 'results', `websites-${database.kind}.json`),
  JSON.stringify({ sites, rows, createMs: { median, min: sorted[0], max: sorted.at(-1) } }, null, 2),
);
await app.close();
await cleanup();
