import { PAYMENT_PROVIDER_NAMES, packLabel } from '@grocer/shared/labels';
import type { OrderStatus, PaymentProvider, PlaceOrderBody } from '@grocer/shared/order';
import { toPaise, toRupees } from '@grocer/shared/money';
import { and, desc, eq, getTableColumns, sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { reusable, type Db, type DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowFromJson } from '../../db/rows';
import { AppError } from '../../http/errors';
import { findAddress } from '../addresses/service';
import { emptyCartStatements, loadPricedCart, lockUserCart, type CartContext, type PricedLine } from '../cart/service';
import { recordRedemption } from '../coupons/service';
import { slotZone, takeSlotStatement, type SlotOffer } from '../delivery/service';
import { takeStockStatements, warehouseStateOf } from '../inventory/service';
import { createPaymentStatement, initialPaymentStatus, paymentFromJson } from '../payments/records';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { byStockRow } from './lifecycle';
import type { KnownParts } from './queries';
import { orderEvents, orderLines, orders } from './tables';

const mine = (s: Shopper) => and(eq(orders.websiteId, s.websiteId), eq(orders.userId, s.userId));

/** The website's next order number, taken from its counter row (created at GR1001). */
const nextNumber = (websiteId: number | Placeholder, when: SQL = sql`true`) =>
  sql`insert into order_counters (website_id, next) select ${websiteId}, 1001 where ${when}
    on conflict (website_id) do update set next = order_counters.next + 1 returning next`;

/** The order number shown to people, from the counter's CTE: `GR` and the number (null when it took none). */
const shownNumber = (counter: WithSubquery) => sql`'GR' || (select next from ${counter})`;

/**
 * A new order's number until it gets its own (`numberOrder`, just before the commit): unique, as
 * its id is, and never shown (nothing outside the transaction sees the order before then).
 */
export const provisionalNumber = (id: string) => `new-${id}`;

/**
 * Gives a new order its number (the website's next, from its counter row) and answers the order. The counter row is shared by every order of the website, so it is taken
 * last: its lock is held only until the caller's commit, which comes right after.
 */
export async function numberOrder(tx: DbOrTx, websiteId: number, id: string): Promise<OrderRow> {
  // one statement (the counter's insert as a CTE): the counter row's lock is held one round trip less
  const counter = tx.$with('counter', { next: sql<number>`next` }).as(nextNumber(websiteId));
  const [row] = await tx
    .with(counter)
    .update(orders)
    .set({ ordernumber: shownNumber(counter) })
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
 * statement and the commit (orders/s in bench/orders.ts). Answers how far it got. Built once per
 * shape (slot or none, number of lines, numbered or not) and filled with the order's values.
 */
async function takeSharedRows(tx: DbOrTx, r: SharedRows): Promise<{ slotTaken: boolean; linesTaken: number; order: OrderRow }> {
  const values: Record<string, unknown> = {
    websiteId: r.websiteId,
    orderId: r.orderId,
    reference: `order:${r.orderId}`,
    actor: r.actor,
    slotId: r.slot?.slotId ?? null,
    slotDate: r.slot?.date ?? null,
    slotStart: r.slot?.startTime ?? null,
    slotEnd: r.slot?.endTime ?? null,
  };
  r.lines.forEach((l, i) => Object.assign(values, { [`pack${i}`]: l.packId, [`warehouse${i}`]: l.warehouseId, [`take${i}`]: -l.quantity }));
  const [row] = await byShape(
    sharedRowsStatements,
    `order_shared_rows_${r.slot ? 's' : 'n'}${r.lines.length}${r.number ? 'c' : ''}`,
    r.lines.length,
    (tx) => sharedRowsQuery(tx, !!r.slot, r.lines.length, r.number),
  )(tx, values);
  const { slotTaken, linesTaken, ...order } = row!;
  return { slotTaken, linesTaken, order };
}

// Carts of up to this many lines have their statements built once per shape (and named on
// PostgreSQL); a longer one, rare, is built for its checkout, so the shapes kept stay few.
const REUSED_UP_TO_LINES = 20;

/** The statement of `name` built once by `query` (a query with placeholders), or per call past REUSED_UP_TO_LINES. */
function byShape<R>(
  kept: Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<R>>,
  name: string,
  lineCount: number,
  query: (tx: DbOrTx) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } },
): (db: DbOrTx, values: Record<string, unknown>) => Promise<R> {
  if (lineCount > REUSED_UP_TO_LINES) return (tx, values) => query(tx).prepare('').execute(values);
  let statement = kept.get(name);
  if (!statement) kept.set(name, (statement = reusable(name, (tx, prepared) => query(tx).prepare(prepared))));
  return statement;
}

