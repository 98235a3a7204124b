import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from './tables';

/** The payments of a shopper's orders, for their data export (account/privacy.ts). */
export function paymentsOfOrders(db: DbOrTx, websiteId: number, orderIds: string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.websiteId, websiteId), inArray(payments.orderId, orderIds)))
    .orderBy(asc(payments.id));
}
