import { REMOVE_STATUSES, SUBSTITUTE_STATUSES, type RemoveLineBody, type SubstituteLineBody } from '@grocer/shared/admin-orders';
import { packLabel } from '@grocer/shared/labels';
import { formatINR, toRupees } from '@grocer/shared/money';
import { lineAmountPaise, quantityLabel, weightLabel } from '@grocer/shared/weighed';
import { ADJUST_REASON_LABELS, ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { emitOrderEvent } from '../outbox';
import type { OrderChangedPayload } from './notify';
import { packDetails } from '../catalogue';
import { moveStock, warehouseStates } from '../inventory';
import { recordPartialRefund, settlePartialRefund } from '../payments';
import type { OrderRow } from './errors';
import { addEvent, lockOrder, restock } from './lifecycle';
import { adjustmentsOf } from './queries';

export { adjustmentsOf, presentAdjustment } from './queries';
import { orderAdjustments, orderLines, orders } from './tables';

/**
 * Changes to an order's lines after it was placed (issue 14), the orders service's only way to
 * change them: a line (or some of its units) removed as missing or damaged, before or after
 * delivery, or substituted with another pack before the order ships. Each runs in one
 * transaction with the order row locked (the same lock a cancellation or a move takes, so they
 * queue): the lines and totals change, stock moves through the ledger, a history row and an
 * adjustment say what happened, and the audit log who did it. A prepaid order's refund of the
 * difference is held on the payment here as pending and sent to the provider after the commit,
 * with the adjustment's own idempotency key, so a retried refund refunds once; it counts as
 * refunded only when the provider takes it.
 */
export type AdjustmentRow = typeof orderAdjustments.$inferSelect;

// a wallet-paid order's part goes back to the wallet (issue 44), as a gateway's goes back to the payment
const providerOf = (o: OrderRow) =>
  o.paymentMethod === 'razorpay' || o.paymentMethod === 'cashfree' || o.paymentMethod === 'wallet' ? o.paymentMethod : null;

async function lockedOrder(tx: Tx, websiteId: number, id: string): Promise<OrderRow> {
  await lockOrder(tx, id);
  const [o] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, id)));
  if (!o) throw fail('ORDER_NOT_FOUND');
  return o;
}

async function sameKey(tx: DbOrTx, orderId: string, key: string): Promise<AdjustmentRow | null> {
  const [a] = await tx
    .select()
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, orderId), eq(orderAdjustments.key, key)));
  return a ?? null;
}

/** The coupon's discount scales with what is left of the items (never more than the items). */
const scaledDiscount = (o: OrderRow, items: number) =>
  o.itemsTotal > 0 ? Math.min(items, Math.round((o.discount * items) / o.itemsTotal)) : 0;

interface Change {
  kind: 'remove' | 'substitute';
  key: string;
  reason: RemoveLineBody['reason'];
  description: string;
  newItems: number;
}

/** Writes the new totals, the history row, the adjustment and the audit entry; answers the adjustment. */
async function apply(tx: Tx, o: OrderRow, c: Change, actor: AuditActor): Promise<AdjustmentRow> {
  const discount = scaledDiscount(o, c.newItems);
  // the tip stays: it is the rider's, whatever happens to the lines
  const total = c.newItems - discount + o.deliveryCharge + o.tip;
  const owed = o.total - total;
  // a split order's wallet part stays paid until the order is cancelled (issue 44): never more than it costs
  if (total < o.walletPaid - o.walletReturned)
    throw fail('ORDER_EDIT_BELOW_WALLET', { amount: formatINR(toRupees(o.walletPaid - o.walletReturned)) });
  const provider = providerOf(o);
  let refundStatus: AdjustmentRow['refundStatus'] = 'none';
  if (provider && owed > 0) {
    // the paid payment holds the part to give back as pending (never more than was paid); it
    // counts as refunded once the provider takes it (recordAdjustmentRefund)
    if (!(await recordPartialRefund(tx, o.id, owed))) throw fail('ORDER_CHANGE_FORBIDDEN', { status: 'not paid', change: 'refunded' });
    refundStatus = 'pending';
  }
  await tx.update(orders).set({ itemsTotal: c.newItems, discount, total, updatedAt: new Date() }).where(eq(orders.id, o.id));
  const money =
    owed === 0
      ? 'no change to the total'
      : owed < 0
        ? `order total raised by ${formatINR(toRupees(-owed))}`
        : refundStatus === 'pending'
          ? `${formatINR(toRupees(owed))} refunded to your ${provider === 'wallet' ? 'wallet' : `${provider === 'razorpay' ? 'Razorpay' : 'Cashfree'} payment`}`
          : `order total lowered by ${formatINR(toRupees(owed))}`;
  const note = `${c.description} (${ADJUST_REASON_LABELS[c.reason]}): ${money}`;
  const by = `user:${actor.actorId ?? 0}`;
  await addEvent(tx, o, o.status, by, note);
  const [a] = await tx
    .insert(orderAdjustments)
    .values({
      websiteId: o.websiteId,
      orderId: o.id,
      kind: c.kind,
      key: c.key,
      description: c.description,
      reason: c.reason,
      amount: owed,
      refundStatus,
      refundKey: refundStatus === 'pending' ? `rf-${randomUUID()}` : null,
      actor: by,
    })
    .returning();
  // the customer is told by the notifications consumer, from this event written with the change
  const changed: OrderChangedPayload = { note: `${c.description} (${ADJUST_REASON_LABELS[c.reason]})`, total };
  await emitOrderEvent(tx, { websiteId: o.websiteId, orderId: o.id, topic: 'order.changed', payload: { ...changed } });
  await recordAudit(tx, actor, {
    entity: 'order',
    entityId: o.id,
    action: c.kind === 'remove' ? 'remove_line' : 'substitute_line',
    before: { items_total: toRupees(o.itemsTotal), discount: toRupees(o.discount), total: toRupees(o.total) },
    after: { items_total: toRupees(c.newItems), discount: toRupees(discount), total: toRupees(total), change: note },
  });
  return a!;
}

