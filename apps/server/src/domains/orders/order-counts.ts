import type { AdminOrdersQuery } from '@grocer/shared/admin-orders';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The order list's total from the `order_counts` summary (issue 42; migration 0064): per website,
 * shop day placed, status and payment method. The database appends every statement's +1/−1 on
 * `orders` to `order_count_deltas`; `foldOrderCounts` (a job, every minute) moves them into
 * `order_counts`. A count reads both in one statement (one snapshot: a delta is in one table or the
 * other), so it is exact at every moment, whatever the fold's lag.
 */

/** The filters the summary answers exactly: none, status, payment method, the days placed. */
export const countedBySummary = (q: AdminOrdersQuery): boolean =>
  !q.q && !q.payment_status && !q.delivery_date && !q.slot_id && !q.pincode && !q.tag;

/** How many of the website's orders match `q` (only the filters `countedBySummary` allows). */
export async function countOrders(db: DbOrTx, websiteId: number, q: AdminOrdersQuery): Promise<number> {
  const where: SQL[] = [sql`website_id = ${websiteId}`];
  if (q.status) where.push(sql`status = ${q.status}`);
  if (q.payment_method) where.push(sql`payment_method = ${q.payment_method}`);
  if (q.from) where.push(sql`day >= ${q.from}::date`);
  if (q.to) where.push(sql`day <= ${q.to}::date`);
  const cond = sql.join(where, sql` and `);
  const [r] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      select coalesce(sum(n), 0)::bigint as n from (
        select n from order_counts where ${cond}
        union all select n from order_count_deltas where ${cond}
      ) c`),
  );
  return Number(r?.n ?? 0);
}

/**
 * Folds the appended deltas into the counts: one statement takes them (delete … returning) and adds
 * them, so a reader sees them in one table or the other and two processes folding at once never
 * add a delta twice (the second's delete skips rows the first took). Returns the deltas folded.
 */
export async function foldOrderCounts(db: DbOrTx): Promise<number> {
  const [r] = rowsOf<{ folded: string | number }>(
    await db.execute(sql`
      with taken as (delete from order_count_deltas returning website_id, day, status, payment_method, n),
      added as (
        insert into order_counts as c (website_id, day, status, payment_method, n)
        select t.website_id, t.day, t.status, t.payment_method, sum(t.n)::int from taken t
        group by 1, 2, 3, 4
        on conflict (website_id, day, status, payment_method) do update set n = c.n + excluded.n
        returning 1
      )
      select (select count(*) from taken)::int as folded, (select count(*) from added)::int as groups`),
  );
  return Number(r?.folded ?? 0);
}
