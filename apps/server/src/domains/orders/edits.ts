import { slotLabel } from '@grocer/shared/delivery-promise';
import { packLabel } from '@grocer/shared/labels';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { lineAmountPaise } from '@grocer/shared/weighed';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { balanceLoweredText } from '@grocer/shared/order-balance';
import {
  EDITABLE_STATUSES,
  editDifferenceText,
  staffEditDifferenceText,
  type OrderEditBody,
  type OrderEditConfirmBody,
  type OrderEditQuote,
} from '@grocer/shared/order-edit';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { emitOrderEvent } from '../outbox';
import type { OrderChangedPayload } from './notify';
import { priceCart } from '../cart';
import { activeProductIds, packDetails } from '../catalogue';
import { findCoupon } from '../coupons';
import { nextSlots, releaseSlot, resolvePincode, takeSlot, type DeliveryZone, type SlotOffer } from '../delivery';
import { firstWarehouseId, moveStock, stockKey, stockLevels, warehouseStates } from '../inventory';
import { lowerBalance, openBalanceOf, raiseBalance, recordPartialRefund } from '../payments';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { addEvent, byStockRow, lockOrder } from './lifecycle';
import { findOrder, orderLinesOf, type OrderLineRow } from './queries';
import { orderAdjustments, orderLines, orders } from './tables';

/**
 * The shopper changes their order until it is packed (issue 39 §14): quantities, lines removed,
 * packs added, the delivery slot. `quoteEdit` prices the change without writing anything;
 * `editOrder` makes it in one transaction with the order row locked first (as a cancellation and
 * every status move take it, so the shop packing the order and two tabs editing it queue: the
 * later one sees the order as the earlier left it), then the slots' booking rows, then each
 * stock row in `byStockRow` order, as checkout and cancellation take them.
 *
 * Money: the totals come from checkout's own pricing (`priceCart`: the order's coupon, the
 * zone's delivery charge and free-delivery threshold); a line already on the order keeps the
 * price it was ordered at, a pack added costs today's price. Cash on delivery: the new total is
 * what is collected at the door. Prepaid: a lower total is refunded through the provider, as a
 * staff substitution is (an `edit` adjustment whose refund is held pending on the payment and
 * sent after the commit with its own idempotency key). A higher total: a staff edit (issue 40
 * §12) opens a balance, a second payment of the difference the customer pays by a payment link
 * (`payments/balances.ts`); the shopper's own edit is refused, as the shopper cannot pay a balance
 * inside the edit yet (docs/spec-deviations.md). A lower total first comes off a balance still
 * unpaid; only the rest is refunded, so a refund never exceeds what was paid.
 */

/** What an edit would make of the order. */
interface Plan {
  order: OrderRow;
  lines: OrderLineRow[];
  /** one per pack wanted or on the order: `was` units now, `quantity` after */
  packs: Array<{
    packId: number;
    quantity: number;
    was: number;
    max: number;
    price: number;
    warehouseId: number;
    label: string;
    /** a loose good (grams, issue 40.5): kept as ordered or removed whole, never changed or added here */
    soldByWeight: boolean;
    /** today's catalogue details, for a pack added */
    details: {
      productId: number;
      productName: string;
      packName: string;
      slug: string;
      image: string;
      hsnCode: string;
      gstRate: number;
      actPrice: number;
    };
  }>;
  itemsTotal: number;
  discount: number;
  deliveryCharge: number;
  total: number;
  /** the slot to move to, when it changes */
  slot: SlotOffer | null;
  offers: SlotOffer[];
}

const refuseStatus = (o: OrderRow) => fail('ORDER_NOT_EDITABLE', { status: ORDER_STATUS_LABELS[o.status].toLowerCase() });

