import { COMMITTED_ORDER_STATUSES } from '@grocer/shared/admin-purchasing';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from './tables';

/**
 * Units committed per (pack, warehouse): held by the website's orders that took their stock when
 * placed and have not shipped yet (COMMITTED_ORDER_STATUSES), keyed `${packId}:${warehouseId}`.
 * They are still on the shelves, so the inventory shows on hand = available + committed. Only
 * open orders are read (orders_pending_idx leads with status), so the cost follows the open
 * orders, not the history.
 */
export async function committedUnits(db: DbOrTx, websiteId: number, packIds: number[]): Promise<Map<string, number>> {
  if (!packIds.length) return new Map();
  const rows = await db
    .select({
      packId: orderLines.packId,
      warehouseId: orderLines.warehouseId,
      units: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        inArray(orders.status, [...COMMITTED_ORDER_STATUSES]),
        inArray(orderLines.packId, [...new Set(packIds)]),
        isNotNull(orderLines.warehouseId),
      ),
    )
    .groupBy(orderLines.packId, orderLines.warehouseId);
  return new Map(rows.map((r) => [`${r.packId}:${r.warehouseId}`, r.units]));
}
