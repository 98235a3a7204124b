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
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}) {
  return parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'never', WEB_DIST: '/nonexistent', ...overrides });
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
