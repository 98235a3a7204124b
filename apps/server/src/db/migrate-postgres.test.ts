import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { describeOnPostgres, itOnPostgres } from '../test/on-postgres';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from '../test/postgres';
import { migratePostgres } from './migrate-postgres';

// The migration runner against a checkout that holds a table the migration alters, then wants one
// the migration alters first: drizzle's own runner takes its locks one statement at a time and
// deadlocks with it (PostgreSQL then cancels one side, in the rolling-upgrade test a shopper's
// order); this one takes them all at once without waiting, so the checkout never waits on it.

const url = process.env.TEST_DATABASE_URL!;
const name = scratchName('grocer_migrate');
let folder = '';
const clients: pg.Client[] = [];

function writeMigrations(migrations: Array<{ tag: string; sql: string }>, into = folder, since = 1_700_000_000_000) {
  mkdirSync(path.join(into, 'meta'), { recursive: true });
  const entries = migrations.map((m, idx) => ({ idx, version: '7', when: since + idx, tag: m.tag, breakpoints: true }));
  writeFileSync(path.join(into, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  for (const m of migrations) writeFileSync(path.join(into, `${m.tag}.sql`), m.sql);
}

async function connect() {
  const c = new pg.Client({ connectionString: databaseUrl(url, name) });
  await c.connect();
  clients.push(c);
  return c;
}

describeOnPostgres('the PostgreSQL migration runner (PostgreSQL)', () => {
  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'grocer-migrations-'));
    await createPgDatabase(url, name);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await dropPgDatabase(url, name);
    rmSync(folder, { recursive: true, force: true });
  });

  itOnPostgres('waits for a busy table without holding any, so a running checkout neither deadlocks nor fails (PostgreSQL)', async () => {
    const first = {
      tag: '0000_tables',
      sql: 'CREATE TABLE "payments" ("id" integer);--> statement-breakpoint\nCREATE TABLE "order_lines" ("id" integer);',
    };
    writeMigrations([first]);
    const migrator = await connect();
    expect(await migratePostgres(migrator, folder)).toMatchObject({ applied: 1 });
    expect(await migratePostgres(migrator, folder)).toMatchObject({ applied: 0 });
    // its lock ended with its transaction: behind a pooler in transaction mode, a session lock left
    // on a server connection would hold every later start
    const held = await migrator.query(`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
    expect(held.rows[0].n).toBe(0);

    writeMigrations([
      first,
      {
        tag: '0001_columns',
        sql: 'ALTER TABLE "payments" ADD COLUMN "x" integer;--> statement-breakpoint\nALTER TABLE "order_lines" ADD COLUMN "y" integer;',
      },
    ]);
    // the checkout writes its order line, so holds order_lines, and will write its payment next
    const checkout = await connect();
    await checkout.query('begin');
    await checkout.query('insert into order_lines values (1)');
    const migrating = migratePostgres(migrator, folder);
    await new Promise((r) => setTimeout(r, 300));
    // under drizzle's runner the migration now holds payments and waits for order_lines: this
    // insert would wait for it, and one of the two would be cancelled a second later
    await checkout.query('insert into payments values (1)');
    await checkout.query('commit');

    const done = await migrating;
    expect(done.applied).toBe(1);
    expect(done.locked).toEqual(['order_lines', 'payments']);
    expect(done.attempts).toBeGreaterThan(1);
    const { rows } = await migrator.query<{ n: number }>(
      "select count(*)::int as n from information_schema.columns where table_name in ('payments', 'order_lines') and column_name in ('x', 'y')",
    );
    expect(rows[0]!.n).toBe(2);
    expect((await migrator.query('select * from payments')).rowCount).toBe(1);
    expect((await migrator.query('select hash from drizzle.__drizzle_migrations')).rowCount).toBe(2);
  });

  itOnPostgres('a migration that fails on its own rolls back whole and says why (PostgreSQL)', async () => {
    const c = await connect();
    const broken = path.join(folder, 'broken');
    writeMigrations(
      [
        {
          tag: '0002_bad',
          sql: 'CREATE TABLE "kept" ("id" integer);--> statement-breakpoint\nALTER TABLE "missing" ADD COLUMN "z" integer;',
        },
      ],
      broken,
      1_800_000_000_000,
    );
    await expect(migratePostgres(c, broken)).rejects.toThrow(/"missing" does not exist/);
    expect((await c.query("select 1 from pg_tables where tablename = 'kept'")).rowCount).toBe(0);
    expect((await c.query('select 1 from drizzle.__drizzle_migrations')).rowCount).toBe(2);
  });
});
