import { and, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from './tables';

/** Orders placed today (India time) per website, for the choose screen. Websites without any are absent. */
export async function ordersTodayByWebsite(db: DbOrTx, websiteIds: number[]): Promise<Map<number, number>> {
  if (!websiteIds.length) return new Map();
  const startOfDay = sql`(date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;
  const rows = await db
    .select({ websiteId: orders.websiteId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(inArray(orders.websiteId, websiteIds), gte(orders.createdAt, startOfDay)))
    .groupBy(orders.websiteId);
  return new Map(rows.map((r) => [r.websiteId, r.n]));
}
