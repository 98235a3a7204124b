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
import { hashToken } from '../apps/server/src/http/session';
import { rowsOf, startDemoShop } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    shoppers: { type: 'string', default: '400' },
    stock: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '20' },
  },
});
const shoppers = Number(values.shoppers);
const stockUnits = Number(values.stock);
const concurrency = Number(values.concurrency);

const shop = await startDemoShop(values.db === 'pglite' ? 'pglite' : 'postgres', concurrency + 5);
const { database, db, websiteId, base } = shop;
const rows = rowsOf;

// The pack: the first in stock at the warehouse serving 560001.
const [target] = rows<{ pack_id: number; warehouse_id: number }>(
  await db.execute(sql`select s.pack_id, s.warehouse_id from stock s
    join delivery_zones z on z.warehouse_id = s.warehouse_id join zone_pincodes zp on zp.zone_id = z.id and zp.pincode = '560001'
    where s.website_id = ${websiteId} and s.available > 0 order by s.pack_id limit 1`),
);
// Counted like a stock take (an adjustment in the stock ledger).
const countStock = (available: number) =>
  db.transaction((tx) =>
    adjustStockTo(tx, {
      websiteId,
      packId: target!.pack_id,
      warehouseId: target!.warehouse_id,
      available,
      reference: 'bench',
      actor: 'system',
    }),
  );
await countStock(shoppers);

class Shopper {
  cookies = new Map<string, string>();
  async call(method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }
}

console.log(`\nCheckout benchmark — ${database.kind}: ${shoppers} shoppers, 1 unit each, stock ${stockUnits}, ${concurrency} at a time\n`);
const setupStart = performance.now();
const people: Array<{ s: Shopper; addressId: number; total: number }> = [];
for (let i = 0; i < shoppers; i++) {
  const s = new Shopper();
  await s.call('GET', '/s/api/cookie');
  await s.call('GET', '/s/api/check/pincode/560001');
  const [u] = rows<{ id: number }>(
    await db.execute(sql`insert into users (name, email) values (${`Bench ${i}`}, ${`bench${i}@example.com`}) returning id`),
  );
  await db.execute(sql`update sessions set user_id = ${u!.id} where id = ${hashToken(s.cookies.get('sid')!)}`);
  await s.call('POST', '/s/api/cart/add', { pack_id: target!.pack_id, warehouse_id: target!.warehouse_id });
  const a = await s.call('POST', '/s/api/addresses', {
    name: `Bench ${i}`,
    phone: '9000000099',
    pincode: '560001',
    line1: '1 Test Street',
    line2: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  const cart = await s.call('GET', `/s/api/cart?address_id=${a.json.id}`);
  people.push({ s, addressId: a.json.id as number, total: cart.json.amount as number });
}
console.log(`setup: ${shoppers} shoppers in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
await countStock(stockUnits);

const statuses = new Map<number, number>();
const latencies: number[] = [];
let next = 0;
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
const placed = statuses.get(200) ?? 0;
const [left] = rows<{ available: number }>(
  await db.execute(sql`select available from stock where pack_id = ${target!.pack_id} and warehouse_id = ${target!.warehouse_id}`),
);
const [sold] = rows<{ n: number; units: number }>(
  await db.execute(
    sql`select count(distinct o.id)::int as n, coalesce(sum(l.quantity), 0)::int as units from orders o join order_lines l on l.order_id = o.id where o.website_id = ${websiteId} and l.pack_id = ${target!.pack_id}`,
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
  `stock left ${result.stockLeft}, orders in the database ${result.ordersInDb}, units sold ${result.unitsSold}: ${result.oversold ? 'OVERSOLD' : 'no oversell'}; stock ledger mismatches ${result.ledgerMismatches}`,
);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', `orders-${database.kind}.json`), JSON.stringify(result, null, 2));
await shop.close();
if (result.oversold || result.ledgerMismatches > 0 || placed !== Math.min(stockUnits, shoppers) || sold!.n !== placed) process.exitCode = 1;
