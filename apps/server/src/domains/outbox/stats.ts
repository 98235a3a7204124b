import { count, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from './tables';

/** Where an undelivered message stands: not tried yet, failed and to be retried, or given up on. */
export type BacklogState = 'queued' | 'retrying' | 'given_up';

/**
 * The messages not delivered yet, per channel and state, with the oldest one's age (the metrics'
 * outbox backlog, read at scrape time). `retrying` is what `retryFailed` will try again (fewer
 * than 5 attempts, younger than a day); `given_up` stays until someone looks.
 */
export async function outboxBacklog(
  db: Db,
): Promise<Array<{ channel: string; state: BacklogState; count: number; oldestSeconds: number }>> {
  const state = sql<BacklogState>`case when ${outbox.status} = 'queued' then 'queued'
    when ${outbox.attempts} < 5 and ${outbox.createdAt} > now() - interval '1 day' then 'retrying' else 'given_up' end`;
  const rows = await db
    .select({ channel: outbox.channel, state, count: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(sql`${outbox.status} in ('queued', 'failed')`)
    .groupBy(outbox.channel, state);
  const now = Date.now();
  return rows.map((r) => ({
    channel: r.channel,
    state: r.state,
    count: Number(r.count),
    oldestSeconds: r.oldest ? Math.max(0, (now - new Date(r.oldest).getTime()) / 1000) : 0,
  }));
}
