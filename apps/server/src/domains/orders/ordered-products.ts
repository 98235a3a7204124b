import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from './tables';

/**
 * Which of these products and packs (of the website) appear on any order line, online or at the
 * counter: the catalogue asks before deleting a product (an ordered one is archived instead, so
 * its orders keep it). A line names its product and its pack; either may be null after a delete.
 */
export async function orderedRefs(
  db: DbOrTx,
  websiteId: number,
  productIds: number[],
  packIds: number[],
): Promise<{ products: Set<number>; packs: Set<number> }> {
  const match = [
    ...(productIds.length ? [inArray(orderLines.productId, productIds)] : []),
    ...(packIds.length ? [inArray(orderLines.packId, packIds)] : []),
  ];
  if (!match.length) return { products: new Set(), packs: new Set() };
  const rows = await db
    .selectDistinct({ productId: orderLines.productId, packId: orderLines.packId })
    .from(orderLines)
    .where(and(eq(orderLines.websiteId, websiteId), or(...match)));
  return {
    products: new Set(rows.flatMap((r) => (r.productId === null ? [] : [r.productId]))),
    packs: new Set(rows.flatMap((r) => (r.packId === null ? [] : [r.packId]))),
  };
}

/**
 * Whether the user received the product: a line of it in one of their delivered orders on the
 * website (online, or sold to them at the counter). Reviews ask before taking one.
 */
export async function receivedProduct(db: DbOrTx, websiteId: number, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.websiteId, websiteId),
        eq(orderLines.productId, productId),
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
