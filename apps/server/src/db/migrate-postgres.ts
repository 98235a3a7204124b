import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/**
 * Applies the pending migrations to PostgreSQL while other processes keep serving (docs/data.md
 * "Upgrades without downtime"). Drizzle's own migrator, with one change: before the first
 * statement, the transaction takes every existing table the pending migrations name, in ACCESS
 * EXCLUSIVE mode and NOWAIT. A migration that took its locks one statement at a time could hold
 * one table (say `payments`) while it waited for another (`order_lines`) that a running checkout
 * held while it waited for the first: a deadlock, and PostgreSQL cancels one side, often the
 * checkout (a shopper's 500). Here the migration never waits while it holds anything: when a
 * table is busy, it lets go of all of them and tries again a moment later; once it holds them,
 * requests queue behind it for the fraction of a second it runs, and none fails.
 *
 * The bookkeeping is drizzle's (`drizzle.__drizzle_migrations`: hash and journal time), so either
 * runner reads what the other wrote.
 */
export async function migratePostgres(
  client: pg.ClientBase,
  migrationsFolder: string,
  opts: { giveUpAfterMs?: number } = {},
): Promise<{ applied: number; locked: string[]; attempts: number }> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const deadline = Date.now() + (opts.giveUpAfterMs ?? 120_000);
  let locked: string[] = [];
  for (let attempts = 1; ; attempts++) {
    await client.query('begin');
    try {
      // One process migrates at a time (several may start at once): a lock this transaction holds,
      // so every statement that needs it runs on the connection that has it, also behind a pooler
      // in transaction mode (a session lock taken and released by separate statements there could
      // be taken on one server connection and never released on it).
      await client.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await client.query('create extension if not exists pg_trgm');
      await client.query('create schema if not exists "drizzle"');
      await client.query(
        'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
      );
      const last = (
        await client.query<{ created_at: string | null }>(
          'select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1',
        )
      ).rows[0];
      const pending = migrations.filter((m) => !last || Number(last.created_at) < m.folderMillis);
      if (pending.length === 0) {
        await client.query('commit');
        return { applied: 0, locked: [], attempts: 0 };
      }
      locked = await tablesNamed(client, pending.flatMap((m) => m.sql).join('\n'));
      if (locked.length)
        await client.query(`lock table ${locked.map((t) => `"public"."${t}"`).join(', ')} in access exclusive mode nowait`);
      for (const m of pending) {
        for (const statement of m.sql) await client.query(statement);
        await client.query('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [m.hash, m.folderMillis]);
      }
      await client.query('commit');
      return { applied: pending.length, locked, attempts };
    } catch (e) {
      await client.query('rollback');
      // 55P03 lock_not_available: a table is in use right now; anything else is the migration's own fault
      if ((e as { code?: string }).code !== '55P03') throw e;
      if (Date.now() > deadline)
        throw new Error(`the migrations could not lock ${locked.join(', ')}: still in use after ${attempts} attempts`, { cause: e });
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 45));
    }
  }
}

/** The migrations' transaction lock (any fixed number, the same in every process). */
const MIGRATION_LOCK = 72707001;

/**
 * The tables of the public schema that `text` names (as a whole word, quoted or not), sorted: what
 * the migrations alter, fill, reference or read. Locking one more than needed costs a few
 * milliseconds of waiting; missing one could deadlock, so the match is generous.
 */
async function tablesNamed(client: pg.ClientBase, text: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const words = new Set(text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
  return rows.map((r) => r.name).filter((name) => words.has(name));
}
