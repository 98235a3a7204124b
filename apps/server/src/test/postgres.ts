import pg from 'pg';
import { randomBytes } from 'node:crypto';

/** Creating and dropping the scratch PostgreSQL databases of a test run (server URL: TEST_DATABASE_URL). */

export const scratchName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Where databases are created, copied and dropped: TEST_ADMIN_DATABASE_URL when the suite's own
 * connections go through a pooler (scripts/through-pgbouncer.mjs sets it to the server itself),
 * else the suite's URL.
 */
export const adminUrl = (url: string) => process.env.TEST_ADMIN_DATABASE_URL ?? url;

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new empty database, or a copy of `template` (which nobody may be connected to). Its sessions
 * commit without waiting for the WAL to reach the disk (synchronous_commit off: ~3.5 ms less per
 * commit on this machine's disk, most of a route test's time). Only a crash of PostgreSQL itself
 * could lose such a commit; locks, visibility and what a race test sees are unchanged.
 */
export function createPgDatabase(url: string, name: string, template?: string) {
  return withAdmin(url, async (a) => {
    await a.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await a.query(`alter database ${name} set synchronous_commit = off`);
  });
}

export function dropPgDatabase(url: string, name: string) {
  return withAdmin(url, async (a) => {
    // pool.end() resolves before its sockets have closed; dropping with force under a closing
    // connection makes pg raise 57P01 outside any query. Wait for the backends to leave first.
    for (let i = 0; i < 100; i++) {
      const { rows } = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await a.query(`drop database if exists ${name} with (force)`);
  });
}
