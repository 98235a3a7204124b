/**
 * Checkout throughput (prints figures; not a test): N signed-in shoppers each with one unit of
 * the same pack in their cart place cash-on-delivery orders over HTTP, C at a time, against a
 * stock smaller than the demand. Reports orders per second and checks nothing was oversold.
 *   npx tsx bench/orders.ts [--db postgres|pglite] [--shoppers 400] [--stock 300] [--concurrency 20]
 */
import { sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adjustStockTo, ledgerMismatches } from '../apps/server/src/domains/inventory/service';
import { checkoutShopper, deliverablePack, rowsOf, startCpuMeter, startDemoShop, startProfile, type CheckoutShopper } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    shoppers: { type: 'string', default: '400' },
    stock: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '20' },
    /** writes a V8 CPU profile of the server and client during the orders (not the setup) to this file */
    profile: { type: 'string' },
  },
});
const shoppers = Number(values.shoppers);
const stockUnits = Number(values.stock);
const concurrency = Number(values.concurrency);

const shop = await startDemoShop(values.db === 'pglite' ? 'pglite' : 'postgres', concurrency + 5);
const { database, db, websiteId } = shop;
const rows = rowsOf;

// The pack: the first in stock at the warehouse serving 560001.
const target = await deliverablePack(db, websiteId);
// Counted like a stock take (an adjustment in the stock ledger).
const countStock = (available: number) =>
  db.transaction((tx) =>
    adjustStockTo(tx, {
      websiteId,
      packId: target.pack_id,
      warehouseId: target.warehouse_id,
      available,
      reference: 'bench',
      actor: 'system',
    }),
  );
await countStock(shoppers);

console.log(`\nCheckout benchmark — ${database.kind}: ${shoppers} shoppers, 1 unit each, stock ${stockUnits}, ${concurrency} at a time\n`);
const setupStart = performance.now();
const people: CheckoutShopper[] = [];
for (let i = 0; i < shoppers; i++) people.push(await checkoutShopper(shop, i, target));
console.log(`setup: ${shoppers} shoppers in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
await countStock(stockUnits);

const statuses = new Map<number, number>();
const latencies: number[] = [];
let next = 0;
const profiler = values.profile ? await startProfile() : null;
const meter = await startCpuMeter(db, database.kind);
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < people.length) {
      const p = people[next++]!;
      const t0 = performance.now();
      const r = await p.s.call('POST', '/s/api/orders', {
        address_id: p.addressId,
        payment_method: 'cod',
        expected_total: p.total,
        idempotency_key: `bench-${next}-${Math.random()}`,
      });
      latencies.push(performance.now() - t0);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
const cpu = await meter.stop();
if (profiler) writeFileSync(values.profile!, JSON.stringify(await profiler.stop()));
const placed = statuses.get(200) ?? 0;
const [left] = rows<{ available: number }>(
  await db.execute(sql`select available from stock where pack_id = ${target.pack_id} and warehouse_id = ${target.warehouse_id}`),
);
const [sold] = rows<{ n: number; units: number }>(
  await db.execute(
    sql`select count(distinct o.id)::int as n, coalesce(sum(l.quantity), 0)::int as units from orders o join order_lines l on l.order_id = o.id where o.website_id = ${websiteId} and l.pack_id = ${target.pack_id}`,
  ),
);
latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(0);
const result = {
  db: database.kind,
  shoppers,
  stock: stockUnits,
  concurrency,
  seconds: Number(seconds.toFixed(2)),
  ordersPerSecond: Number((placed / seconds).toFixed(1)),
  attemptsPerSecond: Number((people.length / seconds).toFixed(1)),
  statuses: Object.fromEntries(statuses),
  p50ms: Number(p(0.5)),
  p99ms: Number(p(0.99)),
  /** CPU per attempt: this process (the app and the HTTP client) and PostgreSQL's backends */
  processCpuMsPerAttempt: Number((cpu.processMs / people.length).toFixed(1)),
  postgresCpuMsPerAttempt: Number((cpu.postgresMs / people.length).toFixed(1)),
  /** the whole machine's busy CPU per attempt (every process and the kernel; the steadiest figure) */
  machineCpuMsPerAttempt: Number((cpu.machineMs / people.length).toFixed(1)),
  stockLeft: left!.available,
  ordersInDb: sold!.n,
  unitsSold: sold!.units,
  oversold: sold!.units > stockUnits || left!.available < 0,
  /** balances that differ from the sum of their stock movements (0: every unit accounted for) */
  ledgerMismatches: (await ledgerMismatches(db)).mismatches.length,
};
console.log(
  `placed ${placed} orders, refused ${people.length - placed} (statuses ${JSON.stringify(result.statuses)}) in ${result.seconds} s`,
);
console.log(
  `orders/s: ${result.ordersPerSecond}   attempts/s: ${result.attemptsPerSecond}   p50 ${result.p50ms} ms   p99 ${result.p99ms} ms`,
);
console.log(
  `CPU per attempt: app and client ${result.processCpuMsPerAttempt} ms, PostgreSQL ${result.postgresCpuMsPerAttempt} ms, the whole machine ${result.machineCpuMsPerAttempt} ms`,
);
console.log(
  `stock left ${result.stockLeft}, orders in the database ${result.ordersInDb}, units sold ${result.unitsSold}: ${result.oversold ? 'OVERSOLD' : 'no oversell'}; stock ledger mismatches ${result.ledgerMismatches}`,
);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', `orders-${database.kind}.json`), JSON.stringify(result, null, 2));
await shop.close();
if (result.oversold || result.ledgerMismatches > 0 || placed !== Math.min(stockUnits, shoppers) || sold!.n !== placed) process.exitCode = 1;