async function lineOf(tx: Tx, o: OrderRow, lineId: number) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id));
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw fail('ORDER_LINE_NOT_FOUND');
  return { line, lines };
}

const refuse = (o: OrderRow, change: string) =>
  fail('ORDER_CHANGE_FORBIDDEN', { status: ORDER_STATUS_LABELS[o.status].toLowerCase(), change });

/**
 * Removes `quantity` units of a line (missing, damaged…). Their stock returns to the warehouse
 * unless the order was delivered or the units are damaged. A retried request (same key) answers
 * the first one's adjustment and changes nothing.
 */
export async function removeLine(
  db: Db,
  actor: AuditActor,
  orderId: string,
  lineId: number,
  body: RemoveLineBody,
): Promise<{ adjustment: AdjustmentRow; order: OrderRow; fresh: boolean }> {
  return db.transaction(async (tx) => {
    const o = await lockedOrder(tx, actor.websiteId, orderId);
    const again = await sameKey(tx, o.id, body.key);
    if (again) return { adjustment: again, order: o, fresh: false };
    if (!REMOVE_STATUSES.includes(o.status)) throw refuse(o, 'changed');
    const { line, lines } = await lineOf(tx, o, lineId);
    if (body.quantity > line.quantity) throw fail('VALIDATION_FAILED').withErrors({ quantity: [`This line has ${line.quantity}`] });
    wholeIfWeighed(line, body.quantity, 'quantity');
    const adjustment = await removeUnits(tx, actor, o, line, lines.length, body);
    const [order] = await tx.select().from(orders).where(eq(orders.id, o.id));
    return { adjustment, order: order!, fresh: true };
  });
}

/** `removeLine`'s change, on a locked order and a line already checked. */
async function removeUnits(
  tx: Tx,
  actor: AuditActor,
  o: OrderRow,
  line: typeof orderLines.$inferSelect,
  linesOfOrder: number,
  body: RemoveLineBody,
): Promise<AdjustmentRow> {
  if (line.quantity === body.quantity && linesOfOrder === 1) throw fail('ORDER_LAST_LINE');
  await takeOffLine(tx, line, body.quantity);
  if (o.status !== 'delivered' && body.reason !== 'damaged')
    await restock(
      tx,
      o,
      [{ packId: line.packId, warehouseId: line.warehouseId, quantity: body.quantity }],
      'return',
      `user:${actor.actorId ?? 0}`,
    );
  return apply(
    tx,
    o,
    {
      kind: 'remove',
      key: body.key,
      reason: body.reason,
      description: `${quantityLabel(body.quantity, line.soldByWeight)} × ${packLabel(line.productName, line.packName)} removed`,
      newItems: o.itemsTotal - lineAmountPaise(line.price, body.quantity, line.soldByWeight),
    },
    actor,
  );
}

/**
 * Units the customer refused at the door (issue 40), inside the caller's transaction on an order
 * it has locked (`lockOrder`) and is about to mark delivered: each taken off the order as a
 * `refused` removal (the total, and a prepaid payment's refund pending, follow; the units go
 * back to stock through the ledger, as any removal before delivery), so the cash to collect is
 * the new total. Answers the order as it then stands, and whether a provider refund now waits.
 * Bad lines or quantities are 422 at `refused.{i}`; refusing every unit is ORDER_LAST_LINE.
 */
