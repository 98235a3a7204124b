/**
 * The nightly subscription generation (issue 44 §5) on PostgreSQL: `--count` subscriptions (two
 * packs each for count/2 customers, all daily, in one morning slot, every wallet able to pay)
 * turned into tomorrow's orders by one run, then a second run that must create nothing. Prints the
 * time of each run and the SQL statements per subscription (begin and commit included).
 *   npx tsx bench/subscriptions-generation.ts [--count 10000]
 */
import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { rowsOf, startDemoShop } from './db';

const { values } = parseArgs({ options: { count: { type: 'string', default: '10000' } } });
const total = Math.max(2, Number(values.count) - (Number(values.count) % 2));
const customers = total / 2;
const shop = await startDemoShop('postgres', 5);
const { db, websiteId } = shop;
const date = addShopDays(shopDayOf(), 2);

// two packs stocked without limit at the Bengaluru zone's warehouse, and its first slot made large enough
const [zone] = rowsOf<{ id: number; warehouse_id: number }>(
  await db.execute(sql`select z.id, z.warehouse_id from delivery_zones z join zone_pincodes zp on zp.zone_id = z.id
    where zp.pincode = '560001' and z.website_id = ${websiteId} limit 1`),
);
const chosen = rowsOf<{ pack_id: number }>(
  await db.execute(sql`select s.pack_id from stock s join packs p on p.id = s.pack_id join products pr on pr.id = p.product_id
    where s.website_id = ${websiteId} and s.warehouse_id = ${zone!.warehouse_id} and pr.status = 'active' and not p.sold_by_weight
    order by s.pack_id limit 2`),
).map((r) => r.pack_id);
await db.execute(sql`update stock set available = 10000000 where website_id = ${websiteId} and warehouse_id = ${zone!.warehouse_id}`);
const [slot] = rowsOf<{ id: number }>(
  await db.execute(sql`select id from delivery_slots where zone_id = ${zone!.id} order by start_time limit 1`),
);
await db.execute(sql`update delivery_slots set capacity = 1000000, weekdays = 127 where id = ${slot!.id}`);
for (const packId of chosen) await db.execute(sql`insert into subscribable_packs (website_id, pack_id) values (${websiteId}, ${packId})`);

// the customers, their addresses, wallets of ₹2,000 (with the top-up entry) and subscriptions, in bulk
const seeded = performance.now();
await db.execute(sql`insert into users (name, email, phone)
  select 'Sub ' || i, 'sub' || i || '@bench.example', '8' || lpad(i::text, 9, '0') from generate_series(1, ${customers}) i`);
await db.execute(
  sql`insert into website_members (website_id, user_id) select ${websiteId}, id from users where email like 'sub%@bench.example'`,
);
await db.execute(sql`insert into addresses (website_id, user_id, name, phone, pincode, line1, line2, city, state)
  select ${websiteId}, id, name, phone, '560001', 'Flat 1', 'MG Road', 'Bengaluru', 'Karnataka' from users where email like 'sub%@bench.example'`);
await db.execute(sql`insert into customer_accounts (website_id, user_id, kind, balance_paise, opened_by)
  select ${websiteId}, id, 'wallet', 200000, 'bench' from users where email like 'sub%@bench.example'`);
await db.execute(sql`insert into account_entries (account_id, website_id, amount_paise, balance_after_paise, reason, idempotency_key, created_by)
  select a.id, ${websiteId}, 200000, 200000, 'topup', 'bench-topup', 'bench' from customer_accounts a
  join users u on u.id = a.user_id where u.email like 'sub%@bench.example'`);
for (const packId of chosen)
  await db.execute(sql`insert into subscriptions (website_id, user_id, pack_id, address_id, slot_id, quantity, schedule, start_date)
    select ${websiteId}, a.user_id, ${packId}, a.id, ${slot!.id}, 1, 'daily', ${date} from addresses a
    join users u on u.id = a.user_id where u.email like 'sub%@bench.example'`);
await db.execute(sql`analyze`);
console.log(`seeded ${customers} customers, ${total} subscriptions in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

// every statement the pool's connections send, counted (each connection's own query, wrapped once)
let statements = 0;
const pool = (db as unknown as { $client: pg.Pool }).$client;
const counted = new WeakSet<pg.ClientBase>();
const count = (client: pg.ClientBase) => {
  if (counted.has(client)) return;
  counted.add(client);
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    statements++;
    return query(...args);
  }) as typeof client.query;
};
pool.on('connect', count);
pool.on('acquire', count);

const run = async (label: string) => {
  statements = 0;
  const started = performance.now();
  const r = await shop.app.subscriptions.generateFor(date, websiteId);
  const s = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${s.toFixed(1)} s, ${r.orders} orders (${r.held} held, ${r.out_of_stock} out of stock, ${r.already} already ordered), ` +
      `${statements} statements = ${(statements / total).toFixed(2)} per subscription, ${(total / s).toFixed(0)} subscriptions/s`,
  );
  return r;
};
const first = await run('first run');
const second = await run('second run');
const [made] = rowsOf<{ n: string }>(
  await db.execute(sql`select count(*) as n from orders where website_id = ${websiteId} and slot_date = ${date}`),
);
console.log(`orders for ${date}: ${made!.n} (expected ${customers})`);
await shop.close();
if (first.orders !== customers || second.orders !== 0 || Number(made!.n) !== customers) process.exitCode = 1;
