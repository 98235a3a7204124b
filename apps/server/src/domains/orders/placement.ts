import { PAYMENT_PROVIDER_NAMES, packLabel } from '@grocer/shared/labels';
import type { OrderStatus, PlaceOrderBody } from '@grocer/shared/order';
import { toPaise, toRupees } from '@grocer/shared/money';
import { and, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { findAddress } from '../addresses/service';
import { clearCart, loadPricedCart, lockUserCart, type CartContext } from '../cart/service';
import { recordRedemption } from '../coupons/service';
import { slotZone, takeSlot, type SlotOffer } from '../delivery/service';
import { moveStock, warehouseStates } from '../inventory/service';
import { createPayment } from '../payments/records';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { addEvent, byStockRow } from './lifecycle';
import type { KnownParts } from './queries';
import { orderLines, orders } from './tables';

const mine = (s: Shopper) => and(eq(orders.websiteId, s.websiteId), eq(orders.userId, s.userId));

/** The website's next order number, taken from its counter row (created at GR1001). */
const nextNumber = (websiteId: number) =>
  sql`insert into order_counters (website_id, next) values (${websiteId}, 1001)
    on conflict (website_id) do update set next = order_counters.next + 1 returning next`;

/**
 * A new order's number until it gets its own (`numberOrder`, just before the commit): unique, as
 * its id is, and never shown (nothing outside the transaction sees the order before then).
 */
export const provisionalNumber = (id: string) => `new-${id}`;

/**
 * Gives a new order its number (the website's next, from its counter row) with any last fields,
 * and answers the order. The counter row is shared by every order of the website, so it is taken
 * last: its lock is held only until the caller's commit, which comes right after.
 */
export async function numberOrder(tx: DbOrTx, websiteId: number, id: string, last: Partial<OrderRow> = {}): Promise<OrderRow> {
  // one statement (the counter's insert as a CTE): the counter row's lock is held one round trip less
  const counter = tx.$with('counter', { next: sql<number>`next` }).as(nextNumber(websiteId));
  const [row] = await tx
    .with(counter)
    .update(orders)
    .set({ ...last, ordernumber: sql`'GR' || (select next from ${counter})` })
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, id)))
    .returning();
  return row!;
}

/**
 * The delivery slot of a new order, taken atomically from the offers read earlier in the same
 * transaction: the one the shopper chose (SLOT_FULL when it has just filled up), or, when they
 * left it to the shop, the earliest slot that still has a place (null when the zone has no slots).
 */