export async function refuseAtDoor(
  tx: Tx,
  actor: AuditActor,
  order: OrderRow,
  refused: Array<{ line_id: number; quantity: number }>,
): Promise<{ order: OrderRow; refunds: boolean }> {
  let o = order;
  let refunds = false;
  // units per line (a line named twice is the sum)
  const asked = new Map<number, number>();
  for (const r of refused) asked.set(r.line_id, (asked.get(r.line_id) ?? 0) + r.quantity);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id));
  for (const [i, r] of refused.entries()) {
    const line = lines.find((l) => l.id === r.line_id);
    if (!line) throw fail('VALIDATION_FAILED').withErrors({ [`refused.${i}.line_id`]: ['This line is not on the order'] });
    if ((asked.get(line.id) ?? 0) > line.quantity)
      throw fail('VALIDATION_FAILED').withErrors({ [`refused.${i}.quantity`]: [`This line has ${line.quantity}`] });
    wholeIfWeighed(line, asked.get(line.id) ?? 0, `refused.${i}.quantity`);
  }
  if (lines.every((l) => (asked.get(l.id) ?? 0) === l.quantity)) throw fail('ORDER_LAST_LINE');
  for (const [lineId, quantity] of asked) {
    const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, lineId));
    const left = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, o.id));
    const a = await removeUnits(tx, actor, o, line!, left.length, { quantity, reason: 'refused', key: `refused-${randomUUID()}` });
    if (a.refundStatus !== 'none') refunds = true;
    [o] = (await tx.select().from(orders).where(eq(orders.id, o.id))) as [OrderRow];
  }
  return { order: o, refunds };
}

/**
 * Replaces `quantity` units of a line with `substitute_quantity` of another pack of the website
 * (same or another product), before the order ships: the old units return to stock, the new ones
 * are taken from the same warehouse (both through the ledger), and the difference is settled: a
 * prepaid order is refunded what it overpaid (a dearer substitute is refused: it cannot be
 * charged more), a cash on delivery order's total follows.
 */
export async function substituteLine(
  db: Db,
  actor: AuditActor,
  orderId: string,
  lineId: number,
  body: SubstituteLineBody,
): Promise<{ adjustment: AdjustmentRow; order: OrderRow; fresh: boolean }> {
  return db.transaction(async (tx) => {
    const o = await lockedOrder(tx, actor.websiteId, orderId);
    const again = await sameKey(tx, o.id, body.key);
    if (again) return { adjustment: again, order: o, fresh: false };
    if (!SUBSTITUTE_STATUSES.includes(o.status)) throw refuse(o, 'substituted');
    const { line } = await lineOf(tx, o, lineId);
    if (body.quantity > line.quantity) throw fail('VALIDATION_FAILED').withErrors({ quantity: [`This line has ${line.quantity}`] });
    wholeIfWeighed(line, body.quantity, 'quantity');
    const pack = (await packDetails(tx, o.websiteId, [body.pack_id])).get(body.pack_id);
    if (!pack) throw fail('VALIDATION_FAILED').withErrors({ pack_id: ['Choose a pack of this shop'] });
    if (pack.soldByWeight)
      throw fail('VALIDATION_FAILED').withErrors({ pack_id: ['Substitute with a pack sold by the unit, not by weight'] });
    if (line.warehouseId === null) throw fail('ORDER_LINE_NOT_FOUND');
    const newItems = o.itemsTotal - lineAmountPaise(line.price, body.quantity, line.soldByWeight) + pack.price * body.substitute_quantity;
    const newTotal = newItems - scaledDiscount(o, newItems) + o.deliveryCharge + o.tip;
    if (providerOf(o) && newTotal > o.total) throw fail('SUBSTITUTE_COSTS_MORE', { more: formatINR(toRupees(newTotal - o.total)) });

    const label = packLabel(pack.productName, pack.packName);
    const by = `user:${actor.actorId ?? 0}`;
    // stock rows in one lock order (pack, then warehouse), as placement and release do
    const moves = [
      { packId: line.packId, quantity: body.quantity, reason: 'return' as const },
      { packId: body.pack_id, quantity: -body.substitute_quantity, reason: 'order' as const },
    ].sort((a, b) => (a.packId ?? 0) - (b.packId ?? 0) || a.quantity - b.quantity);
    for (const m of moves) {
      if (m.packId === null) continue;
      const done = await moveStock(tx, {
        websiteId: o.websiteId,
        packId: m.packId,
        warehouseId: line.warehouseId,
        quantity: m.quantity,
        reason: m.reason,
        reference: `order:${o.id}`,
        actor: by,
      });
      if (done === null) throw fail('SUBSTITUTE_UNAVAILABLE', { item: label });
    }
    await takeOffLine(tx, line, body.quantity);
    await tx.insert(orderLines).values({
      websiteId: o.websiteId,
      orderId: o.id,
      packId: body.pack_id,
      productId: pack.productId,
      slug: pack.slug,
      image: pack.image ?? '',
      productName: pack.productName,
      packName: pack.packName,
      hsnCode: pack.hsnCode,
      gstRate: pack.gstRate,
      price: pack.price,
      actPrice: pack.actPrice,
      quantity: body.substitute_quantity,
      amount: pack.price * body.substitute_quantity,
      warehouseId: line.warehouseId,
      warehouseState: (await warehouseStates(tx, o.websiteId)).get(line.warehouseId) ?? null,
    });
    const adjustment = await apply(
      tx,
      o,
      {
        kind: 'substitute',
        key: body.key,
        reason: body.reason,
        description: `${quantityLabel(body.quantity, line.soldByWeight)} × ${packLabel(line.productName, line.packName)} replaced by ${body.substitute_quantity} × ${label}`,
        newItems,
      },
      actor,
    );
    const [order] = await tx.select().from(orders).where(eq(orders.id, o.id));
    return { adjustment, order: order!, fresh: true };
  });
}

