import { and, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from './tables';
import { shopTodayStartSql } from '../../db/shop-time';

/** Orders placed today (India time) per website, for the choose screen. Websites without any are absent. */
export async function ordersTodayByWebsite(db: DbOrTx, websiteIds: number[]): Promise<Map<number, number>> {
  if (!websiteIds.length) return new Map();
  const rows = await db
    .select({ websiteId: orders.websiteId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(inArray(orders.websiteId, websiteIds), gte(orders.createdAt, shopTodayStartSql)))
    .groupBy(orders.websiteId);
  return new Map(rows.map((r) => [r.websiteId, r.n]));
}