/** `staff`: Administration's edit, which may raise a prepaid order's total (the difference becomes a balance to pay by link). */
async function planEdit(db: DbOrTx, o: OrderRow, body: OrderEditBody, now: Date, staff = false): Promise<Plan> {
  if (!EDITABLE_STATUSES.includes(o.status) || o.channel !== 'online') throw refuseStatus(o);
  const lines = await orderLinesOf(db, o.id);
  const promotion = o.promotion ?? lines.find((l) => l.promotion)?.promotion;
  if (promotion) throw fail('ORDER_EDIT_PROMOTION', { promotion });
  const zone: DeliveryZone | null = await resolvePincode(db, o.websiteId, o.pincode);
  const wanted = new Map(body.lines.map((l) => [l.pack_id, l.quantity]));
  // the order's lines by pack (a pack on two lines, after a substitution, counts as one)
  const onOrder = new Map<number, OrderLineRow[]>();
  for (const l of lines) if (l.packId !== null) onOrder.set(l.packId, [...(onOrder.get(l.packId) ?? []), l]);
  const added = [...wanted.keys()].filter((id) => !onOrder.has(id) && wanted.get(id)! > 0);
  const details = await packDetails(db, o.websiteId, [...new Set([...onOrder.keys(), ...added])]);
  const active = new Set(
    await activeProductIds(
      db,
      o.websiteId,
      added.map((id) => details.get(id)?.productId ?? 0),
    ),
  );
  for (const id of added) if (!active.has(details.get(id)?.productId ?? 0)) throw fail('PACK_NOT_FOUND');
  // a pack added comes from the zone's warehouse, as checkout takes it
  const warehouse =
    zone?.warehouseId ?? lines.find((l) => l.warehouseId !== null)?.warehouseId ?? (await firstWarehouseId(db, o.websiteId));
  const packs: Plan['packs'] = [];
  for (const [packId, rows] of onOrder) {
    const first = rows[0]!;
    packs.push({
      packId,
      quantity: wanted.get(packId) ?? 0,
      was: rows.reduce((n, l) => n + l.quantity, 0),
      max: 0,
      price: first.price,
      warehouseId: first.warehouseId ?? warehouse ?? 0,
      label: packLabel(first.productName, first.packName),
      soldByWeight: first.soldByWeight,
      details: {
        productId: first.productId ?? 0,
        productName: first.productName,
        packName: first.packName,
        slug: first.slug ?? '',
        image: first.image,
        hsnCode: first.hsnCode,
        gstRate: first.gstRate,
        actPrice: first.actPrice,
      },
    });
  }
  for (const packId of added) {
    const d = details.get(packId)!;
    if (warehouse === null) throw fail('PACK_NOT_FOUND');
    packs.push({
      packId,
      quantity: wanted.get(packId)!,
      was: 0,
      max: 0,
      price: d.price,
      warehouseId: warehouse,
      label: packLabel(d.productName, d.packName),
      soldByWeight: d.soldByWeight,
      details: {
        productId: d.productId,
        productName: d.productName,
        packName: d.packName,
        slug: d.slug,
        image: d.image ?? '',
        hsnCode: d.hsnCode,
        gstRate: d.gstRate,
        actPrice: d.actPrice,
      },
    });
  }
  for (const p of packs) {
    if (p.soldByWeight && p.quantity !== p.was && p.quantity !== 0) throw fail('ORDER_EDIT_WEIGHED', { item: p.label });
    if (!p.soldByWeight && p.quantity > 99) {
      const i = body.lines.findIndex((l) => l.pack_id === p.packId);
      throw fail('VALIDATION_FAILED').withErrors({ [`lines.${i}.quantity`]: ['Too big: expected number to be <=99'] });
    }
  }
  const levels = await stockLevels(db, o.websiteId, packs);
  for (const p of packs) {
    p.max = p.was + Math.max(0, levels.get(stockKey(p.packId, p.warehouseId)) ?? 0);
    if (p.quantity > p.max) throw fail('ORDER_EDIT_NO_STOCK', { item: p.label, max: p.max });
  }
  const fixed = lines.filter((l) => l.packId === null);
  if (fixed.length === 0 && packs.every((p) => p.quantity === 0)) throw fail('ORDER_LAST_LINE');

  // checkout's pricing; the coupon was redeemed when the order was placed, so only its amount
  // and its minimum are judged again (not its dates or how often it has been used since)
  const coupon = o.couponCode ? await findCoupon(db, o.websiteId, o.couponCode) : null;
  const rule = coupon && {
    ...coupon,
    active: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    firstOrderOnly: false,
    perCustomerLimit: null,
  };
  const priced = priceCart({
    lines: [
      ...fixed.map((l) => ({ pricePaise: l.price, quantity: l.quantity, soldByWeight: l.soldByWeight, valid: true })),
      ...packs.map((p) => ({ pricePaise: p.price, quantity: p.quantity, soldByWeight: p.soldByWeight, valid: true })),
    ],
    coupon: rule && { rule, usage: { total: 0, byCustomer: 0 } },
    delivery: zone
      ? { chargePaise: zone.deliveryCharge, freeAbovePaise: zone.freeAbove }
      : { chargePaise: o.deliveryCharge, freeAbovePaise: null },
    now,
  });
  if (priced.coupon && !priced.coupon.ok)
    throw fail('ORDER_EDIT_COUPON_MINIMUM', { code: o.couponCode!, minimum: formatINR(toRupees(rule!.minOrder)) });
  // a coupon the shop has since deleted: its discount as placed, never more than the items
  const discount = o.couponCode && !coupon ? Math.min(o.discount, priced.itemsTotal) : priced.discount;
  const total = priced.itemsTotal - discount + priced.finalDelivery + o.tip;
  if (o.paymentMethod === 'cod' && zone?.codMax != null && total > zone.codMax && total > o.total)
    throw orderErrors.paymentUnavailable('cod');
  if (o.paymentMethod !== 'cod' && total > o.total && !(staff && (o.paymentMethod === 'razorpay' || o.paymentMethod === 'cashfree')))
    throw fail('ORDER_EDIT_COSTS_MORE', { more: formatINR(toRupees(total - o.total)) });
  // a split order's wallet part stays paid until the order is cancelled (issue 44): never more than it costs
  if (total < o.walletPaid - o.walletReturned)
    throw fail('ORDER_EDIT_BELOW_WALLET', { amount: formatINR(toRupees(o.walletPaid - o.walletReturned)) });

  const offers = zone ? await nextSlots(db, o.websiteId, zone.id, now, 7, true, zone) : [];
  let slot: SlotOffer | null = null;
  const asked = body.slot;
  if (asked && !(asked.slot_id === o.slotId && asked.date === o.slotDate)) {
    slot = offers.find((s) => s.slotId === asked.slot_id && s.date === asked.date) ?? null;
    if (!slot) throw orderErrors.slotInvalid();
    if (slot.remaining <= 0) throw orderErrors.slotFull();
  }
  return { order: o, lines, packs, itemsTotal: priced.itemsTotal, discount, deliveryCharge: priced.finalDelivery, total, slot, offers };
}