/** A pending refund of an adjustment: what the provider call needs (its idempotency key and amount). */
export async function pendingRefunds(db: DbOrTx, orderId: string): Promise<AdjustmentRow[]> {
  return (await adjustmentsOf(db, orderId)).filter((a) => a.refundStatus === 'pending' || a.refundStatus === 'failed');
}

/**
 * Sends an order's pending and failed partial refunds to the provider, each with its own
 * idempotency key (a retry refunds once), and records each answer. `refundPart` is the payments
 * domain's call: the provider's refund id, or null when it could not be reached or refused.
 */
export async function sendPendingRefunds(
  db: Db,
  refundPart: (orderId: string, amount: number, key: string) => Promise<string | null>,
  orderId: string,
): Promise<void> {
  for (const a of await pendingRefunds(db, orderId)) {
    if (!a.refundKey) continue;
    const refundId = await refundPart(orderId, a.amount, a.refundKey);
    await recordAdjustmentRefund(db, a.id, refundId ? { refundId } : { failed: true });
  }
}

/**
 * The provider's answer to an adjustment's refund. Taken: the adjustment moves to refunded and
 * the payment counts the amount as refunded, both in one transaction and only from pending or
 * failed (a guarded update), so two retries answered at once count it once. Not taken: the
 * adjustment is failed (unless an answer already settled it), still pending on the payment and
 * never counted as refunded, and `POST …/refunds/retry` sends it again with the same key.
 */
export async function recordAdjustmentRefund(db: Db, id: number, r: { refundId: string } | { failed: true }) {
  if ('failed' in r) {
    await db
      .update(orderAdjustments)
      .set({ refundStatus: 'failed' })
      .where(and(eq(orderAdjustments.id, id), inArray(orderAdjustments.refundStatus, ['pending', 'failed'])));
    return;
  }
  await db.transaction(async (tx) => {
    const [a] = await tx
      .update(orderAdjustments)
      .set({ refundStatus: 'refunded', refundId: r.refundId })
      .where(and(eq(orderAdjustments.id, id), inArray(orderAdjustments.refundStatus, ['pending', 'failed'])))
      .returning();
    if (a) await settlePartialRefund(tx, a.orderId, a.amount);
  });
}

/**
 * A loose good's line (grams, issue 40.5) is taken off whole, never some grams of it: its amount
 * was rounded once for the weight ordered. 422 at `field` otherwise.
 */
function wholeIfWeighed(line: typeof orderLines.$inferSelect, quantity: number, field: string) {
  if (line.soldByWeight && quantity !== line.quantity)
    throw fail('VALIDATION_FAILED').withErrors({ [field]: [`A loose good is taken off whole: ${weightLabel(line.quantity)}`] });
}

/** Takes `quantity` units off an order line: the line goes when none are left, else its quantity and amount shrink. */
async function takeOffLine(tx: Tx, line: typeof orderLines.$inferSelect, quantity: number) {
  const left = line.quantity - quantity;
  if (left === 0) await tx.delete(orderLines).where(eq(orderLines.id, line.id));
  else
    await tx
      .update(orderLines)
      .set({ quantity: left, amount: lineAmountPaise(line.price, left, line.soldByWeight) })
      .where(eq(orderLines.id, line.id));
}
