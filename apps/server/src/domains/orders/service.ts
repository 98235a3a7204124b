import { PAYMENT_PROVIDER_NAMES, packLabel } from '@grocer/shared/labels';
import { errorMessage } from '@grocer/shared/errors';
import { CANCELLABLE, ORDER_STATUSES, canMove, type OrderDetail, type OrderStatus, type OrderSummary, type PaymentProvider, type PlaceOrderBody } from '@grocer/shared/order';
import { toPaise, toRupees } from '@grocer/shared/money';
import { allocateDiscount, splitGst, sumSplits } from '@grocer/shared/tax';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { addresses, couponRedemptions, orderEvents, orderLines, orders, payments, stock, warehouses } from '../../db/schema';
import { fail } from '../../http/errors';
import { addToCart, clearCart, loadCart, loadPricedCart, type CartContext } from '../cart/service';
import { recordRedemption } from '../coupons/service';
import { nextSlots, releaseSlot, rowsOf, takeSlot, type SlotOffer } from '../delivery/service';

export type OrderRow = typeof orders.$inferSelect;
export interface Shopper {
  websiteId: number;
  userId: number;
}

export const orderErrors = {
  notFound: () => fail('ORDER_NOT_FOUND'),
  cartEmpty: () => fail('CART_EMPTY'),
  cartOrdered: (ordernumber: string) => fail('CART_ALREADY_ORDERED', { ordernumber }),
  couponUnavailable: (reason: string) => fail('COUPON_UNAVAILABLE', { reason }),
  addressNotFound: () => fail('ADDRESS_NOT_FOUND'),
  notDeliverable: (pincode: string) => fail('NOT_DELIVERABLE', { pincode }),
  linesUnavailable: (lines: Array<{ packId: number; label: string; message: string }>) =>
    fail('LINES_UNAVAILABLE', { item: lines[0]!.label, reason: lines[0]!.message }).withErrors(Object.fromEntries(lines.map((l) => [`items.${l.packId}`, [l.message]]))),
  paymentUnavailable: (method: string) => fail('PAYMENT_METHOD_UNAVAILABLE', { method }).withErrors({ payment_method: ['Not available for this order'] }),
  priceChanged: (amount: number) => fail('PRICE_CHANGED', { amount }),
  slotFull: () => fail('SLOT_FULL'),
  slotInvalid: () => fail('SLOT_INVALID').withErrors({ slot: [errorMessage('SLOT_INVALID')] }),
  outOfStock: (label: string) => fail('OUT_OF_STOCK', { item: label }),
  notCancellable: () => fail('NOT_CANCELLABLE'),
};

// ---------------------------------------------------------------------------------------------
// Reading

const mine = (s: Shopper) => and(eq(orders.websiteId, s.websiteId), eq(orders.userId, s.userId));

export async function findOrder(db: DbOrTx, s: Shopper, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(mine(s), eq(orders.id, id))).limit(1);
  if (!row) throw orderErrors.notFound();
  return row;
}

export async function findOrderByNumber(db: DbOrTx, s: Shopper, ordernumber: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(mine(s), eq(orders.ordernumber, ordernumber))).limit(1);
  if (!row) throw orderErrors.notFound();
  return row;
}

