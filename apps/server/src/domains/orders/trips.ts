import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit';
import { emitOrderEvent } from '../outbox';
import { releasePayment } from '../payments';
import type { OrderRow, Shopper } from './errors';
import { addEvent, releaseOrder } from './lifecycle';
import type { StatusChangedPayload } from './notify';
import { orderEvents, orders } from './tables';
import { findOrder } from './queries';

// What own delivery (domains/delivery-trips, issue 45) needs of orders, published on index.ts:
// the orders a trip may carry, and the two ways back from a failed delivery.

const tripColumns = {
  id: orders.id,
  websiteId: orders.websiteId,
  ordernumber: orders.ordernumber,
  userId: orders.userId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  address: orders.address,
  pincode: orders.pincode,
  zoneId: orders.zoneId,
  slotId: orders.slotId,
  slotDate: orders.slotDate,
  slotStart: orders.slotStart,
  slotEnd: orders.slotEnd,
  total: orders.total,
  notes: orders.notes,
  deliveryInstructions: orders.deliveryInstructions,
};
export type TripOrderRow = Pick<OrderRow, keyof typeof tripColumns>;

/** The website's orders of a slot on a date in `statuses` (dispatch's packed orders), oldest first. */
export function slotOrders(db: DbOrTx, websiteId: number, slotId: number, date: string, statuses: Array<OrderRow['status']>) {
  return db
    .select(tripColumns)
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.slotId, slotId), eq(orders.slotDate, date), inArray(orders.status, statuses)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The website's orders among `ids` (another website's are left out). */
export function tripOrders(db: DbOrTx, websiteId: number, ids: string[]): Promise<TripOrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(tripColumns)
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), inArray(orders.id, ids)));
}

/**
 * A failed delivery brought back (issue 45 §1): `reattempt` returns the order out for delivery to
 * packed, its stock and slot kept, for another trip; `return_to_store` cancels it and releases its
 * stock, slot and coupon, a paid payment going to refund. Neither is an edge of ORDER_TRANSITIONS
 * (no one else may take them: the shopper cannot cancel an order on its way, nor the staff's
 * buttons un-ship it); each is one guarded update from shipped, so it races like `moveOrder`.
 * Null when the order is no longer out for delivery.
 */
export async function bringBackFailed(
  tx: Tx,
  o: Pick<OrderRow, 'id' | 'websiteId'>,
  next: 'reattempt' | 'return_to_store',
  by: { actor: AuditActor; note: string },
): Promise<OrderRow | null> {
  const to = next === 'reattempt' ? 'packed' : 'cancelled';
  const [row] = (await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, o.id), eq(orders.websiteId, o.websiteId), eq(orders.status, 'shipped')))
    .returning()) as OrderRow[];
  if (!row) return null;
  const actor = `user:${by.actor.actorId ?? 0}`;
  await addEvent(tx, row, to, actor, by.note);
  if (to === 'cancelled') {
    await releaseOrder(tx, row, { actor });
    const p = await releasePayment(tx, row.id);
    if (p)
      await emitOrderEvent(tx, {
        websiteId: row.websiteId,
        orderId: row.id,
        topic: 'order.refunded',
        payload: { amount: p.amount - p.refunded, provider: p.provider, reason: 'not delivered' },
      });
  }
  const payload: StatusChangedPayload = { from: 'shipped', status: row.status, total: row.total, delivery: row.delivery };
  await emitOrderEvent(tx, { websiteId: row.websiteId, orderId: row.id, topic: 'order.status_changed', payload: { ...payload } });
  await recordAudit(tx, by.actor, {
    entity: 'order',
    entityId: row.id,
    action: next,
    before: { status: 'shipped' },
    after: { status: row.status, note: by.note },
  });
  return row;
}

/**
 * The shopper's own order as its tracker needs it (issue 45 §5): status, slot, the address's
 * coordinates when the shopper's device gave them, and the status history, oldest first.
 * 404 for another shopper's or another website's order.
 */
export async function shopperOrderTrack(db: DbOrTx, s: Shopper, id: string) {
  const o = await findOrder(db, s, id);
  const history = await db
    .select({ status: orderEvents.status, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.websiteId, o.websiteId)))
    .orderBy(asc(orderEvents.id));
  const a = o.address as unknown as { lat?: unknown; lng?: unknown };
  return {
    id: o.id,
    ordernumber: o.ordernumber,
    status: o.status,
    slot: o.slotDate && o.slotStart && o.slotEnd ? { date: o.slotDate, start_time: o.slotStart, end_time: o.slotEnd } : null,
    coordinates: typeof a.lat === 'number' && typeof a.lng === 'number' ? { lat: a.lat, lng: a.lng } : null,
    history: history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
  };
}
