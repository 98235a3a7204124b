// `npm run seed [-- --reset] [-- --large N] [-- --orders N]`: seeds the database named by DATABASE_URL
// (or the embedded one in DATA_DIR) with the demo shop; --large adds N generated products,
// --orders N generated orders (seed/orders.ts).
// `npm run seed -- --large [--large=0.25] [--reset] [--drop]`: a year of a busy shop (seed/year.ts) at that
// scale (1: 100,000 products, 250,000 customers, 1,000,000 orders, 500,000 events) in a PostgreSQL
// database of its own, `grocer_large` on DATABASE_URL's server (default 127.0.0.1:5432); --drop drops it.
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { openDatabase } from '../db/client';
import { isEmpty, seedDemo } from './demo';
import { seedLargeCatalogue } from './large';
import { seedLargeOrders } from './orders';
import { seedYearCli } from './year-cli';
import { websites } from '../db/schema';
import { eq } from 'drizzle-orm';

// a bare `--large` is the year at full scale
const argv = process.argv.slice(2);
const bare = argv.indexOf('--large');
if (bare >= 0 && (bare === argv.length - 1 || argv[bare + 1]!.startsWith('--'))) argv.splice(bare + 1, 0, '1');
const { values } = parseArgs({
  args: argv,
  options: {
    reset: { type: 'boolean', default: false },
    large: { type: 'string' },
    orders: { type: 'string' },
    drop: { type: 'boolean', default: false },
  },
});
if (values.drop || (values.large && Number(values.large) <= 1)) {
  await seedYearCli(Number(values.large ?? 1), values);
  process.exit();
}
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const db = database.db;
try {
  if (values.reset) {
    const tables = await db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
    );
    const names = ((tables as unknown as { rows?: { tablename: string }[] }).rows ?? (tables as unknown as { tablename: string }[])).map(
      (t) => `"${t.tablename}"`,
    );
    if (names.length) await db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
    console.log('Emptied every table.');
  }
  if (await isEmpty(db)) {
    const started = Date.now();
    await seedDemo(db, { mediaDir: config.mediaDir });
    console.log(`Seeded the demo shop in ${Date.now() - started} ms.`);
  } else {
    console.log('The database already holds a shop; use --reset to start again.');
  }
  if (values.large) {
    const n = Number(values.large);
    if (!Number.isInteger(n) || n < 1) throw new Error('--large takes a positive number of products');
    const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true)).limit(1);
    const started = Date.now();
    await seedLargeCatalogue(db, site!.id, n);
    console.log(`Added ${n} generated products in ${Date.now() - started} ms.`);
  }
  if (values.orders) {
    const n = Number(values.orders);
    if (!Number.isInteger(n) || n < 1) throw new Error('--orders takes a positive number of orders');
    const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true)).limit(1);
    const started = Date.now();
    await seedLargeOrders(db, site!.id, n);
    console.log(`Added ${n} generated orders in ${Date.now() - started} ms.`);
  }
} finally {
  await database.close();
}