const sharedRowsStatements = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<SharedRowsAnswer[]>>();
type SharedRowsAnswer = OrderRow & { slotTaken: boolean; linesTaken: number };

function sharedRowsQuery(tx: DbOrTx, slotted: boolean, lineCount: number, numbered: boolean) {
  const p = sql.placeholder;
  const ctes: WithSubquery[] = [];
  let after: SQL = sql`true`;
  let slotTaken: SQL = sql`true`;
  if (slotted) {
    const slot = tx.$with('slot', { used: sql<number>`used` }).as(takeSlotStatement(p('websiteId'), p('slotId'), p('slotDate')));
    ctes.push(slot);
    after = slotTaken = sql`exists (select 1 from ${slot})`;
  }
  const taken: SQL[] = [];
  for (let i = 0; i < lineCount; i++) {
    const take = takeStockStatements(
      {
        websiteId: p('websiteId'),
        packId: p(`pack${i}`),
        warehouseId: p(`warehouse${i}`),
        quantity: p(`take${i}`),
        reason: 'order',
        reference: p('reference'),
        actor: p('actor'),
      },
      after,
    );
    const line = tx.$with(`stock${i}`, { available: sql<number>`available` }).as(take.update);
    const moved = tx.$with(`moved${i}`, { balance: sql<number>`balance` }).as(take.movement(line));
    ctes.push(line, moved);
    // the next line after this one's movement: the ledger's rows come in the order the rows were taken
    after = sql`exists (select 1 from ${moved})`;
    taken.push(sql`(select count(*) from ${line})`);
  }
  let ordernumber: SQL | undefined;
  if (numbered) {
    const counter = tx.$with('counter', { next: sql<number>`next` }).as(nextNumber(p('websiteId'), after));
    ctes.push(counter);
    ordernumber = sql`coalesce(${shownNumber(counter)}, ${orders.ordernumber})`;
  }
  return tx
    .with(...ctes)
    .update(orders)
    .set({
      slotId: sql`${p('slotId')}`,
      slotDate: sql`${p('slotDate')}`,
      slotStart: sql`${p('slotStart')}`,
      slotEnd: sql`${p('slotEnd')}`,
      ...(ordernumber && { ordernumber }),
    })
    .where(and(eq(orders.websiteId, p('websiteId')), eq(orders.id, p('orderId'))))
    .returning({
      ...getTableColumns(orders),
      slotTaken: sql<boolean>`${slotTaken}`.mapWith(Boolean),
      linesTaken: sql<number>`${taken.length ? sql.join(taken, sql` + `) : sql`0`}`.mapWith(Number),
    });
}

