/**
 * A shopper's search while the error tunnel is flooded (issue 38; prints figures, not a test): one
 * shopper searches `/s/api/products?q=milk` one request after another (answer cache off: each
 * search reaches the database), first on a quiet shop, then while `--clients` clients (each its own
 * address, `X-Forwarded-For` behind TRUST_PROXY=1) post envelopes of 3,000 error events to
 * `/s/tunnel` back to back, the per-client limit lifted (the worst case: every envelope's events
 * are taken; `--limit 600` is the default limit, events a minute per client). Prints the search's
 * p50 / p95 / max for both, the tunnel's answers and what the inbox kept. Usage:
 *   npx tsx bench/tunnel-flood.ts [--db pglite|postgres] [--seconds 10] [--clients 4] [--limit N]
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { seedDemo } from '../apps/server/src/seed/demo';
import { openBenchDatabase, rowsOf } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '4' },
    limit: { type: 'string', default: '100000000' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);

const { database, cleanup } = await openBenchDatabase(values.db === 'postgres' ? 'postgres' : 'pglite');
await seedDemo(database.db, { mediaDir: null });
const config = parseConfig({
  NODE_ENV: 'development',
  SEED: 'never',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(tmpdir(), 'none'),
  CATALOGUE_CACHE: 'off',
  TRUST_PROXY: '1',
  BRGEST_RATE_LIMIT: values.limit,
});
const app = await buildApp({ config, database });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

/**
 * The flood: `clients` clients posting envelopes of 3,000 distinct errors back to back, in a
 * thread of their own (their work is not the server's), until told to stop; answers their timings.
 */
const FLOOD = `
const { parentPort, workerData: { url, clients } } = require('node:worker_threads');
const envelopes = Array.from({ length: 8 }, (_, n) => {
  const lines = [JSON.stringify({ event_id: 'f'.repeat(32), dsn: 'https://firstparty@errors.invalid/1' })];
  for (let i = 0; i < 3000; i++) lines.push('{"type":"event"}', JSON.stringify({ message: 'flood', fingerprint: [n + '.' + i] }));
  return lines.join('\\n');
});
let flooding = true;
const answers = [];
parentPort.on('message', () => (flooding = false));
Promise.all(Array.from({ length: clients }, async (_, c) => {
  for (let i = 0; flooding; i++) {
    const t = performance.now();
    const res = await fetch(url + '/s/tunnel', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '10.0.0.' + (c + 1) },
      body: envelopes[(c + i) % envelopes.length],
    });
    await res.arrayBuffer();
    answers.push([res.status, performance.now() - t]);
  }
})).then(() => parentPort.postMessage({ answers, bytes: envelopes[0].length }));
`;

const ms = (from: number) => performance.now() - from;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const figures = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} searches)`;

/** One shopper's searches, back to back, for `seconds`. */
async function searches(): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    const res = await fetch(`${url}/s/api/products?q=milk`);
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    await res.arrayBuffer();
    out.push(ms(t));
  }
  return out;
}

await searches(); // warm-up: statements planned, code compiled
const quiet = await searches();

const worker = new Worker(FLOOD, { eval: true, workerData: { url, clients } });
const done = new Promise<{ answers: Array<[number, number]>; bytes: number }>((r) => worker.once('message', r));
const flooded = await searches();
worker.postMessage('stop');
const { answers, bytes } = await done;
await worker.terminate();
const tunnel = answers.map(([, t]) => t);
const statuses = new Map<number, number>();
for (const [status] of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
const drainStart = performance.now();
await app.errorIntake.drain();
const drained = ms(drainStart);
const stats = app.errorIntake.stats();
const [groups] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from error_groups`));

console.log(`\nShopper search while the error tunnel is flooded — ${database.kind}, ${clients} clients, ${seconds} s each\n`);
console.log(`quiet:   ${figures(quiet)}`);
console.log(`flooded: ${figures(flooded)}`);
console.log(
  `tunnel:  ${tunnel.length} envelopes of 3,000 events, ${Math.round(bytes / 1024)} KB each (${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}), answer p50 ${pct(tunnel, 50).toFixed(1)} ms, p95 ${pct(tunnel, 95).toFixed(1)} ms`,
);
console.log(
  `inbox:   ${stats.stored} occurrences stored in ${groups?.n} groups, ${stats.dropped} dropped by the full queue, ${stats.failed} failed; the rest written ${(drained / 1000).toFixed(1)} s after the flood`,
);
await app.close();
await cleanup();
