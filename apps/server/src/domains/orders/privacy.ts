import { DELETED_CUSTOMER_NAME } from '@grocer/shared/privacy';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from './tables';

/** A shopper's orders on one website (oldest first) with their lines, for their data export. */
export async function ordersForExport(db: DbOrTx, websiteId: number, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.userId, userId)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const lines = rows.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          and(
            eq(orderLines.websiteId, websiteId),
            inArray(
              orderLines.orderId,
              rows.map((o) => o.id),
            ),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  return rows.map((o) => ({ ...o, lines: lines.filter((l) => l.orderId === o.id) }));
}

/** Orders still moving need the shopper's address and mobile to reach them. */
const SETTLED = ['delivered', 'cancelled', 'payment_failed'] as const;

/** How many of a person's orders, on any website, are not yet delivered, cancelled or failed. */
export async function openOrderCount(tx: DbOrTx, userId: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...SETTLED])));
  return r!.n;
}

/**
 * An erased account's orders stay for GST (CGST Act s.36), linked to the anonymised user, with
 * amounts, lines and payments intact; the address snapshot keeps only the pincode and state (the
 * invoice's place of supply), and the shopper's notes go. Answers how many were kept.
 */
export async function anonymiseOrders(tx: DbOrTx, userId: number): Promise<number> {
  const kept = await tx
    .update(orders)
    .set({
      address: sql`jsonb_build_object(
        'name', ${DELETED_CUSTOMER_NAME}::text, 'phone', '', 'pincode', ${orders.address}->>'pincode',
        'line1', '', 'line2', '', 'landmark', null, 'city', '', 'state', ${orders.address}->>'state', 'type', 'other')`,
      notes: null,
      updatedAt: new Date(),
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return kept.length;
}
