/**
 * Counter throughput (prints figures; not a test): one staff member's session rings up N sales of
 * two lines each over HTTP, C at a time, on one till of the demo shop; each sale is an order with
 * its stock movements and payment in one transaction. Reports sales per second and checks the
 * database: N pos orders, N payments, the stock ledger balanced.
 *   npx tsx bench/pos.ts [--db postgres|pglite] [--sales 500] [--concurrency 10]
 */
import { sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ledgerMismatches } from '../apps/server/src/domains/inventory';
import { hashToken } from '../apps/server/src/http/session';
import { rowsOf, startDemoShop } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    sales: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '10' },
  },
});
const salesWanted = Number(values.sales);
const concurrency = Number(values.concurrency);

const shop = await startDemoShop(values.db === 'pglite' ? 'pglite' : 'postgres', concurrency + 5);
const { database, db, websiteId, base } = shop;
const rows = rowsOf;

const cookies = new Map<string, string>();
async function call(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN') ?? '';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

// A cashier: a staff member with admin access, signed in on this session.
await call('GET', '/s/api/cookie');
await call('GET', '/s/api/check/pincode/560001'); // a session row to sign in
const [u] = rows<{ id: number }>(
  await db.execute(sql`insert into users (name, email) values ('Bench cashier', 'cashier@bench.test') returning id`),
);
await db.execute(sql`insert into website_members (website_id, user_id, has_admin_access) values (${websiteId}, ${u!.id}, true)`);
await db.execute(sql`update sessions set user_id = ${u!.id} where id = ${hashToken(cookies.get('sid')!)}`);
const [wh] = rows<{ id: number }>(await db.execute(sql`select id from warehouses where website_id = ${websiteId} order by id limit 1`));
const opened = await call('POST', '/s/api/pos/shift/open', { till: 'Bench', warehouse_id: wh!.id, float: 1000 });
if (opened.status !== 200) throw new Error(`shift: ${JSON.stringify(opened.json)}`);
const packs = (await call('GET', `/s/api/pos/packs?warehouse_id=${wh!.id}&limit=5000`)).json.data as Array<{
  pack_id: number;
  price: number;
  available: number;
  sold_by_weight: boolean;
}>;
// Packs with enough stock for every sale that may pick them (enough units are counted in first).
const pool = packs.filter((p) => !p.sold_by_weight).slice(0, 200);
await db.execute(
  sql`update stock set available = available + ${salesWanted * 2} where website_id = ${websiteId} and warehouse_id = ${wh!.id} and pack_id in (${sql.join(
    pool.map((p) => sql`${p.pack_id}`),
    sql`, `,
  )})`,
);
await db.execute(
  sql`insert into stock_movements (website_id, pack_id, warehouse_id, quantity, balance, reason, actor)
      select website_id, pack_id, warehouse_id, ${salesWanted * 2}, available, 'adjustment', 'bench' from stock
      where website_id = ${websiteId} and warehouse_id = ${wh!.id} and pack_id in (${sql.join(
        pool.map((p) => sql`${p.pack_id}`),
        sql`, `,
      )})`,
);

console.log(`\nPOS benchmark — ${database.kind}: ${salesWanted} sales of 2 lines, ${concurrency} at a time\n`);
const statuses = new Map<number, number>();
const latencies: number[] = [];
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < salesWanted) {
      const n = next++;
      const a = pool[n % pool.length]!;
      const b = pool[(n * 7 + 3) % pool.length]!;
      const lines =
        a.pack_id === b.pack_id ? [{ pack_id: a.pack_id, quantity: 2 }] : [a, b].map((p) => ({ pack_id: p.pack_id, quantity: 1 }));
      const total = Math.round((a.price + b.price) * 100) / 100;
      const t0 = performance.now();
      const r = await call('POST', '/s/api/pos/sales', {
        idempotency_key: `bench-sale-${n}`,
        till: 'Bench',
        lines,
        expected_total: total,
        payment: { cash: total, cash_tendered: Math.ceil(total / 100) * 100 },
      });
      latencies.push(performance.now() - t0);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
const made = statuses.get(200) ?? 0;
const [counts] = rows<{ orders: number; payments: number }>(
  await db.execute(sql`select (select count(*)::int from orders where website_id = ${websiteId} and channel = 'pos') as orders,
    (select count(*)::int from payments where website_id = ${websiteId} and provider = 'pos') as payments`),
);
latencies.sort((x, y) => x - y);
const q = (f: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))]!.toFixed(0));
const result = {
  db: database.kind,
  sales: salesWanted,
  concurrency,
  seconds: Number(seconds.toFixed(2)),
  salesPerSecond: Number((made / seconds).toFixed(1)),
  statuses: Object.fromEntries(statuses),
  p50ms: q(0.5),
  p99ms: q(0.99),
  ordersInDb: counts!.orders,
  paymentsInDb: counts!.payments,
  ledgerMismatches: (await ledgerMismatches(db)).mismatches.length,
};
console.log(
  `sales/s: ${result.salesPerSecond}   p50 ${result.p50ms} ms   p99 ${result.p99ms} ms   statuses ${JSON.stringify(result.statuses)}`,
);
console.log(`pos orders ${result.ordersInDb}, pos payments ${result.paymentsInDb}, stock ledger mismatches ${result.ledgerMismatches}`);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', `pos-${database.kind}.json`), JSON.stringify(result, null, 2));
await shop.close();
if (made !== salesWanted || result.ordersInDb !== made || result.paymentsInDb !== made || result.ledgerMismatches > 0) process.exitCode = 1;
