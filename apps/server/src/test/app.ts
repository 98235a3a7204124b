import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

/**
 * A real migrated database per test file: in-memory PGlite by default, or a fresh PostgreSQL
 * database (created here, dropped in close) when the suite runs with TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) return openDatabase({ dataDir: 'memory://' });
  const name = `grocer_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 30 });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      // pool.end() resolves before its sockets have closed; dropping with force under a closing
      // connection makes pg raise 57P01 outside any query. Wait for the backends to leave first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}) {
  return parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'never', WEB_DIST: '/nonexistent', STAFF_DIST: '/nonexistent', ...overrides });
}

export async function createTestApp(opts: { env?: Record<string, string>; seed?: (db: Database['db']) => Promise<unknown> } = {}) {
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
