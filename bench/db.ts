import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { seedDemo } from '../apps/server/src/seed/demo';
import { openDatabase, type Database } from '../apps/server/src/db/client';

/**
 * A database for one benchmark run: in-memory PGlite, or a temporary PostgreSQL database (on
 * DATABASE_URL's server, default 127.0.0.1:5432) created here and dropped by `cleanup`.
 */
export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  poolSize = 20,
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, cleanup: () => database.close() };
  }
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `grocer_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize });
  return {
    database,
    cleanup: async () => {
      await database.close();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      // wait for the pool's sockets to leave before the forced drop
      for (
        let i = 0;
        i < 100 && (await d.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0].n > 0;
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** Rows of a raw `db.execute` answer (both drivers). */
export const rowsOf = <T>(r: unknown) => ((r as { rows: T[] }).rows ?? []) as T[];

/**
 * The demo shop served over loopback for a write benchmark: a fresh database of `kind` with a
 * pool of `poolSize`, seeded, and the app listening on a free port (no storefront build needed).
 */
export async function startDemoShop(kind: 'pglite' | 'postgres', poolSize: number) {
  const { database, cleanup } = await openBenchDatabase(kind, poolSize);
  const websiteId = await seedDemo(database.db, { mediaDir: null });
  const config = parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED: 'never', WEB_DIST: path.join(tmpdir(), 'none') });
  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    database,
    db: database.db,
    websiteId,
    app,
    base,
    /** closes the app, then drops the database */
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}
