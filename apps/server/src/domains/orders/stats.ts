import { count } from 'drizzle-orm';
import type { OrderStatus } from '@grocer/shared/order';
import type { Db } from '../../db/client';
import { orders } from './tables';

/**
 * How many orders are in each status now, read at scrape time for the metrics (a grouped count
 * over the `(status, created_at)` index): every order placed is in exactly one, so their sum
 * grows with each order, and `payment_failed` with each failed payment.
 */
export async function orderCounts(db: Db): Promise<Array<{ status: OrderStatus; count: number }>> {
  const rows = await db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}
