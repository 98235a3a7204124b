import { PAYMENT_PROVIDER_NAMES, packLabel } from '@grocer/shared/labels';
import { DEFAULT_SUBSTITUTION, type OrderStatus, type PaymentProvider, type PlaceOrderBody } from '@grocer/shared/order';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { and, desc, eq, sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { onOneConnection, reusable, type Db, type DbOrTx, type Tx } from '../../db/client';
import { databaseError, isUniqueViolation } from '../../db/errors';
import { rowFromJson } from '../../db/rows';
import { AppError, fail } from '../../http/errors';
import { findAddress } from '../addresses';
import { claimCartStatements, loadPricedCart, userCartVersion, type CartContext, type PricedCart } from '../cart';
import { recordRedemption } from '../coupons';
import { slotZone, takeSlotStatement, type SlotOffer } from '../delivery';
import { takeStockStatements, warehouseStateOf } from '../inventory';
import { createPaymentStatement, initialPaymentStatus, paymentFromJson } from '../payments';
import { orderEventStatement } from '../outbox';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { byStockRow } from './lifecycle';
import type { KnownParts } from './queries';
import { orderEvents, orderLines, orders } from './tables';
import { accountLanguageSql } from '../identity';
import type { Language } from '@grocer/shared/languages';

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
  'promotionDiscount',
  'promotion',
  'couponId',
  'couponCode',
  'deliveryCharge',
  'total',
  'notes',
  'deliveryInstructions',
  'tip',
  'walletPaid',
  'substitution',
  'language',
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
  'soldByWeight',
  'amount',
  'promotionDiscount',
  'promotion',
  'warehouseId',
] as const satisfies ReadonlyArray<keyof LineValues>;
const placeholders = <K extends string>(keys: readonly K[], prefix = '') =>
  Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${prefix}${k}`)])) as Record<K, Placeholder>;

/** A checked cart, ready to be ordered by `writeOrder`. */
interface NewOrder {
  order: Pick<OrderValues, (typeof ORDER_KEYS)[number]>;
  /** in the cart's order (their stock rows are taken in `byStockRow` order) */
  lines: Array<Pick<LineValues, (typeof LINE_KEYS)[number]> & { packId: number; warehouseId: number; quantity: number }>;
  event: { actor: string; note: string | null };
  cart: { id: number; version: string };
  /** the slot to take a place in (null: the zone has no slots) */
  slot: SlotOffer | null;
  /** number the order too (the website's counter row): when no coupon is to be redeemed after */
  number: boolean;
}

/** Why `writeOrder` wrote nothing: the cart changed since it was read, the slot filled, or `line` sold out. */
type Shortfall = { missing: 'cart' } | { missing: 'slot' } | { missing: 'stock'; line: NewOrder['lines'][number] };

/** A shortfall in a transaction: thrown to roll it back, answered once it is. */
class Refused {
  constructor(readonly shortfall: Shortfall) {}
}

/** The lines in the order their stock rows are taken (`byStockRow`). */
const takeOrder = (lines: NewOrder['lines']) => [...lines].sort(byStockRow);

/**
 * Writes a new order in one statement (on its own, it commits as it ends; in the caller's
 * transaction with a coupon). One after the other, each only when the one before was taken
 * (`exists`), it takes the rows the order shares: the cart (as it was read, `claimCartStatements`),
 * a place in the slot, each line's stock with its ledger movement (in `byStockRow` order) and, with
 * `number`, the website's next order number; so they are locked in this order, as cancellations
 * and counter sales take them (slot, stock, counter), and nothing after a changed cart, a full
 * slot or a sold-out line is locked at all. Beside them it writes the order, its lines (each with
 * its warehouse's state), its first event and its payment, and empties the cart. When anything
 * was not taken, `checkout_refused` (migration 0026) fails the statement with what was missing,
 * which undoes all of it.
 *
 * One statement, committed with no round trip of ours: the shared rows stay locked only while
 * PostgreSQL runs it and flushes its commit, however busy this process is (orders/s in
 * bench/orders.ts). Built once per shape (slot or none, number of lines, numbered or not) and
 * filled with the order's values; answers what it wrote, as the caller answers it.
 */
async function writeOrder(db: DbOrTx, o: NewOrder): Promise<{ order: OrderRow; known: KnownParts } | Shortfall> {
  const values: Record<string, unknown> = {
    ...o.order,
    ordernumber: provisionalNumber(o.order.id),
    reference: `order:${o.order.id}`,
    cartId: o.cart.id,
    cartVersion: o.cart.version,
    eventActor: o.event.actor,
    eventNote: o.event.note,
    paymentStatus: initialPaymentStatus(o.order.paymentMethod as PaymentProvider),
    // what the payment row is for: the total, less a split's wallet part
    paymentAmount: o.order.total - (o.order.walletPaid ?? 0),
    placedEvent: o.order.status === 'placed' ? 'order.placed' : null,
    slotId: o.slot?.slotId ?? null,
    slotDate: o.slot?.date ?? null,
    slotStart: o.slot?.startTime ?? null,
    slotEnd: o.slot?.endTime ?? null,
  };
  o.lines.forEach((l, i) => LINE_KEYS.forEach((k) => (values[`line${i}_${k}`] = l[k] ?? null)));
  takeOrder(o.lines).forEach((l, i) =>
    Object.assign(values, { [`pack${i}`]: l.packId, [`warehouse${i}`]: l.warehouseId, [`take${i}`]: -l.quantity }),
  );
  const name = `order_write_${o.slot ? 's' : 'n'}${o.lines.length}${o.number ? 'c' : ''}`;
  let written: OrderWritten | undefined;
  try {
    [written] = await byShape(orderWriters, name, o.lines.length, (tx) => orderWriteQuery(tx, !!o.slot, o.lines.length, o.number))(
      db,
      values,
    );
  } catch (e) {
    const refused = databaseError(e, 'GR409')?.detail;
    if (refused === 'cart' || refused === 'slot') return { missing: refused };
    if (refused?.startsWith('stock ')) return { missing: 'stock', line: takeOrder(o.lines)[Number(refused.slice('stock '.length))]! };
    throw e;
  }
  return {
    order: rowFromJson(orders, written!.order),
    known: {
      lines: written!.lines.map((l) => rowFromJson(orderLines, l)),
      events: [rowFromJson(orderEvents, written!.event)],
      payment: paymentFromJson(written!.payment),
      fresh: true,
    },
  };
}

const orderWriters = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<OrderWritten[]>>();
type OrderWritten = {
  order: Record<string, unknown>;
  lines: Record<string, unknown>[];
  event: Record<string, unknown>;
  payment: Record<string, unknown>;
};

function orderWriteQuery(tx: DbOrTx, slotted: boolean, lineCount: number, numbered: boolean) {
  const p = sql.placeholder;
  // the shared rows, each taken only when the one before was
  const { claim, empty } = claimCartStatements(p('websiteId'), p('cartId'), p('cartVersion'));
  const cart = tx.$with('cart', { id: sql<number>`id` }).as(claim);
  const emptied = tx.$with('emptied', {}).as(empty(cart));
  const ctes: WithSubquery[] = [cart, emptied];
  let after: SQL = sql`exists (select 1 from ${cart})`;
  const refusals: SQL[] = [sql`when not ${after} then checkout_refused('cart')`];
  // the order's lines, first event and payment, written before any shared row is taken: the
  // shared rows stay locked as briefly as can be (the foreign keys to the order are checked as the
  // statement ends, when the order is written)
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
      amount: p('paymentAmount'),
      status: p('paymentStatus'),
    }).getSQL(),
  );
  // `order.placed` on the order event stream when it is placed at once (cash on delivery; a prepaid
  // order's is written when it is paid): in this statement, so a refused checkout leaves none
  const stream = tx
    .$with('stream', { id: sql<number>`id` })
    .as(orderEventStatement({ websiteId: p('websiteId'), orderId: p('id'), topic: p('placedEvent') }));
  ctes.push(lines, event, payment, stream);
  after = sql`${after} and exists (select 1 from ${lines}) and exists (select 1 from ${event}) and exists (select 1 from ${payment})`;
  if (slotted) {
    const slot = tx.$with('slot', { used: sql<number>`used` }).as(takeSlotStatement(p('websiteId'), p('slotId'), p('slotDate'), after));
    ctes.push(slot);
    after = sql`exists (select 1 from ${slot})`;
    refusals.push(sql`when not ${after} then checkout_refused('slot')`);
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
        actor: p('eventActor'),
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
  if (lineCount) {
    const linesTaken = sql.join(taken, sql` + `);
    refusals.push(sql`when ${linesTaken} < ${sql.raw(String(lineCount))} then checkout_refused('stock ' || (${linesTaken}))`);
  }
  let ordernumber: SQL | Placeholder = p('ordernumber');
  if (numbered) {
    const counter = tx.$with('counter', { next: sql<number>`next` }).as(nextNumber(p('websiteId'), after));
    ctes.push(counter);
    // the provisional number only when nothing was taken: the statement is refused then
    ordernumber = sql`coalesce(${shownNumber(counter)}, ${p('ordernumber')})`;
  }
  // the order, numbered by the counter's CTE (its lines, event and payment are in already)
  const order = tx.$with('placed', { id: sql<string>`id` }).as(
    tx
      .insert(orders)
      .values({
        ...placeholders(ORDER_KEYS),
        // the checkout's language, else (an agent's or a staff draft's order) the customer's account language
        language: sql`coalesce(${p('language')}::text, ${accountLanguageSql(p('userId'))})`,
        ordernumber,
        slotId: p('slotId'),
        slotDate: p('slotDate'),
        slotStart: p('slotStart'),
        slotEnd: p('slotEnd'),
      })
      .returning()
      .getSQL(),
  );
  return tx
    .with(...ctes, order)
    .select({
      // fails the statement, naming the first thing not taken (checkout_refused); null when all were
      refused: sql<null>`case ${sql.join(refusals, sql` `)} end`,
      order: sql<Record<string, unknown>>`(select row_to_json(o) from ${order} o)`,
      lines: sql<Record<string, unknown>[]>`(select json_agg(l order by l.id) from ${lines} l)`,
      event: sql<Record<string, unknown>>`(select row_to_json(e) from ${event} e)`,
      payment: sql<Record<string, unknown>>`(select row_to_json(p) from ${payment} p)`,
    })
    .from(sql`(values (1)) as one (x)`);
}

/**
 * The customer's wallet at checkout (issue 44), the wallet module's, handed over by app.ts: the
 * orders module does not import the wallet.
 */
export interface WalletPayer {
  /** the customer's open wallet's balance in paise (0: none, or closed), read without a lock */
  balance(db: DbOrTx, websiteId: number, userId: number): Promise<number>;
  /**
   * debits the order's wallet part in the transaction that writes it, once per order; refuses
   * (409) a balance short of it, which rolls the order back
   */
  pay(tx: Tx, d: { websiteId: number; userId: number; orderId: string; amountPaise: number; createdBy: string }): Promise<unknown>;
}

/** How often a checkout reads the cart again when it changed between its read and its order. */
const CART_READS = 5;

/**
 * Places an order (DESIGN §3, §7): re-prices the cart from the server's data, refuses what is
 * invalid, then writes the order in one statement (`writeOrder`) that takes the cart as it was
 * read, the slot and each line's stock with conditional updates, numbers the order, writes its
 * lines, timeline and payment and clears the cart; with a coupon, in a transaction with the
 * coupon's redemption and then the number. The same idempotency key answers the same order, never
 * a second one, even for concurrent calls.
 */
export async function placeOrder(
  db: Db,
  cartOwner: Shopper,
  cartCtx: CartContext,
  body: PlaceOrderBody,
  /** a sales agent ordering for their customer: `cartOwner` is the agent, the order is the customer's */
  forCustomer?: {
    customerId: number;
    /** a staff draft order (drafts.ts): `cartCtx` is the draft's own cart, and the order is no agent's sale */
    draftCart?: boolean;
  },
  /** the shopper's own checkout: `use_wallet` pays from their wallet through this (issue 44) */
  pay?: {
    wallet?: WalletPayer;
    /** the language the shopper checks out in (issue 46 §5: the order's messages speak it) */
    language?: Language;
  },
): Promise<{ order: OrderRow; created: boolean; known?: KnownParts }> {
  // The agent's cart, the customer's address, order, coupon use and idempotency key.
  const s: Shopper = forCustomer ? { websiteId: cartOwner.websiteId, userId: forCustomer.customerId } : cartOwner;
  const agentId = forCustomer && !forCustomer.draftCart ? cartOwner.userId : null;
  const ownCart = forCustomer?.draftCart ?? false;
  // A retried key finds its order afterwards: the cart it ordered is empty now (a refusal), or
  // another order already has the key (a unique violation). No read on the way in.
  try {
    for (let read = 1; ; read++) {
      // One cart is one order: the order is written only if the cart is still as read here. When
      // it changed meanwhile (another tab ordered it or added to it), it is read and checked again.
      const placed = await onOneConnection(db, (one) =>
        orderCart(one, { s, agentId, cartOwner, cartCtx, body, ownCart, wallet: pay?.wallet ?? null, language: pay?.language ?? null }),
      );
      if (placed !== 'cart changed') return placed;
      if (read === CART_READS) throw orderErrors.cartChanged();
    }
  } catch (e) {
    if (!isUniqueViolation(e) && !(e instanceof AppError)) throw e;
    const [again] = await orderOfKey(db, { websiteId: s.websiteId, userId: s.userId, key: body.idempotency_key });
    if (!again) throw e;
    return { order: again, created: false };
  }
}

// the shopper's order of an idempotency key (a refused or conflicting checkout asks)
const orderOfKey = reusable('order_of_idempotency_key', (db, name) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, sql.placeholder('websiteId')),
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .limit(1)
    .prepare(name),
);

type Placed = { order: OrderRow; created: true; known: KnownParts };
/** A checkout: whose order (`s`), whose cart (`cartOwner`: the agent's, with `agentId`) and what was asked. */
interface Checkout {
  s: Shopper;
  agentId: number | null;
  cartOwner: Shopper;
  cartCtx: CartContext;
  body: PlaceOrderBody;
  /** the cart is `cartCtx`'s as given (a draft's), not the cart owner's */
  ownCart: boolean;
  /** pays from the customer's wallet (the shopper's own checkout only) */
  wallet: WalletPayer | null;
  /** the shopper's language at checkout (null: the customer's account language) */
  language: Language | null;
}

/** Reads, prices and checks the cart, then orders it (`writeOrder`), unless it changed since it was read. */
async function orderCart(db: Db, c: Checkout): Promise<Placed | 'cart changed'> {
  const { s, cartOwner, cartCtx, body } = c;
  const address = await findAddress(db, s, body.address_id);
  if (!address) throw orderErrors.addressNotFound();
  const ctx = c.ownCart ? { ...cartCtx, pincode: address.pincode } : { ...cartCtx, userId: cartOwner.userId, pincode: address.pincode };
  const priced = await loadPricedCart(db, ctx);
  const versionNow = async () => (c.ownCart ? (await loadPricedCart(db, ctx)).version : userCartVersion(db, s.websiteId, cartOwner.userId));
  try {
    return await orderAsPriced(db, address, priced, c);
  } catch (e) {
    // The reads hold no lock: another tab's order committing between them (its lines read before,
    // its coupon's use after) reads as a refusal that is not this cart's. Answered only when the
    // cart is still as read; otherwise it is read again.
    if (e instanceof AppError && priced.version !== null && (await versionNow()) !== priced.version) return 'cart changed';
    throw e;
  }
}

async function orderAsPriced(
  db: Db,
  address: NonNullable<Awaited<ReturnType<typeof findAddress>>>,
  priced: PricedCart,
  { s, agentId, cartOwner, body, wallet, language }: Checkout,
): Promise<Placed | 'cart changed'> {
  if (priced.cartId === null || priced.version === null || priced.lines.length === 0) {
    const [recent] = await db
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
  if (toPaise(body.expected_total) !== priced.amountPaise) throw orderErrors.priceChanged(toRupees(priced.amountPaise));
  const tip = toPaise(body.tip ?? 0);
  const total = priced.amountPaise + tip;
  // From the wallet (issue 44): wholly when its balance covers the total (placed at once), else all
  // it has with the rest by a gateway (the order then waits for that payment). The balance is read
  // here without a lock; the debit in the order's transaction is guarded, so one that fell
  // meanwhile refuses the checkout (WALLET_NOT_ENOUGH) and the shopper tries again.
  let walletPart = 0;
  if (body.use_wallet === true) {
    if (!wallet) throw orderErrors.paymentUnavailable('wallet');
    const balance = await wallet.balance(db, s.websiteId, s.userId);
    if (balance <= 0) throw fail('WALLET_NOT_ENOUGH', { balance: formatINR(0) });
    walletPart = Math.min(balance, total);
    if (walletPart < total && body.payment_method === 'cod') throw fail('WALLET_REST_ONLINE');
  }
  const fromWallet = walletPart > 0 && walletPart === total;
  if (!fromWallet && body.payment_method === 'cod' && !priced.codAllowed) throw orderErrors.paymentUnavailable('cod');

  if (body.slot) {
    if ((await slotZone(db, s.websiteId, body.slot.slot_id)) !== priced.zone.id) throw orderErrors.slotInvalid();
  }
  const offers = priced.offers;
  const chosen = body.slot ? (offers.find((o) => o.slotId === body.slot!.slot_id && o.date === body.slot!.date) ?? null) : null;
  if (body.slot && !chosen) throw orderErrors.slotInvalid();
  const id = randomUUID();
  const method = fromWallet ? 'wallet' : body.payment_method;
  const status: OrderStatus = method === 'cod' || method === 'wallet' ? 'placed' : 'pending_payment';
  const actor = `user:${cartOwner.userId}`;
  const o: Omit<NewOrder, 'slot'> = {
    order: {
      id,
      websiteId: s.websiteId,
      userId: s.userId,
      agentId,
      status,
      paymentMethod: method,
      idempotencyKey: body.idempotency_key,
      address: addressOfOrder(address),
      pincode: address.pincode,
      zoneId: priced.zone.id,
      itemsTotal: priced.itemsTotalPaise,
      discount: priced.discountPaise,
      promotionDiscount: priced.promotion?.discountPaise ?? 0,
      promotion: priced.promotion?.name ?? null,
      couponId: priced.coupon?.id ?? null,
      couponCode: priced.coupon?.code ?? null,
      deliveryCharge: priced.finalDeliveryPaise,
      // the tip is paid with the order (online, or in the cash collected) and is no part of the goods' value
      total,
      // a split's wallet part (a wholly wallet-paid order's payment row holds it all)
      walletPaid: fromWallet ? 0 : walletPart,
      notes: body.notes ?? priced.notes ?? null,
      deliveryInstructions: body.delivery_instructions ?? [],
      tip,
      substitution: body.substitution ?? DEFAULT_SUBSTITUTION,
      language,
    },
    // The rows other checkouts share are taken in this order: the slot's bookings, each line's
    // stock row (in `byStockRow` order), the coupon's uses, the website's order counter; as
    // releaseOrder and the counter's sales take them, so concurrent checkouts, cancellations and
    // sales queue instead of deadlocking. A full slot, a sold-out line or a used-up coupon
    // leaves nothing taken and nothing written.
    lines: priced.lines.map((l) => ({
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
      soldByWeight: l.soldByWeight,
      amount: l.amountPaise,
      promotionDiscount: l.promotion?.discountPaise ?? 0,
      promotion: l.promotion?.name ?? null,
      warehouseId: l.warehouseId,
    })),
    event: {
      actor,
      note:
        method === 'cod' || method === 'wallet'
          ? PAYMENT_PROVIDER_NAMES[method]
          : walletPart > 0
            ? `${formatINR(toRupees(walletPart))} from the wallet, ${formatINR(toRupees(total - walletPart))} by ${PAYMENT_PROVIDER_NAMES[method]}`
            : null,
    },
    cart: { id: priced.cartId, version: priced.version },
    // numbered in the same statement, unless a coupon is to be redeemed or the wallet debited first
    number: !priced.coupon && walletPart === 0,
  };
  const coupon = priced.coupon;
  // the slot chosen, or the earliest that still has a place (none when the zone has no slots)
  const candidates = chosen ? [chosen] : offers.length ? offers.filter((c) => c.remaining > 0) : [null];
  for (const slot of candidates) {
    const placed =
      !coupon && walletPart === 0
        ? await writeOrder(db, { ...o, slot })
        : await db
            .transaction(async (tx) => {
              const written = await writeOrder(tx, { ...o, slot });
              if ('missing' in written) throw new Refused(written);
              if (coupon) {
                const redeemed = await recordRedemption(tx, {
                  websiteId: s.websiteId,
                  couponId: coupon.id,
                  userId: s.userId,
                  orderId: id,
                  itemsTotalPaise: priced.itemsTotalPaise,
                });
                if (!redeemed.ok) throw orderErrors.couponUnavailable(redeemed.reason, redeemed.refusal);
              }
              // the wallet's account row after the shared rows (cart, slot, stock, coupon) and
              // before the order counter: a short balance refuses (409) and undoes the order
              if (walletPart > 0)
                await wallet!.pay(tx, { websiteId: s.websiteId, userId: s.userId, orderId: id, amountPaise: walletPart, createdBy: actor });
              return { ...written, order: await numberOrder(tx, s.websiteId, id) };
            })
            .catch((e: unknown) => {
              if (e instanceof Refused) return e.shortfall;
              throw e;
            });
    if (!('missing' in placed)) return { order: placed.order, created: true, known: placed.known };
    if (placed.missing === 'cart') return 'cart changed';
    if (placed.missing === 'stock') {
      throw orderErrors.outOfStock(packLabel(placed.line.productName, placed.line.packName));
    }
    // the slot filled meanwhile: the next that had a place, when the shop chooses
  }
  throw orderErrors.slotFull();
}

/** The address as the order keeps it (a copy: the shopper's book may change later). */
export function addressOfOrder(a: (typeof orders.$inferInsert)['address']) {
  const { name, phone, pincode, line1, line2, landmark, city, state, type } = a;
  return { name, phone, pincode, line1, line2, landmark, city, state, type };
}
