import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { ledgerMismatches } from '../domains/inventory';
import { TestClient } from '../test/client';
import { testConfig } from '../test/app';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from '../test/postgres';
import { migrationsFolder, openDatabase, type Database } from './client';

// An existing install upgrades: a database created at the baseline (0000_init) with a shop in it
// is migrated one appended migration at a time, as installs of each release would be, and every
// row it held is still there, unchanged, after each step and at head. Runs on PGlite (project
// `server`) and on PostgreSQL (project `server-pg`).

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};
const entries = journal.entries;

/**
 * Data a migration moves or drops on purpose, by `table` or `table.column`: the step that does it
 * is excused from "unchanged" for that data. Say where the data went (and test it there).
 */
const REWRITTEN: Record<string, string> = {
  'products.search_doc': '0024_search-pack-names appends each product’s pack names (weight D); checked at head below',
};

// The shop as the baseline held it. Frozen like 0000_init.sql: it is written in that schema.
const fixture = readFileSync(new URL('./upgrade/0000_init.data.sql', import.meta.url), 'utf8');

/** The baseline is frozen: installs that ran it must never see it change. */
const BASELINE_SHA256 = '173051dbc340c7d027aa8a130ec6df55fdf93c39cd8c463340dfc0481fc3de99';

describe('migrations are append-only', () => {
  it('keeps 0000_init.sql byte for byte', () => {
    const sql = readFileSync(path.join(migrationsFolder, '0000_init.sql'));
    expect(
      createHash('sha256').update(sql).digest('hex'),
      'never edit or regenerate 0000_init.sql; append a migration (npm run db:generate)',
    ).toBe(BASELINE_SHA256);
  });

  it('lists every migration once, in order, each later than the one before', () => {
    expect(entries[0]?.tag).toBe('0000_init');
    entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0') + '_'), e.tag).toBe(true);
      // drizzle applies the migrations whose `when` is later than the last applied one: a
      // migration dated before its predecessor would be skipped on every upgraded install.
      if (i > 0) expect(e.when, `${e.tag} must be dated after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
    });
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(entries.map((e) => `${e.tag}.sql`).sort());
  });
});

interface Scratch {
  /** the migrations folder as it was when migration `upTo` was the newest */
  migrateTo(upTo: number): Promise<void>;
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
  /** the same database through the app's own startup path (openDatabase migrates to head) */
  reopen(): Promise<Database>;
}

const folders = mkdtempSync(path.join(os.tmpdir(), 'grocer-migrations-'));
afterAll(() => rmSync(folders, { recursive: true, force: true }));

/** A migrations folder holding the journal's first `n` migrations. */
function folderUpTo(n: number) {
  const dir = path.join(folders, String(n));
  mkdirSync(path.join(dir, 'meta'), { recursive: true });
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: entries.slice(0, n) }));
  for (const e of entries.slice(0, n)) copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

async function scratchPglite(name = 'pglite'): Promise<Scratch> {
  const dataDir = path.join(folders, name);
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client);
  return {
    migrateTo: (n) => migratePglite(db, { migrationsFolder: folderUpTo(n) }),
    exec: async (sql) => void (await client.exec(sql)),
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
    reopen: () => openDatabase({ dataDir }),
  };
}

async function scratchPostgres(url: string): Promise<Scratch> {
  const name = scratchName('grocer_upgrade');
  await createPgDatabase(url, name);
  onTestFinished(() => dropPgDatabase(url, name));
  const client = new pg.Client({ connectionString: databaseUrl(url, name) });
  await client.connect();
  await client.query('create extension if not exists pg_trgm');
  const db = drizzlePg(client);
  return {
    migrateTo: (n) => migratePg(db, { migrationsFolder: folderUpTo(n) }),
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: () => client.end(),
    reopen: () => openDatabase({ databaseUrl: databaseUrl(url, name), poolSize: 2 }),
  };
}

type Snapshot = Map<string, Map<string, Record<string, unknown>>>;

/** Every row of every table (by primary key) and every sequence's position. */
async function snapshot(s: Pick<Scratch, 'rows'>): Promise<Snapshot> {
  const keys = await s.rows<{ table_name: string; column_name: string }>(`
    select tc.table_name, kcu.column_name from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
    where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public' order by kcu.ordinal_position`);
  const tables = await s.rows<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const snap: Snapshot = new Map();
  for (const { tablename } of tables) {
    const pk = keys.filter((k) => k.table_name === tablename).map((k) => k.column_name);
    const rows = await s.rows<{ r: Record<string, unknown> }>(`select to_jsonb(t) as r from public."${tablename}" t`);
    snap.set(tablename, new Map(rows.map(({ r }) => [JSON.stringify(pk.length ? pk.map((c) => r[c]) : r), r])));
  }
  const seqs = await s.rows<{ sequencename: string; last_value: string | null }>(
    `select sequencename, last_value::text from pg_sequences where schemaname = 'public'`,
  );
  snap.set('(sequences)', new Map(seqs.map((q) => [q.sequencename, { last_value: q.last_value }])));
  return snap;
}

/** What `before` held that `after` lost or changed, except what REWRITTEN excuses. */
function lost(before: Snapshot, after: Snapshot): string[] {
  const problems: string[] = [];
  for (const [table, rows] of before) {
    if (REWRITTEN[table]) continue;
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} is gone`);
      continue;
    }
    for (const [key, row] of rows) {
      const r = now.get(key);
      if (!r) {
        problems.push(`${table} ${key} is gone`);
        continue;
      }
      for (const [col, value] of Object.entries(row)) {
        if (REWRITTEN[`${table}.${col}`]) continue;
        if (!(col in r)) problems.push(`${table}.${col} is gone`);
        else if (JSON.stringify(r[col]) !== JSON.stringify(value))
          problems.push(`${table} ${key} ${col}: ${JSON.stringify(value)} → ${JSON.stringify(r[col])}`);
      }
    }
  }
  return [...new Set(problems)];
}

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!url;

describe(`an install at the baseline upgrades to head with nothing lost (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every row through each migration, then serves the shop', async () => {
    const s = onPostgres ? await scratchPostgres(url!) : await scratchPglite();
    await s.migrateTo(1);
    await s.exec(`begin; set local session_replication_role = replica;\n${fixture}\ncommit;`);
    const baseline = await snapshot(s);
    // the fixture really is a shop: the check below is not vacuous
    for (const table of ['websites', 'products', 'packs', 'stock', 'orders', 'order_lines', 'payments', 'addresses', 'pages'])
      expect(baseline.get(table)?.size, table).toBeGreaterThan(0);

    let previous = baseline;
    for (let n = 2; n <= entries.length; n++) {
      await s.migrateTo(n);
      const now = await snapshot(s);
      expect(lost(previous, now), `after ${entries[n - 1]!.tag}`).toEqual([]);
      previous = now;
    }
    await s.close();

    // the app starts on the upgraded database as `npm start` would, and serves its catalogue
    const database = await s.reopen();
    try {
      expect(
        lost(baseline, await snapshot({ rows: async <T>(q: string) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows })),
        'at head',
      ).toEqual([]);
      // the inventory-ledger migration gave every balance the baseline held its opening movement
      const ledger = await ledgerMismatches(database.db);
      expect(ledger.checked).toBe(baseline.get('stock')!.size);
      expect(ledger.mismatches).toEqual([]);
      // the product-stock migration gave every product its row, with its balances summed
      const { rows: units } = (await database.db.execute(
        `select p.id, ps.units, (select coalesce(sum(s.available), 0)::int from packs k join stock s on s.pack_id = k.id
           where k.product_id = p.id) as counted
         from products p left join product_stock ps on ps.product_id = p.id order by p.id`,
      )) as unknown as { rows: Array<{ id: number; units: number | null; counted: number }> };
      expect(units.length).toBe(baseline.get('products')!.size);
      expect(units.filter((r) => r.units !== r.counted)).toEqual([]);
      expect(units.some((r) => r.counted > 0)).toBe(true);
      // the search-pack-names migration put each product's pack names in its search document
      const { rows: docs } = (await database.db.execute(
        `select p.id from products p join packs k on k.product_id = p.id
         where not tsvector_to_array(to_tsvector('simple', k.name)) <@ tsvector_to_array(coalesce(p.search_doc, ''::tsvector))`,
      )) as unknown as { rows: Array<{ id: number }> };
      expect(docs).toEqual([]);
      // the search-rows migration gave every active product with a document its search row
      const { rows: search } = (await database.db.execute(
        `select p.id, (ps.search_doc = p.search_doc) as same from products p left join product_search ps on ps.product_id = p.id
         where p.status = 'active' and p.search_doc is not null
         union all select ps.product_id, false from product_search ps join products p on p.id = ps.product_id
         where p.status <> 'active' or p.search_doc is null`,
      )) as unknown as { rows: Array<{ id: number; same: boolean | null }> };
      expect(search.length).toBeGreaterThan(0);
      expect(search.filter((r) => r.same !== true)).toEqual([]);
      // the product-cards migration gave every product its card, with each of its packs
      const { rows: cards } = (await database.db.execute(
        `select p.id from products p left join product_cards c on c.product_id = p.id
         where c.product_id is null or c.head not like '{"product_id":' || p.id || ',%'
           or cardinality(c.pack_ids) <> (select count(*) from packs k where k.product_id = p.id)`,
      )) as unknown as { rows: Array<{ id: number }> };
      expect(cards).toEqual([]);
      const app = await buildApp({ config: testConfig(), database });
      await app.ready();
      try {
        const res = await new TestClient(app, { host: 'localhost' }).get('/s/api/products');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toContain('Basmati Rice');
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000); // one migration at a time with a snapshot after each: it grows with every migration
});

describe(`0031_cod-states backfills cash on delivery (issue 40, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a delivered COD order is collected with its recorded cash and dated by its history; a cancelled one is not collected', async () => {
    const at = entries.findIndex((e) => e.tag === '0031_cod-states');
    expect(at).toBeGreaterThan(0);
    const s = onPostgres ? await scratchPostgres(url!) : await scratchPglite('pglite-cod');
    try {
      await s.migrateTo(1);
      await s.exec(`begin; set local session_replication_role = replica;\n${fixture}\ncommit;`);
      await s.migrateTo(at);
      // the baseline's COD order, delivered with ₹900 of its ₹910 recorded; a copy of it cancelled
      await s.exec(`
        insert into orders (id, website_id, ordernumber, user_id, status, payment_method, idempotency_key, address, pincode, items_total, total)
          select 'cod-cancelled', website_id, 'GR1003', user_id, 'cancelled', 'cod', 'k-cancelled', address, pincode, items_total, total
          from orders where ordernumber = 'GR1001';
        insert into payments (website_id, order_id, provider, status, amount) values (1, 'cod-cancelled', 'cod', 'cod', 91000);
        update orders set status = 'delivered', cash_collected = 90000 where ordernumber = 'GR1001';
        insert into order_events (website_id, order_id, status, actor, created_at)
          select website_id, id, 'delivered', 'user:1', '2026-11-26T10:00:00Z' from orders where ordernumber = 'GR1001';`);
      await s.migrateTo(at + 1);
      const rows = await s.rows<{ ordernumber: string; status: string; collected: number | null; delivered_at: string | null }>(`
        select o.ordernumber, p.status, p.collected, to_char(o.delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as delivered_at
        from orders o join payments p on p.order_id = o.id order by o.ordernumber`);
      expect(rows).toEqual([
        { ordernumber: 'GR1001', status: 'collected', collected: 90000, delivered_at: '2026-11-26T10:00' },
        { ordernumber: 'GR1002', status: 'paid', collected: null, delivered_at: null },
        { ordernumber: 'GR1003', status: 'not_collected', collected: null, delivered_at: null },
      ]);
    } finally {
      await s.close();
    }
  }, 120_000);
});
