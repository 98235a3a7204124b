import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { Errors, type AppError } from '../../http/errors';

/**
 * A fixed-window counter in the database (so it holds across processes): counts one hit on
 * `key` (or `weight` hits: the events of one error envelope) and, when the window then holds
 * more than `limit`, throws `refuse(seconds until the window ends)` (by default 429 with
 * `retry_after`). Run inside a transaction, a refusal later in it takes the hit back, so only
 * what was actually done is counted.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  refuse: (retrySeconds: number) => AppError = (retry) => Errors.rateLimited(tooManyRequests(Math.ceil(retry / 60)), retry),
  weight = 1,
): Promise<void> {
  const [row] = rowsOf<{ count: number; retry: number }>(
    await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), ${weight}::int)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then ${weight}::int else rate_limits.count + ${weight}::int end,
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
      returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry`),
  );
  if (row && row.count > limit) throw refuse(Math.max(1, row.retry));
}

export const tooManyRequests = (minutes: number) =>
  `Too many requests. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

const OVER_LIMIT = Errors.rateLimited();

/**
 * Counts one hit on `key` as `hitRateLimit` does, and answers whether the window still had room
 * instead of refusing: for a ceiling that slows something down rather than saying no.
 */
export async function withinLimit(db: DbOrTx, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  try {
    await hitRateLimit(db, key, limit, windowSeconds, () => OVER_LIMIT);
    return true;
  } catch (e) {
    if (e === OVER_LIMIT) return false;
    throw e;
  }
}
