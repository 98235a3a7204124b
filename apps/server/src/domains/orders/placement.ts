import { PAYMENT_PROVIDER_NAMES, packLabel } from '@grocer/shared/labels';
import type { OrderStatus, PlaceOrderBody } from '@grocer/shared/order';
import { toPaise, toRupees } from '@grocer/shared/money';
import { and, desc, eq, getTableColumns, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowFromJson } from '../../db/rows';
import { AppError } from '../../http/errors';
import { findAddress } from '../addresses/service';
import { emptyCartStatements, loadPricedCart, lockUserCart, type CartContext, type PricedLine } from '../cart/service';
import { recordRedemption } from '../coupons/service';
import { slotZone, takeSlotStatement, type SlotOffer } from '../delivery/service';
import { takeStockStatements, warehouseStateOf } from '../inventory/service';
import { createPaymentStatement, paymentFromJson } from '../payments/records';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { byStockRow } from './lifecycle';
import type { KnownParts } from './queries';
import { orderEvents, orderLines, orders } from './tables';

const mine = (s: Shopper) => and(eq(orders.websiteId, s.websiteId), eq(orders.userId, s.userId));

/** The website's next order number, taken from its counter row (created at GR1001). */
const nextNumber = (websiteId: number, when: SQL = sql`true`) =>
  sql`insert into order_counters (website_id, next) select ${websiteId}, 1001 where ${when}
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

interface SharedRows {
  websiteId: number;
  orderId: string;
  actor: string;
  /** the slot to take a place in (null: the zone has no slots) */
  slot: SlotOffer | null;
  lines: PricedLine[];
  /** number the order too (the website's counter row): when no coupon is to be redeemed in between */
  number: boolean;
}

/**
 * Takes the rows a new order shares with other checkouts, in one statement: a place in its slot,
 * each line's stock (in `byStockRow` order, with its ledger movement) and, with `number`, the
 * website's next order number, and writes the slot (and number) on the order. Each is a CTE that
 * takes its row only when the one before took its own (`exists`), so they are locked in this order,
 * as releaseOrder and the counter's sales take them, and nothing after a full slot or a sold-out
 * line is locked at all. One round trip instead of one per row: the rows stay locked only for this
 * statement and the commit (orders/s in bench/orders.ts). Answers how far it got.
 */
async function takeSharedRows(tx: DbOrTx, r: SharedRows): Promise<{ slotTaken: boolean; linesTaken: number; order: OrderRow }> {
  const ctes: WithSubquery[] = [];
  let after: SQL = sql`true`;
  let slotTaken: SQL = sql`true`;
  if (r.slot) {
    const slot = tx.$with('slot', { used: sql<number>`used` }).as(takeSlotStatement(r.websiteId, r.slot.slotId, r.slot.date));
    ctes.push(slot);
    after = slotTaken = sql`exists (select 1 from ${slot})`;
  }
  const taken: SQL[] = [];
  r.lines.forEach((l, i) => {
    const take = takeStockStatements(
      {
        websiteId: r.websiteId,
        packId: l.packId,
        warehouseId: l.warehouseId!,
        quantity: -l.quantity,
        reason: 'order',
        reference: `order:${r.orderId}`,
        actor: r.actor,
      },
      after,
    );
    const line = tx.$with(`stock${i}`, { available: sql<number>`available` }).as(take.update);
    const moved = tx.$with(`moved${i}`, { balance: sql<number>`balance` }).as(take.movement(line));
    ctes.push(line, moved);
    // the next line after this one's movement: the ledger's rows come in the order the rows were taken
    after = sql`exists (select 1 from ${moved})`;
    taken.push(sql`(select count(*) from ${line})`);
  });
  let ordernumber: SQL | undefined;
  if (r.number) {
    const counter = tx.$with('counter', { next: sql<number>`next` }).as(nextNumber(r.websiteId, after));
    ctes.push(counter);
    ordernumber = sql`coalesce('GR' || (select next from ${counter}), ${orders.ordernumber})`;
  }
  const [row] = await tx
    .with(...ctes)
    .update(orders)
    .set({
      slotId: r.slot?.slotId ?? null,
      slotDate: r.slot?.date ?? null,
      slotStart: r.slot?.startTime ?? null,
      slotEnd: r.slot?.endTime ?? null,
      ...(ordernumber && { ordernumber }),
    })
    .where(and(eq(orders.websiteId, r.websiteId), eq(orders.id, r.orderId)))
    .returning({
      ...getTableColumns(orders),
      slotTaken: sql<boolean>`${slotTaken}`.mapWith(Boolean),
      linesTaken: sql<number>`${sql.join(taken, sql` + `)}`.mapWith(Number),
    });
  const { slotTaken: slotOk, linesTaken, ...order } = row!;
  return { slotTaken: slotOk, linesTaken, order };
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
      // The order with its lines, history and payment, and the cart emptied: one statement.
      const lines = tx.$with('lines', { id: sql<number>`id` }).as(
        tx
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
              warehouseState: warehouseStateOf(s.websiteId, l.warehouseId),
            })),
          )
          .returning()
          .getSQL(),
      );
      const event = tx.$with('event', { id: sql<number>`id` }).as(
        tx
          .insert(orderEvents)
          .values({
            websiteId: s.websiteId,
            orderId: id,
            status,
            actor: `user:${cartOwner.userId}`,
            note: body.payment_method === 'cod' ? PAYMENT_PROVIDER_NAMES.cod : null,
          })
          .returning()
          .getSQL(),
      );
      const payment = tx.$with('payment', { id: sql<number>`id` }).as(
        createPaymentStatement(tx, {
          websiteId: s.websiteId,
          orderId: id,
          provider: body.payment_method,
          amount: priced.amountPaise,
        }).getSQL(),
      );
      const [cartLinesGone, cartCleared] = emptyCartStatements(s.websiteId, priced.cartId);
      const emptied = tx.$with('emptied', {}).as(cartLinesGone);
      const cleared = tx.$with('cleared', {}).as(cartCleared);
      const [written] = await tx
        .with(lines, event, payment, emptied, cleared)
        .insert(orders)
        .values({
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
        })
        .returning({
          lines: sql<Record<string, unknown>[]>`(select json_agg(l order by l.id) from ${lines} l)`,
          event: sql<Record<string, unknown>>`(select row_to_json(e) from ${event} e)`,
          payment: sql<Record<string, unknown>>`(select row_to_json(p) from ${payment} p)`,
        });
      const known: KnownParts = {
        lines: written!.lines.map((l) => rowFromJson(orderLines, l)),
        events: [rowFromJson(orderEvents, written!.event)],
        payment: paymentFromJson(written!.payment),
        fresh: true,
      };

      // Last, the rows other checkouts share, so their locks are held only until the commit that
      // follows: the slot's bookings, each line's stock row, the coupon's uses, the website's order
      // counter. Always in this order (stock rows in `byStockRow` order), as releaseOrder and the
      // counter's sales take them, so concurrent checkouts, cancellations and sales queue instead
      // of deadlocking. Each is a conditional update: a full slot, a sold-out line or a used-up
      // coupon rolls the whole order back. All but the coupon are taken in one statement
      // (takeSharedRows); with a coupon, the number is taken after it.
      const shared = {
        websiteId: s.websiteId,
        orderId: id,
        actor: `user:${cartOwner.userId}`,
        lines: [...priced.lines].sort(byStockRow),
        number: !priced.coupon,
      };
      // the slot chosen, or the earliest that still has a place (none when the zone has no slots)
      const candidates = chosen ? [chosen] : offers.length ? offers.filter((o) => o.remaining > 0) : [null];
      let took: Awaited<ReturnType<typeof takeSharedRows>> | undefined;
      for (const slot of candidates) {
        took = await takeSharedRows(tx, { ...shared, slot });
        if (took.slotTaken) break;
      }
      if (!took?.slotTaken) throw orderErrors.slotFull();
      const short = shared.lines[took.linesTaken];
      if (short) throw orderErrors.outOfStock(packLabel(short.productName, short.packName));
      let order = took.order;
      if (priced.coupon) {
        const redeemed = await recordRedemption(tx, {
          websiteId: s.websiteId,
          couponId: priced.coupon.id,
          userId: s.userId,
          orderId: id,
          itemsTotalPaise: priced.itemsTotalPaise,
        });
        if (!redeemed.ok) throw orderErrors.couponUnavailable(redeemed.reason);
        order = await numberOrder(tx, s.websiteId, id);
      }
      // what the caller answers with, as written
      return { order, created: true, known };
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