const slotOf = (s: SlotOffer) => ({
  slot_id: s.slotId,
  date: s.date,
  start_time: s.startTime,
  end_time: s.endTime,
  remaining: s.remaining,
});

/** The order as the change would leave it, nothing written (POST /orders/{id}/edit/quote). */
export async function quoteEdit(db: Db, s: Shopper, id: string, body: OrderEditBody, now = new Date()): Promise<OrderEditQuote> {
  return quoteEditOf(db, await findOrder(db, s, id), body, now);
}

/** The quote of a change to order `o` (the shopper's, or one the staff found on their website). */
export async function quoteEditOf(db: DbOrTx, o: OrderRow, body: OrderEditBody, now = new Date(), staff = false): Promise<OrderEditQuote> {
  const p = await planEdit(db, o, body, now, staff);
  const current =
    o.slotId !== null && o.slotDate && o.slotStart && o.slotEnd
      ? { slot_id: o.slotId, date: o.slotDate, start_time: o.slotStart, end_time: o.slotEnd, remaining: 0 }
      : null;
  return {
    lines: p.packs.map((k) => ({
      pack_id: k.packId,
      product_name: k.details.productName,
      pack_name: k.details.packName,
      image: k.details.image,
      price: toRupees(k.price),
      quantity: k.quantity,
      was: k.was,
      amount: toRupees(lineAmountPaise(k.price, k.quantity, k.soldByWeight)),
      max: k.max,
    })),
    items_total: toRupees(p.itemsTotal),
    discount: toRupees(p.discount),
    delivery_charge: toRupees(p.deliveryCharge),
    total: toRupees(p.total),
    was_total: toRupees(o.total),
    difference: toRupees(p.total - o.total),
    balance_due: toRupees((await openBalanceOf(db, o.id))?.amount ?? 0),
    slot: p.slot ? slotOf(p.slot) : current,
    slots: p.offers.map(slotOf),
  };
}

export type EditAdjustment = typeof orderAdjustments.$inferSelect;
/** The order after a change and its adjustment (null: nothing changed); `fresh` false when a retried key answered an earlier change. */
export type EditDone = { order: OrderRow; adjustment: EditAdjustment | null; fresh: boolean };

/**
 * Makes the change (POST /orders/{id}/edit), or refuses it and changes nothing: the order
 * packed meanwhile, a pack sold out, the slot full, the coupon's minimum, a prepaid order
 * costing more, or a total other than the one the shopper saw. The same `key` answers the
 * change already made. Answers the order and the change's adjustment (null when nothing changed).
 */