export async function listOrders(db: Db, s: Shopper, page: number, perPage: number): Promise<{ data: OrderSummary[]; total: number }> {
  const rows = await db
    // Qualified by hand: drizzle leaves single-table columns unqualified, and `id` would bind to l.id.
    .select({ o: orders, items: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = "orders"."id")` })
    .from(orders)
    .where(mine(s))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(orders).where(mine(s));
  return { data: rows.map(({ o, items }) => summary(o, items)), total: n };
}

const summary = (o: OrderRow, items: number): OrderSummary => ({ id: o.id, ordernumber: o.ordernumber, created_at: o.createdAt.toISOString(), status: o.status, total: toRupees(o.total), items });

/** The dashboard's figures (plugged into GET /s/api/account). */
export async function ordersSummary(db: Db, websiteId: number, userId: number) {
  const { data, total } = await listOrders(db, { websiteId, userId }, 1, 3);
  return { count: total, recent: data };
}

export async function orderDetail(db: DbOrTx, o: OrderRow): Promise<OrderDetail> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, o.id));
  // The coupon is on the invoice, so it lowers each line's taxable value: GST is on what was paid.
  const shares = allocateDiscount(lines.map((l) => l.amount), o.discount);
  const detailLines = lines.map((l, i) => {
    // Place of supply: the warehouse's state against the delivery state (CGST+SGST or IGST).
    const tax = splitGst(l.amount - shares[i]!, l.gstRate, (l.warehouseState ?? '') === o.address.state);
    return {
      pack_id: l.packId ?? 0,
      product_id: l.productId ?? 0,
      slug: l.slug,
      image: l.image,
      name: l.productName,
      pack: l.packName,
      hsn_code: l.hsnCode,
      gst_rate: l.gstRate / 100,
      price: toRupees(l.price),
      act_price: toRupees(l.actPrice),
      quantity: l.quantity,
      amount: toRupees(l.amount),
      discount: toRupees(shares[i]!),
      taxPaise: tax,
    };
  });
  const rupees = (t: ReturnType<typeof splitGst>) => ({ taxable: toRupees(t.taxable), cgst: toRupees(t.cgst), sgst: toRupees(t.sgst), igst: toRupees(t.igst), gst: toRupees(t.gst) });
  return {
    ...summary(o, lines.reduce((n, l) => n + l.quantity, 0)),
    payment_method: o.paymentMethod,
    items_total: toRupees(o.itemsTotal),
    discount: toRupees(o.discount),
    coupon: o.couponCode,
    delivery_charge: toRupees(o.deliveryCharge),
    notes: o.notes,
    address: o.address,
    slot: o.slotDate && o.slotStart && o.slotEnd ? { date: o.slotDate, start_time: o.slotStart, end_time: o.slotEnd } : null,
    lines: detailLines.map(({ taxPaise, ...l }) => ({ ...l, tax: rupees(taxPaise) })),
    tax: rupees(sumSplits(detailLines.map((l) => l.taxPaise))),
    timeline: events.map((e) => ({ status: e.status, at: e.createdAt.toISOString(), by: e.actor.startsWith('user:') ? (Number(e.actor.slice(5)) === o.userId ? 'you' : 'the shop') : e.actor === 'system' ? 'the shop' : e.actor, note: e.note })),
    payment: {
      provider: payment?.provider ?? o.paymentMethod,
      status: payment?.status ?? 'pending',
      amount: toRupees(payment?.amount ?? o.total),
      provider_order_id: payment?.providerOrderId ?? null,
      provider_payment_id: payment?.providerPaymentId ?? null,
    },
    cancellable: CANCELLABLE.includes(o.status),
  };
}

// ---------------------------------------------------------------------------------------------
// Placing

async function nextOrderNumber(tx: DbOrTx, websiteId: number): Promise<string> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`insert into order_counters (website_id, next) values (${websiteId}, 1001)
      on conflict (website_id) do update set next = order_counters.next + 1 returning next as n`),
  );
  return `GR${row!.n}`;
}

export async function addEvent(tx: DbOrTx, o: Pick<OrderRow, 'id' | 'websiteId'>, status: OrderStatus, actor: string, note: string | null = null) {
  await tx.insert(orderEvents).values({ websiteId: o.websiteId, orderId: o.id, status, actor, note });
}

/** The one order in which stock rows are locked (see placeOrder and releaseOrder). */
const byStockRow = (a: { packId: number | null; warehouseId: number | null }, b: { packId: number | null; warehouseId: number | null }) =>
  (a.packId ?? 0) - (b.packId ?? 0) || (a.warehouseId ?? 0) - (b.warehouseId ?? 0);

/**
 * The delivery slot of a new order, taken atomically: the one the shopper chose (SLOT_FULL when
 * it has just filled up), or, when they left it to the shop, the earliest slot that still has a
 * place (null when the zone has no slots at all).
 */
async function takeDeliverySlot(tx: DbOrTx, websiteId: number, zoneId: number, chosen: { slot_id: number; date: string } | null): Promise<SlotOffer | null> {
  const offers = await nextSlots(tx, websiteId, zoneId, new Date(), 7, true);
  if (chosen) {
    const offer = offers.find((o) => o.slotId === chosen.slot_id && o.date === chosen.date);
    if (!offer) throw orderErrors.slotInvalid();
    if (!(await takeSlot(tx, websiteId, offer.slotId, offer.date))) throw orderErrors.slotFull();
    return offer;
  }
  if (offers.length === 0) return null;
  for (const offer of offers) if (offer.remaining > 0 && (await takeSlot(tx, websiteId, offer.slotId, offer.date))) return offer;
  throw orderErrors.slotFull();
}

/**
 * Places an order in one transaction (DESIGN §3, §7): re-prices the cart from the server's data,
 * refuses what is invalid, takes the slot and each line's stock with conditional updates, writes
 * the order, its lines, timeline and payment, redeems the coupon and clears the cart. The same
 * idempotency key answers the same order, never a second one, even for concurrent calls.
 */
export async function placeOrder(db: Db, s: Shopper, cartCtx: CartContext, body: PlaceOrderBody): Promise<{ order: OrderRow; created: boolean }> {
  const existing = await db.select().from(orders).where(and(mine(s), eq(orders.idempotencyKey, body.idempotency_key))).limit(1);
  if (existing[0]) return { order: existing[0], created: false };
  try {
    return await db.transaction(async (tx) => {
      // One cart is one order: the shopper's cart row is locked first, so a second checkout of the
      // same cart (another tab, a retry with a new key) waits here, then finds it ordered.
      await tx.execute(sql`select id from carts where website_id = ${s.websiteId} and user_id = ${s.userId} for update`);
      const [same] = await tx.select().from(orders).where(and(mine(s), eq(orders.idempotencyKey, body.idempotency_key))).limit(1);
      if (same) return { order: same, created: false };
      const [address] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.websiteId, s.websiteId), eq(addresses.userId, s.userId), eq(addresses.id, body.address_id)));
      if (!address) throw orderErrors.addressNotFound();
      const priced = await loadPricedCart(tx, { ...cartCtx, userId: s.userId, pincode: address.pincode });
      if (!priced.cartId || priced.lines.length === 0) {
        const [recent] = await tx.select().from(orders).where(and(mine(s), sql`${orders.createdAt} > now() - interval '10 minutes'`)).orderBy(desc(orders.createdAt)).limit(1);
        throw recent ? orderErrors.cartOrdered(recent.ordernumber) : orderErrors.cartEmpty();
      }
      if (!priced.serviceable || !priced.zone) throw orderErrors.notDeliverable(address.pincode);
      const bad = priced.lines.filter((l) => !l.valid);
      if (bad.length) throw orderErrors.linesUnavailable(bad.map((l) => ({ packId: l.packId, label: packLabel(l.productName, l.packName), message: l.message ?? 'Not available' })));
      if (body.payment_method === 'cod' && !priced.codAllowed) throw orderErrors.paymentUnavailable('cod');
      if (toPaise(body.expected_total) !== priced.amountPaise) throw orderErrors.priceChanged(toRupees(priced.amountPaise));

      // The order row first: the unique key is the last guard against a second order for one key.
      const id = randomUUID();
      if (body.slot) {
        const [chosen] = rowsOf<{ zone_id: number }>(await tx.execute(sql`select zone_id from delivery_slots where id = ${body.slot.slot_id} and website_id = ${s.websiteId}`));
        if (!chosen || chosen.zone_id !== priced.zone.id) throw orderErrors.slotInvalid();
      }
      const status: OrderStatus = body.payment_method === 'cod' ? 'placed' : 'pending_payment';
      const [order] = await tx
        .insert(orders)
        .values({
          id,
          websiteId: s.websiteId,
          ordernumber: await nextOrderNumber(tx, s.websiteId),
          userId: s.userId,
          status,
          paymentMethod: body.payment_method,
          idempotencyKey: body.idempotency_key,
          address: { name: address.name, phone: address.phone, pincode: address.pincode, line1: address.line1, line2: address.line2, landmark: address.landmark, city: address.city, state: address.state, type: address.type },
          pincode: address.pincode,
          zoneId: priced.zone.id,
          itemsTotal: priced.itemsTotalPaise,
          discount: priced.discountPaise,
          couponId: priced.coupon?.id ?? null,
          couponCode: priced.coupon?.code ?? null,
          deliveryCharge: priced.finalDeliveryPaise,
          total: priced.amountPaise,
          notes: body.notes ?? priced.notes ?? null,
        })
        .returning();
      const slot = await takeDeliverySlot(tx, s.websiteId, priced.zone.id, body.slot ?? null);
      if (slot) await tx.update(orders).set({ slotId: slot.slotId, slotDate: slot.date, slotStart: slot.startTime, slotEnd: slot.endTime }).where(eq(orders.id, id));

      const whStates = new Map((await tx.select({ id: warehouses.id, state: warehouses.state }).from(warehouses).where(eq(warehouses.websiteId, s.websiteId))).map((w) => [w.id, w.state]));
      // Stock rows are always locked in one order (pack, warehouse), after the slot, here and in
      // releaseOrder, so concurrent checkouts and cancellations queue instead of deadlocking.
      for (const l of [...priced.lines].sort(byStockRow)) {
        const taken = await tx
          .update(stock)
          .set({ available: sql`${stock.available} - ${l.quantity}` })
          .where(and(eq(stock.websiteId, s.websiteId), eq(stock.packId, l.packId), eq(stock.warehouseId, l.warehouseId), sql`${stock.available} >= ${l.quantity}`))
          .returning({ available: stock.available });
        if (taken.length === 0) throw orderErrors.outOfStock(packLabel(l.productName, l.packName));
      }
      await tx.insert(orderLines).values(
        priced.lines.map((l) => ({
          websiteId: s.websiteId,
          orderId: id,
          packId: l.packId,
          productId: l.productId,
          slug: l.slug,
          image: l.image,
          productName: l.productName,
          packName: l.packName,
          hsnCode: l.hsnCode,
          gstRate: l.gstRate,
          price: l.pricePaise,
          actPrice: l.actPricePaise,
          quantity: l.quantity,
          amount: l.amountPaise,
          warehouseId: l.warehouseId,
          warehouseState: whStates.get(l.warehouseId) ?? null,
        })),
      );
      await addEvent(tx, order!, status, `user:${s.userId}`, body.payment_method === 'cod' ? PAYMENT_PROVIDER_NAMES.cod : null);
      await tx.insert(payments).values({ websiteId: s.websiteId, orderId: id, provider: body.payment_method, status: body.payment_method === 'cod' ? 'cod' : 'pending', amount: priced.amountPaise });
      if (priced.coupon) {
        const redeemed = await recordRedemption(tx, { websiteId: s.websiteId, couponId: priced.coupon.id, userId: s.userId, orderId: id, itemsTotalPaise: priced.itemsTotalPaise });
        if (!redeemed.ok) throw orderErrors.couponUnavailable(redeemed.reason);
      }
      await clearCart(tx, s.websiteId, priced.cartId);
      return { order: order!, created: true };
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const [again] = await db.select().from(orders).where(and(mine(s), eq(orders.idempotencyKey, body.idempotency_key))).limit(1);
    if (!again) throw e;
    return { order: again, created: false };
  }
}

// ---------------------------------------------------------------------------------------------
// Undoing: cancel, abandoned payment

/**
 * Returns an order's stock and slot place, and its coupon use, inside the caller's transaction.
 * Called exactly once per order: by whichever guarded status change wins.
 */
export async function releaseOrder(tx: DbOrTx, o: OrderRow) {
  if (o.slotId !== null && o.slotDate) await releaseSlot(tx, o.websiteId, o.slotId, o.slotDate);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, o.id));
  for (const l of lines.sort(byStockRow)) {
    if (l.packId === null || l.warehouseId === null) continue;
    await tx
      .update(stock)
      .set({ available: sql`${stock.available} + ${l.quantity}` })
      .where(and(eq(stock.websiteId, o.websiteId), eq(stock.packId, l.packId), eq(stock.warehouseId, l.warehouseId)));
  }
  if (o.couponId !== null) await tx.delete(couponRedemptions).where(and(eq(couponRedemptions.couponId, o.couponId), eq(couponRedemptions.orderId, o.id)));
}

/**
 * The one way an order changes state: to `to` from any status the transition table allows
 * (`ORDER_TRANSITIONS`), with a guarded update, so of two racing changes exactly one wins, and a
 * history row saying who and why. Null when the order's status did not allow the move.
 */
export async function moveOrder(tx: DbOrTx, orderId: string, to: OrderStatus, by: { actor: string; note?: string | null }): Promise<OrderRow | null> {
  const from = ORDER_STATUSES.filter((s) => canMove(s, to));
  const [row] = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  if (row) await addEvent(tx, row, to, by.actor, by.note ?? null);
  return row ?? null;
}

/** The shopper cancels: stock and slot return; a paid prepaid order gets its refund started. */
export async function cancelOrder(db: Db, s: Shopper, id: string): Promise<{ order: OrderRow; refund: { provider: PaymentProvider; paymentId: string | null; amount: number } | null }> {
  await findOrder(db, s, id);
  return db.transaction(async (tx) => {
    const moved = await moveOrder(tx, id, 'cancelled', { actor: `user:${s.userId}`, note: 'Cancelled by the shopper' });
    if (!moved) throw orderErrors.notCancellable();
    await releaseOrder(tx, moved);
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, id));
    if (payment?.status === 'paid') {
      await tx.update(payments).set({ status: 'refund_pending', updatedAt: new Date() }).where(eq(payments.id, payment.id));
      return { order: moved, refund: { provider: payment.provider, paymentId: payment.providerPaymentId, amount: payment.amount } };
    }
    if (payment?.status === 'pending') await tx.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.id, payment.id));
    return { order: moved, refund: null };
  });
}

/** Reorder: each line's pack back into the cart, as far as stock and delivery allow. */
export async function reorder(db: Db, s: Shopper, ctx: CartContext, id: string) {
  const o = await findOrder(db, s, id);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id));
  const added: Array<{ pack_id: number; name: string }> = [];
  const skipped: Array<{ pack_id: number; name: string; reason: string }> = [];
  for (const l of lines) {
    const name = packLabel(l.productName, l.packName);
    if (l.packId === null) {
      skipped.push({ pack_id: 0, name, reason: 'No longer sold' });
      continue;
    }
    let n = 0;
    try {
      for (; n < l.quantity; n++) await addToCart(db, ctx, { packId: l.packId, warehouseId: l.warehouseId });
    } catch (e) {
      if (n === 0) skipped.push({ pack_id: l.packId, name, reason: e instanceof Error ? e.message : 'Not available' });
    }
    if (n > 0) added.push({ pack_id: l.packId, name });
  }
  return { added, skipped, cart: (await loadCart(db, ctx)).cart };
}
