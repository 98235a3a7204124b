/**
 * Search-as-you-type latency (prints figures; not a test): the time to answer
 * /s/api/search/suggest for what a shopper types, letter by letter, over loopback, one request at
 * a time as a search box sends them. Every answer is a cache miss (each word prefix is asked once;
 * the micro-cache is per prefix), so this is the database's cost, not the cache's. Usage:
 *   npx tsx bench/suggest.ts [--db pglite|postgres] [--large 50000]
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeCatalogue } from '../apps/server/src/seed/large';
import { openBenchDatabase } from './db';

const { values } = parseArgs({ options: { db: { type: 'string', default: 'pglite' }, large: { type: 'string' } } });
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
const url = await app.listen({ port: 0, host: '127.0.0.1' });

// What shoppers type, including Hinglish words, brands, categories and slips.
const words = [
  'basmati rice',
  'toor dal',
  'dahi',
  'amrut ghee',
  'atta',
  'chawal',
  'paneer',
  'panner',
  'haldi',
  'cooking oil',
  'biscuits',
  'detergent',
  'dairy',
  'basmti',
  'masala',
  'tea',
  'sugar',
  'namkeen',
];
const prefixes = [...new Set(words.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(0, i + 2))))];
// warm the code paths (not the answers: those prefixes are not measured)
for (const q of ['zz', 'zzz', 'yy']) await fetch(`${url}/s/api/search/suggest?q=${q}`);

const times: number[] = [];
for (const q of prefixes) {
  const t0 = performance.now();
  const res = await fetch(`${url}/s/api/search/suggest?q=${encodeURIComponent(q)}`);
  await res.arrayBuffer();
  times.push(performance.now() - t0);
  if (!res.ok) throw new Error(`${q}: ${res.status}`);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(
  `\nsearch suggestions — ${database.kind}, ${values.large ? `${values.large} extra products` : 'demo catalogue'}: ${times.length} prefixes, each a cache miss`,
);
console.log(`p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   max ${times.at(-1)!.toFixed(1)} ms   (budget: 100 ms)`);
await app.close();
await cleanup();