export async function editOrder(db: Db, s: Shopper, id: string, body: OrderEditConfirmBody, now = new Date()): Promise<EditDone> {
  await findOrder(db, s, id);
  return db.transaction(async (tx) => {
    await lockOrder(tx, id);
    return applyEdit(tx, await findOrder(tx, s, id), body, { actor: `user:${s.userId}`, staff: null }, now);
  });
}

/** Who makes an edit: the shopper (`user:<id>`), or a staff member, whose change is audited and worded for the shop. */
export interface EditBy {
  actor: string;
  staff: AuditActor | null;
}

/**
 * The change itself, in the caller's transaction with the order row locked (`lockOrder`) and read
 * after the lock. A staff edit (Administration, issue 40 §12) is the same change with the same
 * rules; its timeline note is in the shop's words and it is audited.
 */
export async function applyEdit(tx: Tx, o: OrderRow, body: OrderEditConfirmBody, by: EditBy, now = new Date()): Promise<EditDone> {
  const [again] = await tx
    .select()
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, o.id), eq(orderAdjustments.key, body.key)));
  if (again) return { order: o, adjustment: again, fresh: false };
  const p = await planEdit(tx, o, body, now, by.staff !== null);
  if (toPaise(body.expected_total) !== p.total) throw fail('ORDER_EDIT_TOTAL_CHANGED', { amount: toRupees(p.total) });
  const changed = p.packs.filter((k) => k.quantity !== k.was);
  if (changed.length === 0 && !p.slot) return { order: o, adjustment: null, fresh: false };
  const { actor } = by;

  if (p.slot) await moveSlot(tx, o, p.slot);
  for (const k of [...changed].sort(byStockRow)) {
    const moved = await moveStock(tx, {
      websiteId: o.websiteId,
      packId: k.packId,
      warehouseId: k.warehouseId,
      quantity: k.was - k.quantity,
      reason: k.quantity > k.was ? 'order' : 'return',
      reference: `order:${o.id}`,
      actor,
      note: by.staff ? 'order edited by staff' : 'order edited',
    });
    if (moved === null) throw fail('ORDER_EDIT_NO_STOCK', { item: k.label, max: k.was });
  }
  await rewriteLines(tx, o, p, changed);

  const owed = o.total - p.total;
  const prepaid = o.paymentMethod !== 'cod';
  // less to pay: a balance still unpaid shrinks first, the rest is refunded; more (staff only): a balance to pay by link
  const toRefund = prepaid && owed > 0 ? await lowerBalance(tx, o, owed) : 0;
  if (prepaid && owed < 0) await raiseBalance(tx, o, -owed);
  const refund = toRefund > 0;
  // the paid payment holds the part to give back as pending until the provider takes it
  if (refund && !(await recordPartialRefund(tx, o.id, toRefund))) throw refuseStatus(o);
  const slot = p.slot ?? null;
  const [order] = await tx
    .update(orders)
    .set({
      itemsTotal: p.itemsTotal,
      discount: p.discount,
      deliveryCharge: p.deliveryCharge,
      total: p.total,
      ...(slot ? { slotId: slot.slotId, slotDate: slot.date, slotStart: slot.startTime, slotEnd: slot.endTime } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, o.id))
    .returning();
  const description = describe(changed, slot);
  const method = prepaid ? o.paymentMethod : 'cod';
  // a lower total taken (wholly or in part) off a balance still unpaid
  const offBalance = prepaid && owed > 0 && toRefund < owed ? balanceLoweredText(toRupees(owed - toRefund), toRupees(toRefund)) : null;
  const note = by.staff
    ? `Order changed by the shop: ${description}. ${offBalance ?? staffEditDifferenceText(toRupees(-owed), method)}`
    : `Order changed: ${description}. ${offBalance ?? editDifferenceText(toRupees(-owed), method)}`;
  await addEvent(tx, o, o.status, actor, note);
  const [adjustment] = await tx
    .insert(orderAdjustments)
    .values({
      websiteId: o.websiteId,
      orderId: o.id,
      kind: 'edit',
      key: body.key,
      description: `Order changed: ${description}`,
      // a staff edit may or may not be the customer's asking: the shopper reads "changed by the shop"
      reason: by.staff ? 'shop_edit' : 'customer_request',
      amount: refund ? toRefund : owed,
      refundStatus: refund ? 'pending' : 'none',
      refundKey: refund ? `rf-${randomUUID()}` : null,
      actor,
    })
    .returning();
  if (by.staff) {
    // the customer is told by the notifications consumer, from this event written with the change
    const changed: OrderChangedPayload = { note: adjustment!.description, total: p.total };
    await emitOrderEvent(tx, { websiteId: o.websiteId, orderId: o.id, topic: 'order.changed', payload: { ...changed } });
    await recordAudit(tx, by.staff, {
      entity: 'order',
      entityId: o.id,
      action: 'edit',
      before: { items_total: toRupees(o.itemsTotal), discount: toRupees(o.discount), total: toRupees(o.total) },
      after: { items_total: toRupees(p.itemsTotal), discount: toRupees(p.discount), total: toRupees(p.total), change: note },
    });
  }
  return { order: order!, adjustment: adjustment!, fresh: true };
}

