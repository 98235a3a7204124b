/**
 * Checkout throughput (prints figures; not a test): N signed-in shoppers each with one unit of
 * the same pack in their cart place cash-on-delivery orders over HTTP, C at a time, against a
 * stock smaller than the demand. Reports orders per second and checks nothing was oversold.
 * Measured on a warm server, as a shop's runs: the shoppers are set up C at a time (their reads
 * warm every pooled connection), then a warm-up round of other shoppers orders another pack (each
 * connection has planned the checkout's statements, PostgreSQL has analysed the new rows); its
 * figure is printed too, as the cold one.
 *   npx tsx bench/orders.ts [--db postgres|pglite] [--shoppers 400] [--stock 300] [--concurrency 20] [--warmup 200] [--pool N]
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adjustStockTo, ledgerMismatches } from '../apps/server/src/domains/inventory';
import { checkoutShopper, deliverablePack, rowsOf, startCpuMeter, startDemoShop, startProfile, type CheckoutShopper } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    shoppers: { type: 'string', default: '400' },
    stock: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '20' },
    /** shoppers of the warm-up round (another pack, enough stock for all), before the measured one */
    warmup: { type: 'string', default: '200' },
    /** the server's database connections (default: concurrency + 5) */
    pool: { type: 'string' },
    /** writes a V8 CPU profile of the server and client during the orders (not the setup) to this file */
    profile: { type: 'string' },
  },
});
const shoppers = Number(values.shoppers);
const stockUnits = Number(values.stock);
const concurrency = Number(values.concurrency);
const warmupShoppers = Number(values.warmup);

const shop = await startDemoShop(values.db === 'pglite' ? 'pglite' : 'postgres', Number(values.pool ?? concurrency + 5));
const { database, db, websiteId, base } = shop;
const rows = rowsOf;

// The pack: the first in stock at the warehouse serving 560001 (the warm-up round's: the second).
const target = await deliverablePack(db, websiteId);
const warmupPack = await deliverablePack(db, websiteId, 1);
// Counted like a stock take (an adjustment in the stock ledger).
const countStock = (pack: typeof target, available: number) =>
  db.transaction((tx) =>
    adjustStockTo(tx, {
      websiteId,
      packId: pack.pack_id,
      warehouseId: pack.warehouse_id,
      available,
      reference: 'bench',
      actor: 'system',
    }),
  );
await countStock(target, shoppers);
await countStock(warmupPack, warmupShoppers);

/** Runs `work` for each of `items`, `concurrency` at a time. */
async function lanes<T>(items: T[], work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

console.log(
  `\nCheckout benchmark — ${database.kind}: ${shoppers} shoppers, 1 unit each, stock ${stockUnits}, ${concurrency} at a time (after ${warmupShoppers} warm-up orders)\n`,
);
const setupStart = performance.now();
const setUp = async (n: number, first: number, pack: typeof target) => {
  const made: CheckoutShopper[] = [];
  await lanes(Array.from({ length: n }), async (_, i) => void (made[i] = await checkoutShopper(shop, first + i, pack)));
  return made;
};
const warmupPeople = await setUp(warmupShoppers, shoppers, warmupPack);
const people = await setUp(shoppers, 0, target);
console.log(`setup: ${warmupShoppers + shoppers} shoppers in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
await countStock(target, stockUnits);

/**
 * Each of `group` places a cash-on-delivery order, `concurrency` at a time, over autocannon's
 * connections (its client is light: the server's event loop, which it shares, stays the server's):
 * the answers' statuses, p50 and p99 latency and the time it took.
 */
async function checkouts(group: CheckoutShopper[], round: string) {
  const statuses = new Map<number, number>();
  let next = 0;
  const start = performance.now();
  // autocannon ends on its next one-second tick: the round's time is until its last answer
  let last = start;
  const r = await autocannon({
    url: base,
    connections: concurrency,
    amount: group.length,
    requests: [
      {
        method: 'POST',
        path: '/s/api/orders',
        setupRequest: (req: autocannon.Request) => {
          const i = next++;
          const p = group[i]!;
          return {
            ...req,
            headers: { ...p.s.headers('POST'), 'content-type': 'application/json' },
            body: JSON.stringify({
              address_id: p.addressId,
              payment_method: 'cod',
              expected_total: p.total,
              idempotency_key: `bench-${round}-${i}`,
            }),
          };
        },
        onResponse: (status: number) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          last = performance.now();
        },
      },
    ],
  });
  return { statuses, p50: r.latency.p50, p99: r.latency.p99, seconds: (last - start) / 1000 };
}

const warm = await checkouts(warmupPeople, 'warmup');
const warmPlaced = warm.statuses.get(200) ?? 0;
console.log(
  `warm-up (cold server): ${warmPlaced} orders in ${warm.seconds.toFixed(2)} s, ${(warmPlaced / warm.seconds).toFixed(1)} orders/s`,
);

const profiler = values.profile ? await startProfile() : null;
const meter = await startCpuMeter(db, database.kind);
const { statuses, p50, p99, seconds } = await checkouts(people, 'measured');
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
const result = {
  db: database.kind,
  shoppers,
  stock: stockUnits,
  concurrency,
  warmupOrders: warmPlaced,
  warmupOrdersPerSecond: Number((warmPlaced / warm.seconds).toFixed(1)),
  seconds: Number(seconds.toFixed(2)),
  ordersPerSecond: Number((placed / seconds).toFixed(1)),
  attemptsPerSecond: Number((people.length / seconds).toFixed(1)),
  statuses: Object.fromEntries(statuses),
  p50ms: p50,
  p99ms: p99,
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
if (
  result.oversold ||
  result.ledgerMismatches > 0 ||
  placed !== Math.min(stockUnits, shoppers) ||
  sold!.n !== placed ||
  warmPlaced !== warmupShoppers
)
  process.exitCode = 1;
