import { drizzle } from 'drizzle-orm/node-postgres';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { invalidateWebsite } from '../http/cache';
import * as schema from '../db/schema';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from './postgres';

/**
 * A real migrated database per test file: in-memory PGlite by default, or a fresh PostgreSQL
 * database (created here, dropped in close) when the suite runs with TEST_DB=postgres. Both start
 * as a copy of the run's migrated template (test/global-setup.ts) when there is one.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'none')
    throw new Error('This *.unit.test.ts file opens a database, which the server-unit project does not set up: rename it *.test.ts');
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const template = inject('pgliteTemplate');
    return openDatabase({ dataDir: 'memory://', loadDataDir: template ? await openAsBlob(template) : undefined });
  }
  const name = scratchName('grocer_test');
  await createPgDatabase(url, name, inject('pgTemplate'));
  // DATABASE_PREPARED=off: the hot reads unnamed, as behind a pooler that cannot keep named statements
  // (scripts/through-pgbouncer.mjs runs the suite through PgBouncer so)
  const database = await openDatabase({
    databaseUrl: databaseUrl(url, name),
    poolSize: 30,
    preparedStatements: process.env.DATABASE_PREPARED !== 'off',
  });
  return {
    ...database,
    async close() {
      await database.close();
      await dropPgDatabase(url, name);
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'never',
    WEB_DIST: '/nonexistent',
    STAFF_DIST: '/nonexistent',
    ...overrides,
  });
}

export async function createTestApp(opts: { env?: Record<string, string>; seed?: (db: Database['db']) => Promise<unknown> } = {}) {
  // The API files share their modules (isolate: false): what an earlier file's app cached for its
  // website 1 must not answer for this database's website 1.
  invalidateWebsite();
  const database = await createTestDatabase();
  if (opts.seed) await opts.seed(database.db);
  const config = testConfig(opts.env);
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A database that refuses every connection (nothing listens on port 1): the shop while its database is down. */
export function unreachableDatabase(connectionTimeoutMillis = 2_000): Database {
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/grocer', connectionTimeoutMillis });
  pool.on('error', () => undefined);
  return {
    db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'postgres' as const,
    close: () => pool.end(),
  } as Database;
}
