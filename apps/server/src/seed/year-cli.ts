import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { parseConfig } from '../config';
import { openDatabase } from '../db/client';
import { websites } from '../db/schema';
import { isEmpty, seedDemo } from './demo';
import { seedYear, yearCounts } from './year';

/** The database the year's seed writes to, on DATABASE_URL's server: one of its own. */
export const LARGE_DATABASE = 'grocer_large';

/**
 * `npm run seed -- --large[=scale] [--reset] [--drop]`: creates `grocer_large` (migrated, the demo
 * shop), then grows it by a year at `scale`, printing the time per table; `--drop` drops it,
 * `--reset` drops and seeds it again.
 */
export async function seedYearCli(scale: number, flags: { reset?: boolean; drop?: boolean }) {
  const server = parseConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    if (flags.drop || flags.reset) {
      await admin.query(`drop database if exists ${LARGE_DATABASE} with (force)`);
      console.log(`Dropped ${LARGE_DATABASE}.`);
      if (flags.drop) return;
    }
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [LARGE_DATABASE]);
    if (!rows.length) await admin.query(`create database ${LARGE_DATABASE}`);
  } finally {
    await admin.end();
  }
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1)
    throw new Error('--large takes a scale in (0, 1] (or a number of products above 1)');
  const url = new URL(server);
  url.pathname = `/${LARGE_DATABASE}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const db = database.db;
  try {
    const started = performance.now();
    if (await isEmpty(db)) await seedDemo(db, { mediaDir: null });
    const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true)).limit(1);
    const [{ n } = { n: 0 }] = (
      (await db.execute(sql`select count(*)::int as n from orders where idempotency_key like 'year-%'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    if (n > 0) {
      console.log(`${LARGE_DATABASE} already holds a year (${n} orders); --reset to seed it again, --drop to drop it.`);
      return;
    }
    const c = yearCounts(scale);
    console.log(
      `Seeding ${LARGE_DATABASE} at scale ${scale}: ${c.products} products, ${c.customers} customers, ${c.orders} orders, ${c.events} events.`,
    );
    const times = await seedYear(db, site!.id, scale, (line) =>
      console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  ${line}`),
    );
    const counts = (
      (await db.execute(sql`
        select 'products' as t, count(*)::int as n from products union all select 'packs', count(*) from packs
        union all select 'stock', count(*) from stock union all select 'users', count(*) from users
        union all select 'orders', count(*) from orders union all select 'order_lines', count(*) from order_lines
        union all select 'payments', count(*) from payments union all select 'order_events', count(*) from order_events
        union all select 'stock_movements', count(*) from stock_movements union all select 'analytics_events', count(*) from analytics_events`)) as unknown as {
        rows: { t: string; n: number }[];
      }
    ).rows;
    console.log('\ntable                       seconds');
    for (const [t, ms] of times) console.log(`${t.padEnd(26)} ${(ms / 1000).toFixed(1).padStart(8)}`);
    console.log(`${'total'.padEnd(26)} ${((performance.now() - started) / 1000).toFixed(1).padStart(8)}`);
    console.log('\nrows: ' + counts.map((r) => `${r.t} ${r.n}`).join(', '));
    console.log(`\nDATABASE_URL=${url.toString()}`);
  } finally {
    await database.close();
  }
}