/** Takes a place in the new slot and gives the old one back, the two booking rows in one order (slot, then date). */
async function moveSlot(tx: Tx, o: OrderRow, to: SlotOffer) {
  const steps = [
    { slotId: to.slotId, date: to.date, take: true },
    ...(o.slotId !== null && o.slotDate ? [{ slotId: o.slotId, date: o.slotDate, take: false }] : []),
  ].sort((a, b) => a.slotId - b.slotId || a.date.localeCompare(b.date));
  for (const step of steps) {
    if (!step.take) await releaseSlot(tx, o.websiteId, step.slotId, step.date);
    else if (!(await takeSlot(tx, o.websiteId, step.slotId, step.date))) throw orderErrors.slotFull();
  }
}

/** The order's lines as planned: a pack's units added to its first line, taken off its last lines first; a pack added as a new line. */
async function rewriteLines(tx: Tx, o: OrderRow, p: Plan, changed: Plan['packs']) {
  const states = changed.some((k) => k.was === 0) ? await warehouseStates(tx, o.websiteId) : new Map<number, string>();
  for (const k of changed) {
    const rows = p.lines.filter((l) => l.packId === k.packId);
    if (rows.length === 0) {
      await tx.insert(orderLines).values({
        websiteId: o.websiteId,
        orderId: o.id,
        packId: k.packId,
        ...k.details,
        price: k.price,
        quantity: k.quantity,
        amount: k.price * k.quantity,
        warehouseId: k.warehouseId,
        warehouseState: states.get(k.warehouseId) ?? null,
      });
      continue;
    }
    let off = k.was - k.quantity;
    if (off < 0) {
      const first = rows[0]!;
      const quantity = first.quantity - off;
      await tx
        .update(orderLines)
        .set({ quantity, amount: first.price * quantity })
        .where(eq(orderLines.id, first.id));
      continue;
    }
    for (const l of [...rows].reverse()) {
      if (off === 0) break;
      const take = Math.min(off, l.quantity);
      off -= take;
      if (take === l.quantity) await tx.delete(orderLines).where(eq(orderLines.id, l.id));
      else
        await tx
          .update(orderLines)
          .set({ quantity: l.quantity - take, amount: l.price * (l.quantity - take) })
          .where(eq(orderLines.id, l.id));
    }
  }
}

/** "2 × Curd 400 g added, Bread 400 g removed, delivery moved to Dec 1, 2026 · 7:00 AM – 10:00 AM" */
function describe(changed: Plan['packs'], slot: SlotOffer | null): string {
  const parts = changed.map((k) =>
    k.quantity === 0 ? `${k.label} removed` : k.was === 0 ? `${k.quantity} × ${k.label} added` : `${k.label} ${k.was} → ${k.quantity}`,
  );
  if (slot) parts.push(`delivery moved to ${slotLabel({ date: slot.date, start_time: slot.startTime, end_time: slot.endTime })}`);
  return parts.join(', ');
}

/**
 * Administration's edit of an order (issue 40 §12): the shopper's change with the shopper's rules
 * (until packed, stock through the ledger, checkout's pricing, a prepaid refund of a lower total),
 * made by staff on any order of their website, audited. The same key answers the change already
 * made; a shopper editing at the same moment queues on the order's row and sees the order as this
 * left it (a total other than the one they saw is refused).
 */
export async function staffEditOrder(
  db: Db,
  actor: AuditActor,
  id: string,
  body: OrderEditConfirmBody,
  now = new Date(),
): Promise<EditDone> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, id);
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, actor.websiteId), eq(orders.id, id)));
    if (!o) throw orderErrors.notFound();
    return applyEdit(tx, o, body, { actor: `user:${actor.actorId ?? 0}`, staff: actor }, now);
  });
}
