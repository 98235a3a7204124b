/**
 * One table of the performance figures against their budgets (DESIGN §9, issue 20), read from what
 * the benchmarks wrote to bench/results/ (run them first: `npm run bench` does, then prints this).
 * A missing result is shown as "not run". Usage: npx tsx bench/summary.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'results');
function read<T>(file: string): T | null {
  const p = path.join(dir, file);
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as T) : null;
}

interface ApiResult {
  rows: Array<{ name: string; rps: number; p99: number; ratio: number }>;
  ratios: Array<[string, number, string]>;
  /** the uncached list with the load generator in a process of its own */
  uncachedApart?: { rps: number; p99: number };
}
type Row = [measure: string, figure: string, budget: string, ok: boolean | null];
const rows: Row[] = [];
const fmt = (n: number, digits = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: digits, minimumFractionDigits: digits });

for (const kind of ['postgres', 'pglite'] as const) {
  const api = read<ApiResult>(`api-${kind}.json`);
  if (!api) {
    rows.push([`API (${kind})`, 'not run', '', null]);
    continue;
  }
  const ratio = (name: string) => api.ratios.find(([n]) => n === name)?.[1];
  const at = (name: string, min: number, label: string) => {
    const v = ratio(name);
    if (v !== undefined) rows.push([`${kind}: ${name}`, fmt(v, 2), label, v >= min]);
  };
  at('signed-in list / anonymous list', 0.8, '≥ 0.80');
  at('guest session list / anonymous list', 0.83, '≥ 0.83');
  at('junk-parameter list / bare', 0.8, '≥ 0.80');
  at('cached list / bare', 0.8, '≥ 0.80');
  at('cached search / bare', 0.8, '≥ 0.80');
  at('cached init / bare', 0.8, '≥ 0.80');
  at('cached list, browser / bare', 0.8, '≥ 0.80');
  at('signed-in / anonymous list, browser', 0.8, '≥ 0.80');
  const uncached = api.rows.find((r) => r.name === 'uncached list (10 conn)');
  const floor = kind === 'postgres' ? 1000 : 300;
  // the server's figure: the load generator in a process of its own (api.ts)
  const apart = api.uncachedApart;
  if (apart) rows.push([`${kind}: uncached 24-product list, req/s`, fmt(apart.rps), `≥ ${fmt(floor)}`, apart.rps >= floor]);
  if (uncached) rows.push([`${kind}: the same, client in the app's thread`, fmt(uncached.rps), '', null]);
  const miss = api.rows.find((r) => r.name === 'answer-cache miss list (10 conn)');
  if (miss) rows.push([`${kind}: answer-cache miss, products cached, req/s`, fmt(miss.rps), `≥ ${fmt(floor)}`, miss.rps >= floor]);
  // no budget of its own: a guest without a cart shares her pincode's page; a signed-in shopper's is rendered for her
  const page = (name: string) => api.rows.find((r) => r.name === name)?.rps;
  const [anonymousPage, guestPage, signedInPage] = [
    'home page HTML (10 conn)',
    'home page HTML, guest session',
    'home page HTML, signed in',
  ].map(page);
  if (anonymousPage && guestPage && signedInPage)
    rows.push([
      `${kind}: home page with a session / without: guest, signed in`,
      `${fmt(guestPage / anonymousPage, 2)}, ${fmt(signedInPage / anonymousPage, 2)}`,
      '',
      null,
    ]);
}

const cart = read<{ addsPerSecond: number; p95ms: number }>('cart-postgres.json');
rows.push(
  cart
    ? [
        'postgres: add to cart, adds/s (p97.5)',
        `${fmt(cart.addsPerSecond)} (${cart.p95ms} ms)`,
        '≥ 200 (p95 ≤ 100 ms)',
        cart.addsPerSecond >= 200 && cart.p95ms <= 100,
      ]
    : ['postgres: add to cart', 'not run', '', null],
);
const orders = read<{ ordersPerSecond: number; p99ms: number; oversold: boolean }>('orders-postgres.json');
rows.push(
  orders
    ? [
        'postgres: checkouts, orders/s (p99), oversell',
        `${fmt(orders.ordersPerSecond, 1)} (${fmt(orders.p99ms)} ms), ${orders.oversold ? 'OVERSOLD' : 'none'}`,
        '≥ 150, none',
        orders.ordersPerSecond >= 150 && !orders.oversold,
      ]
    : ['postgres: checkouts', 'not run', '', null],
);
const bundle = read<Array<{ page: string; gzipKB: number }>>('bundle.json');
for (const b of bundle ?? [])
  rows.push([`first-load JS, ${b.page} (gzip)`, `${b.gzipKB} KB`, '≤ 90 KB (120 in DESIGN §9)', b.gzipKB <= 90]);
if (!bundle) rows.push(['first-load JS', 'not run', '', null]);
const lighthouse = read<Array<{ page: string; runs: string; tbtMs: number }>>('lighthouse.json');
for (const l of lighthouse ?? []) {
  const worst = Math.min(...l.runs.split('/').map(Number));
  rows.push([
    `Lighthouse mobile, ${l.page}: every run (median TBT)`,
    `${l.runs} (${l.tbtMs} ms)`,
    '≥ 95 each (TBT ≤ 150 ms)',
    worst >= 95 && l.tbtMs <= 150,
  ]);
}
if (!lighthouse) rows.push(['Lighthouse', 'not run', '', null]);

const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length)), Math.max(...rows.map((r) => r[2].length))];
console.log('\nPerformance against the budgets (bench/results/; see bench/README.md for which figures are noisy)\n');
console.log('measure'.padEnd(w[0]!), 'figure'.padStart(w[1]!), '  ', 'budget'.padEnd(w[2]!), '  ');
for (const [m, f, b, ok] of rows)
  console.log(m.padEnd(w[0]!), f.padStart(w[1]!), '  ', b.padEnd(w[2]!), ' ', ok === null ? '' : ok ? 'met' : 'NOT MET');