async function takeDeliverySlot(tx: DbOrTx, websiteId: number, offers: SlotOffer[], chosen: SlotOffer | null): Promise<SlotOffer | null> {
  if (chosen) {
    if (!(await takeSlot(tx, websiteId, chosen.slotId, chosen.date))) throw orderErrors.slotFull();
    return chosen;
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
export async function placeOrder(
  db: Db,
  cartOwner: Shopper,
  cartCtx: CartContext,
  body: PlaceOrderBody,
  /** a sales agent ordering for their customer: `cartOwner` is the agent, the order is the customer's */
  forCustomer?: { customerId: number },
): Promise<{ order: OrderRow; created: boolean; known?: KnownParts }> {
  // The agent's cart, the customer's address, order, coupon use and idempotency key.
  const s: Shopper = forCustomer ? { websiteId: cartOwner.websiteId, userId: forCustomer.customerId } : cartOwner;
  const agentId = forCustomer ? cartOwner.userId : null;
  // A retried key finds its order after the transaction: the cart it ordered is empty now (a
  // refusal), or another order already has the key (a unique violation). No read on the way in.
  try {
    return await db.transaction(async (tx) => {
      // One cart is one order: the shopper's cart row is locked first, so a second checkout of the
      // same cart (another tab, a retry with a new key) waits here, then finds it ordered.
      const cart = await lockUserCart(tx, s.websiteId, cartOwner.userId);
      const address = await findAddress(tx, s, body.address_id);
      if (!address) throw orderErrors.addressNotFound();
      const priced = await loadPricedCart(tx, { ...cartCtx, userId: cartOwner.userId, pincode: address.pincode }, cart);
      if (!priced.cartId || priced.lines.length === 0) {
        const [recent] = await tx
          .select()
          .from(orders)
          .where(
            and(
              agentId === null ? mine(s) : and(eq(orders.websiteId, s.websiteId), eq(orders.agentId, agentId)),
              sql`${orders.createdAt} > now() - interval '10 minutes'`,
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(1);
        throw recent ? orderErrors.cartOrdered(recent.ordernumber) : orderErrors.cartEmpty();
      }
      if (!priced.serviceable || !priced.zone) throw orderErrors.notDeliverable(address.pincode);
      const bad = priced.lines.filter((l) => !l.valid);
      if (bad.length)
        throw orderErrors.linesUnavailable(
          bad.map((l) => ({ packId: l.packId, label: packLabel(l.productName, l.packName), message: l.message ?? 'Not available' })),
        );
      if (body.payment_method === 'cod' && !priced.codAllowed) throw orderErrors.paymentUnavailable('cod');
      if (toPaise(body.expected_total) !== priced.amountPaise) throw orderErrors.priceChanged(toRupees(priced.amountPaise));

      // The order row first: the unique key is the last guard against a second order for one key.
      const id = randomUUID();
      if (body.slot) {
        if ((await slotZone(tx, s.websiteId, body.slot.slot_id)) !== priced.zone.id) throw orderErrors.slotInvalid();
      }
      const offers = priced.offers;
      const chosen = body.slot ? (offers.find((o) => o.slotId === body.slot!.slot_id && o.date === body.slot!.date) ?? null) : null;
      if (body.slot && !chosen) throw orderErrors.slotInvalid();
      const status: OrderStatus = body.payment_method === 'cod' ? 'placed' : 'pending_payment';
      await tx.insert(orders).values({
        id,
        websiteId: s.websiteId,
        ordernumber: provisionalNumber(id),
        userId: s.userId,
        agentId,
        status,
        paymentMethod: body.payment_method,
        idempotencyKey: body.idempotency_key,
        address: {
          name: address.name,
          phone: address.phone,
          pincode: address.pincode,
          line1: address.line1,
          line2: address.line2,
          landmark: address.landmark,
          city: address.city,
          state: address.state,
          type: address.type,
        },
        pincode: address.pincode,
        zoneId: priced.zone.id,
        itemsTotal: priced.itemsTotalPaise,
        discount: priced.discountPaise,
        couponId: priced.coupon?.id ?? null,
        couponCode: priced.coupon?.code ?? null,
        deliveryCharge: priced.finalDeliveryPaise,
        total: priced.amountPaise,
        notes: body.notes ?? priced.notes ?? null,
      });
      const whStates = await warehouseStates(tx, s.websiteId);
      const lines = await tx
        .insert(orderLines)
        .values(
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
        )
        .returning();
      const event = await addEvent(
        tx,
        { id, websiteId: s.websiteId },
        status,
        `user:${cartOwner.userId}`,
        body.payment_method === 'cod' ? PAYMENT_PROVIDER_NAMES.cod : null,
      );
      const payment = await createPayment(tx, {
        websiteId: s.websiteId,
        orderId: id,
        provider: body.payment_method,
        amount: priced.amountPaise,
      });
      await clearCart(tx, s.websiteId, priced.cartId);

      // Last, the rows other checkouts share, so their locks are held only until the commit that
      // follows: the slot's bookings, each line's stock row, the coupon's uses, the website's order
      // counter. Always in this order (stock rows in `byStockRow` order), as releaseOrder and the
      // counter's sales take them, so concurrent checkouts, cancellations and sales queue instead
      // of deadlocking. Each is a conditional update: a full slot, a sold-out line or a used-up
      // coupon rolls the whole order back.
      const slot = await takeDeliverySlot(tx, s.websiteId, offers, chosen);
      for (const l of [...priced.lines].sort(byStockRow)) {
        const taken = await moveStock(tx, {
          websiteId: s.websiteId,
          packId: l.packId,
          warehouseId: l.warehouseId,
          quantity: -l.quantity,
          reason: 'order',
          reference: `order:${id}`,
          actor: `user:${cartOwner.userId}`,
        });
        if (taken === null) throw orderErrors.outOfStock(packLabel(l.productName, l.packName));
      }
      if (priced.coupon) {
        const redeemed = await recordRedemption(tx, {
          websiteId: s.websiteId,
          couponId: priced.coupon.id,
          userId: s.userId,
          orderId: id,
          itemsTotalPaise: priced.itemsTotalPaise,
        });
        if (!redeemed.ok) throw orderErrors.couponUnavailable(redeemed.reason);
      }
      const order = await numberOrder(
        tx,
        s.websiteId,
        id,
        slot ? { slotId: slot.slotId, slotDate: slot.date, slotStart: slot.startTime, slotEnd: slot.endTime } : {},
      );
      // what the caller answers with, as written (lines in id order: inserted in one statement)
      return { order, created: true, known: { lines: lines.sort((a, b) => a.id - b.id), events: [event], payment, fresh: true } };
    });
  } catch (e) {
    if (!isUniqueViolation(e) && !(e instanceof AppError)) throw e;
    const [again] = await db
      .select()
      .from(orders)
      .where(and(mine(s), eq(orders.idempotencyKey, body.idempotency_key)))
      .limit(1);
    if (!again) throw e;
    return { order: again, created: false };
  }
}