type OrderValues = Omit<typeof orders.$inferInsert, 'ordernumber'>;
type LineValues = Omit<typeof orderLines.$inferInsert, 'websiteId' | 'orderId' | 'warehouseState'>;
const ORDER_KEYS = [
  'id',
  'websiteId',
  'userId',
  'agentId',
  'status',
  'paymentMethod',
  'idempotencyKey',
  'address',
  'pincode',
  'zoneId',
  'itemsTotal',
  'discount',
  'couponId',
  'couponCode',
  'deliveryCharge',
  'total',
  'notes',
] as const satisfies ReadonlyArray<keyof OrderValues>;
const LINE_KEYS = [
  'packId',
  'productId',
  'slug',
  'image',
  'productName',
  'packName',
  'hsnCode',
  'gstRate',
  'price',
  'actPrice',
  'quantity',
  'amount',
  'warehouseId',
] as const satisfies ReadonlyArray<keyof LineValues>;
const placeholders = <K extends string>(keys: readonly K[], prefix = '') =>
  Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${prefix}${k}`)])) as Record<K, Placeholder>;

/**
 * Writes a new order (with its provisional number), its lines (each with its warehouse's state),
 * its first event and its payment, and empties the cart, in one statement (CTEs beside the order's
 * insert); answers what it wrote as the caller answers it. Built once per number of lines.
 */
async function writeOrder(
  tx: DbOrTx,
  o: Pick<OrderValues, (typeof ORDER_KEYS)[number]>,
  lines: Array<Pick<LineValues, (typeof LINE_KEYS)[number]>>,
  event: { actor: string; note: string | null },
  cartId: number,
): Promise<KnownParts> {
  const values: Record<string, unknown> = {
    ...o,
    ordernumber: provisionalNumber(o.id),
    cartId,
    eventActor: event.actor,
    eventNote: event.note,
    paymentStatus: initialPaymentStatus(o.paymentMethod as PaymentProvider),
  };
  lines.forEach((l, i) => LINE_KEYS.forEach((k) => (values[`line${i}_${k}`] = l[k] ?? null)));
  const [written] = await byShape(orderWriters, `order_write_${lines.length}`, lines.length, (tx) => orderWriteQuery(tx, lines.length))(
    tx,
    values,
  );
  return {
    lines: written!.lines.map((l) => rowFromJson(orderLines, l)),
    events: [rowFromJson(orderEvents, written!.event)],
    payment: paymentFromJson(written!.payment),
    fresh: true,
  };
}

const orderWriters = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<OrderWritten[]>>();
type OrderWritten = { lines: Record<string, unknown>[]; event: Record<string, unknown>; payment: Record<string, unknown> };

function orderWriteQuery(tx: DbOrTx, lineCount: number) {
  const p = sql.placeholder;
  const lines = tx.$with('lines', { id: sql<number>`id` }).as(
    tx
      .insert(orderLines)
      .values(
        Array.from({ length: lineCount }, (_, i) => ({
          ...placeholders(LINE_KEYS, `line${i}_`),
          websiteId: p('websiteId'),
          orderId: p('id'),
          warehouseState: warehouseStateOf(p('websiteId'), p(`line${i}_warehouseId`)),
        })),
      )
      .returning()
      .getSQL(),
  );
  const event = tx.$with('event', { id: sql<number>`id` }).as(
    tx
      .insert(orderEvents)
      .values({ websiteId: p('websiteId'), orderId: p('id'), status: p('status'), actor: p('eventActor'), note: p('eventNote') })
      .returning()
      .getSQL(),
  );
  const payment = tx.$with('payment', { id: sql<number>`id` }).as(
    createPaymentStatement(tx, {
      websiteId: p('websiteId'),
      orderId: p('id'),
      provider: p('paymentMethod'),
      amount: p('total'),
      status: p('paymentStatus'),
    }).getSQL(),
  );
  const [cartLinesGone, cartCleared] = emptyCartStatements(p('websiteId'), p('cartId'));
  const emptied = tx.$with('emptied', {}).as(cartLinesGone);
  const cleared = tx.$with('cleared', {}).as(cartCleared);
  return tx
    .with(lines, event, payment, emptied, cleared)
    .insert(orders)
    .values({ ...placeholders(ORDER_KEYS), ordernumber: p('ordernumber') })
    .returning({
      lines: sql<Record<string, unknown>[]>`(select json_agg(l order by l.id) from ${lines} l)`,
      event: sql<Record<string, unknown>>`(select row_to_json(e) from ${event} e)`,
      payment: sql<Record<string, unknown>>`(select row_to_json(p) from ${payment} p)`,
    });
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
      const known = await writeOrder(
        tx,
        {
          id,
          websiteId: s.websiteId,
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
        },
        priced.lines.map((l) => ({
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
        })),
        { actor: `user:${cartOwner.userId}`, note: body.payment_method === 'cod' ? PAYMENT_PROVIDER_NAMES.cod : null },
        priced.cartId,
      );

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
