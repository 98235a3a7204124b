import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { rateLimits, sessions, signInCodes } from './tables';

/**
 * What sign-in leaves behind, deleted once nothing can need it:
 * - sessions past their expiry, or revoked an hour ago (a revoked id is never brought back: an
 *   issued token whose row is gone can only start an empty guest session);
 * - codes a day past their expiry (limits that count recent codes look back minutes, not days);
 * - rate-limit windows that started a day ago (windows are minutes long).
 * Each is a guarded delete in batches (rows another purger holds are skipped): several processes
 * may purge at once, a row goes once.
 */
export async function purgeSignIn(db: DbOrTx, batch = 1000): Promise<{ sessions: number; codes: number; rateLimits: number }> {
  return {
    sessions: await purge(
      db,
      sessions,
      sessions.id,
      sql`${sessions.expiresAt} < now() or ${sessions.revokedAt} < now() - interval '1 hour'`,
      batch,
    ),
    codes: await purge(db, signInCodes, signInCodes.id, sql`${signInCodes.expiresAt} < now() - interval '1 day'`, batch),
    rateLimits: await purge(db, rateLimits, rateLimits.key, sql`${rateLimits.windowStart} < now() - interval '1 day'`, batch),
  };
}

async function purge(
  db: DbOrTx,
  table: typeof sessions | typeof signInCodes | typeof rateLimits,
  key: typeof sessions.id | typeof signInCodes.id | typeof rateLimits.key,
  where: SQL,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = rowsOf(
      await db.execute(
        sql`delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${batch} for update skip locked) returning 1`,
      ),
    );
    total += gone.length;
    if (gone.length < batch) return total;
  }
}
