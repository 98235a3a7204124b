import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service takes: the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that write accept `Db | Tx` via this alias. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again (the test template). */
  dumpDataDir?(): Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite in `dataDir` (or in memory with `memory://`) when no URL is given, PostgreSQL through
 * `pg` otherwise. Migrations are applied before the handle is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  loadDataDir?: Blob;
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A bounded wait for a connection: while the database is down, requests fail (503) instead of queueing forever.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, connectionTimeoutMillis: 5_000 });
    // A terminated backend (restart, failover, pg_terminate_backend, a pooler's idle timeout) emits
    // 'error' on its client; without listeners node would crash the process. The query in flight
    // fails on its own (503 DATABASE_UNAVAILABLE), the broken client leaves the pool, and the next
    // request opens a fresh connection.
    const onError = opts.onConnectionError ?? ((err: Error) => console.error(`database connection lost: ${err.message}`));
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Several processes may start at once: one migrates, the others wait on the advisory lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(72707001)');
      await client.query('create extension if not exists pg_trgm');
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(72707001)').catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
