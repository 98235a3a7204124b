/**
 * "Often bought with" over many orders (prints figures; not a test): the demo shop plus N generated
 * orders (seed/orders.ts, over the last 90 days, 60 % delivered), the job's rebuild of the counts
 * (`refreshOftenBought`, timed once), then the cart drawer's read (`oftenBoughtWith`) for carts of
 * 1, 3 and 8 of the best-selling products and of rarely sold ones, p50 and p95 in ms (the
 * database's and the server's work, without HTTP). Usage:
 *   npx tsx bench/often-bought.ts [--db postgres|pglite] [--orders 100000] [--runs 40]
 */
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { rowsOf } from '../apps/server/src/db/rows';
import { oftenBoughtWith, refreshOftenBought } from '../apps/server/src/domains/orders/often-bought';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeOrders } from '../apps/server/src/seed/orders';
import { openBenchDatabase } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    orders: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
  },
});
const runs = Number(values.runs);
const { database, cleanup } = await openBenchDatabase(values.db === 'pglite' ? 'pglite' : 'postgres');
const db = database.db;
const websiteId = await seedDemo(db, { mediaDir: null });
let t0 = performance.now();
await seedLargeOrders(db, websiteId, Number(values.orders));
console.log(`seeded ${values.orders} orders in ${Math.round(performance.now() - t0)} ms (${database.kind})`);

t0 = performance.now();
const pairs = await refreshOftenBought(db, websiteId);
console.log(`rebuilt the counts (${pairs} pairs) in ${Math.round(performance.now() - t0)} ms`);

const sold = rowsOf<{ product_id: number }>(
  await db.execute(sql`select product_id from order_lines where website_id = ${websiteId} and product_id is not null
    group by product_id order by count(*) desc`),
).map((r) => Number(r.product_id));
const cases: Array<[string, number[]]> = [
  ['1 best seller', sold.slice(0, 1)],
  ['3 best sellers', sold.slice(0, 3)],
  ['8 best sellers', sold.slice(0, 8)],
  ['3 rarely sold', sold.slice(-3)],
];
console.log(`\n${values.orders} orders, ${database.kind}, ${runs} calls each (after 3 to warm up)`);
for (const [name, ids] of cases) {
  const call = () => oftenBoughtWith(db, websiteId, ids);
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${name.padEnd(20)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   (${(await call()).length} found)`);
}
await cleanup();
