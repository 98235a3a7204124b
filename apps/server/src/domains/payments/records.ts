import { PAYMENT_STATUSES, canMovePayment, type PaymentProvider, type PaymentStatus } from '@grocer/shared/order';
import { and, asc, eq, inArray, isNull, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { reusable, type DbOrTx } from '../../db/client';
import { rowFromJson } from '../../db/rows';
import { refundPaidBalances, voidOpenBalance } from './balances';
import { paymentAttempts, paymentEvents, paymentOptions, payments } from './tables';

/**
 * The payments domain's rows: `payments` and `payment_events` are written only here. Orders
 * call these in the order's transaction (a payment row for a new order, the payment's side of a
 * cancellation); the `Payments` service calls them for the providers' outcomes.
 */

export type PaymentRow = typeof payments.$inferSelect;

/** The payment of a new order: `cod` at once, else `pending` until the provider answers. */
export async function createPayment(
  tx: DbOrTx,
  v: { websiteId: number; orderId: string; provider: PaymentProvider; amount: number },
): Promise<PaymentRow> {
  const [row] = await createPaymentStatement(tx, { ...v, status: initialPaymentStatus(v.provider) });
  return row!;
}

/**
 * A new order's payment: cash on delivery is collected at the door (`cod`), the wallet's is paid
 * by the debit written with the order (issue 44), anything else awaits the provider.
 */
export const initialPaymentStatus = (provider: PaymentProvider): PaymentStatus =>
  provider === 'cod' ? 'cod' : provider === 'wallet' ? 'paid' : 'pending';

/**
 * `createPayment`'s insert, for a caller that writes it inside a statement of its own (checkout
 * writes the order, its lines, history and payment in one): answers the row.
 */
export const createPaymentStatement = (
  tx: DbOrTx,
  v: { [K in 'websiteId' | 'orderId' | 'provider' | 'amount' | 'status']: PaymentRow[K] | Placeholder },
) => tx.insert(payments).values(v).returning();

export async function paymentOfOrder(db: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return p ?? null;
}

export async function paymentByProviderOrder(db: DbOrTx, provider: PaymentProvider, providerOrderId: string): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)));
  return p ?? null;
}

/**
 * The one way a payment changes state: to `to` from any status `PAYMENT_TRANSITIONS` allows,
 * with a guarded update (`where status in (…)`), so of two racing changes exactly one wins.
 * Null when the payment's status did not allow the move.
 */
export async function movePayment(
  tx: DbOrTx,
  which: { orderId: string } | { id: number },
  to: PaymentStatus,
  set: Partial<Pick<PaymentRow, 'providerPaymentId' | 'refundId' | 'collected' | 'shortfall' | 'shortfallReason' | 'handedOverAt'>> & {
    meta?: Record<string, string>;
  } = {},
): Promise<PaymentRow | null> {
  const from = PAYMENT_STATUSES.filter((s) => canMovePayment(s, to));
  const { meta, ...columns } = set;
  const [row] = await tx
    .update(payments)
    .set({
      ...columns,
      ...(meta ? { meta: sql`${payments.meta} || ${JSON.stringify(meta)}::jsonb` } : {}),
      status: to,
      updatedAt: new Date(),
    })
    .where(and('id' in which ? eq(payments.id, which.id) : eq(payments.orderId, which.orderId), inArray(payments.status, from)))
    .returning();
  return row ?? null;
}

/** Keeps the latest attempt's outcome on a payment that stays where it is (a second failed attempt). */
export async function notePaymentAttempt(tx: DbOrTx, orderId: string, meta: Record<string, string>): Promise<void> {
  await tx
    .update(payments)
    .set({ meta: sql`${payments.meta} || ${JSON.stringify(meta)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'failed')));
}

/**
 * The payment's side of an order that is cancelled or released: a paid payment becomes
 * refund_pending (answered, so the caller starts the refund after its transaction), a pending
 * one failed, cash still to collect not_collected; finished payments stay as they are.
 */
export async function releasePayment(tx: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  // a staff edit's balance (issue 40 §12): the open link is void, one already paid is refunded with the payment
  await voidOpenBalance(tx, orderId);
  await refundPaidBalances(tx, orderId);
  const refund = await movePayment(tx, { orderId }, 'refund_pending');
  if (refund) return refund;
  if (!(await movePayment(tx, { orderId }, 'failed'))) await movePayment(tx, { orderId }, 'not_collected');
  return null;
}

/**
 * Cash on delivery delivered: the cash the delivery person brought back (paise), and what it was
 * short of the total with the reason given. cod → collected by the guarded move; null when the
 * payment was not waiting for its cash (the caller's transaction then changes nothing).
 */
export function collectCash(tx: DbOrTx, orderId: string, cash: { collected: number; shortfall: number; reason: string | null }) {
  return movePayment(tx, { orderId }, 'collected', {
    collected: cash.collected,
    shortfall: cash.shortfall,
    shortfallReason: cash.shortfall > 0 ? cash.reason : null,
  });
}

/**
 * Collected cash now in the shop's till: collected → handed_over, for those of `orderIds` (on the
 * website) whose cash was waiting; answers the payments moved (one guarded update: an order handed
 * over twice at once moves once).
 */
export async function handOverCash(tx: DbOrTx, websiteId: number, orderIds: string[], at = new Date()): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .update(payments)
    .set({ status: 'handed_over', handedOverAt: at, updatedAt: at })
    .where(and(eq(payments.websiteId, websiteId), inArray(payments.orderId, orderIds), eq(payments.status, 'collected')))
    .returning();
}

/**
 * Lines of a counter sale returned and refunded at the counter (paise): counted as refunded on its
 * payment, never beyond what was paid. When the whole sale has come back the payment moves on to
 * refunded (paid → refund_pending → refunded: refunded at the counter).
 */
export async function recordCounterRefund(tx: DbOrTx, orderId: string, amount: number, whole: boolean): Promise<void> {
  await tx
    .update(payments)
    .set({ refunded: sql`least(${payments.amount}, ${payments.refunded} + ${amount})`, updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'pos')));
  if (whole) {
    await movePayment(tx, { orderId }, 'refund_pending');
    await movePayment(tx, { orderId }, 'refunded', { refundId: 'counter' });
  }
}

/**
 * What an order's payment has given back (paise), as a scalar subquery for another domain's
 * statement (the orders domain's sales: a counter sale's returns). 0 without a payment row.
 */
export const refundedOfOrderSql = (orderId: SQLWrapper): SQL<number> =>
  sql<number>`coalesce((select ${payments.refunded} from ${payments} where ${payments.orderId} = ${orderId}), 0)`;

/**
 * A cash-on-delivery order's payment as a subquery for a lateral join of another domain's
 * statement (the COD report): its status, the cash collected and the shortfall (paise).
 */
export const codPaymentOfOrderSql = (orderId: SQLWrapper): SQL =>
  sql`select ${payments.status} as status, ${payments.collected} as collected, ${payments.shortfall} as shortfall from ${payments} where ${payments.orderId} = ${orderId}`;

/** Cash-on-delivery payments collected and not yet handed over, oldest first (the COD report's hand-over list). */
export function cashAwaitingHandover(db: DbOrTx, websiteId: number, limit = 500) {
  return db
    .select({ orderId: payments.orderId, collected: payments.collected, amount: payments.amount, at: payments.updatedAt })
    .from(payments)
    .where(and(eq(payments.websiteId, websiteId), eq(payments.status, 'collected')))
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(limit);
}

/**
 * The provider's order made for a payment (and what the browser needs again on a retry, merged
 * into `meta`): only while the payment is still `provider`'s and has none, so a hand-off racing a
 * switch of method (issue 39) never writes its gateway order onto the new attempt. False then.
 */
export async function recordProviderOrder(
  db: DbOrTx,
  id: number,
  provider: PaymentProvider,
  providerOrderId: string,
  meta?: Record<string, string>,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({
      providerOrderId,
      ...(meta ? { meta: sql`${payments.meta} || ${JSON.stringify(meta)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, id), eq(payments.provider, provider), isNull(payments.providerOrderId)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The online method the shopper chose (UPI, card…), kept in the payment's `meta.via`. */
export async function notePaymentVia(db: DbOrTx, id: number, via: string): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ meta: sql`${payments.meta} || ${JSON.stringify({ via })}::jsonb`, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row ?? null;
}

/** A signed payment that does not match its order: noted on the payment for the shop to review (its status does not move). */
export async function holdForReview(tx: DbOrTx, orderId: string, review: string): Promise<void> {
  await tx
    .update(payments)
    .set({ meta: sql`${payments.meta} || ${JSON.stringify({ review })}::jsonb`, updatedAt: new Date() })
    .where(eq(payments.orderId, orderId));
}

/** A refund the provider has accepted but not finished: its id, kept while refund_pending. */
export async function recordRefundId(db: DbOrTx, id: number, refundId: string): Promise<void> {
  await db
    .update(payments)
    .set({ refundId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'refund_pending')));
}

/** The shopper's choice for a waiting refund (issue 44 §2): back to their wallet instead of the source. */
export async function setRefundTo(db: DbOrTx, id: number, to: 'wallet'): Promise<void> {
  await db
    .update(payments)
    .set({ refundTo: to, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'refund_pending')));
}

/**
 * Records a provider event once: false when `(provider, eventId)` was applied before (a retried
 * webhook), so the caller changes nothing twice.
 */
export async function recordPaymentEvent(
  tx: DbOrTx,
  e: { provider: PaymentProvider; eventId: string; orderId: string; kind: string; payload: unknown },
): Promise<boolean> {
  const fresh = await tx
    .insert(paymentEvents)
    .values({ ...e, payload: e.payload as object })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh.length > 0;
}

/** The payment of a sale paid at the counter: `pos`, paid at once, the split (cash, UPI, card) in `meta`. */
export async function createPaidPayment(
  tx: DbOrTx,
  v: { websiteId: number; orderId: string; amount: number; meta: Record<string, string>; reference: string | null },
): Promise<void> {
  await tx.insert(payments).values({
    websiteId: v.websiteId,
    orderId: v.orderId,
    provider: 'pos',
    status: 'paid',
    amount: v.amount,
    providerPaymentId: v.reference,
    meta: v.meta,
  });
}

/** Every provider event applied to an order's payment, oldest first (the staff's order screen). */
export function paymentEventsOf(db: DbOrTx, orderId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.id));
}

/** The payments' statuses of some orders (the staff's order list). */
export function paymentStatusesOf(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select({ orderId: payments.orderId, status: payments.status }).from(payments).where(inArray(payments.orderId, orderIds));
}

/** The orders whose payment has `status`, as a subquery for the staff's order list filter. */
export function ordersWithPaymentStatus(db: DbOrTx, websiteId: number, status: PaymentStatus) {
  return db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.websiteId, websiteId), eq(payments.status, status)));
}

/** Whether the website takes cash on delivery at all (the payments settings' switch; on unless turned off). */
export async function codEnabled(db: DbOrTx, websiteId: number): Promise<boolean> {
  const [row] = await codOption(db, { websiteId });
  return row?.on ?? true;
}

/**
 * `codEnabled` as a scalar subquery, for another domain's statement: the cart reads it with its
 * lines (one statement less for every priced cart).
 */
export const codEnabledSql = (websiteId: SQLWrapper | number): SQL<boolean> =>
  sql<boolean>`coalesce((select ${paymentOptions.codEnabled} from ${paymentOptions} where ${paymentOptions.websiteId} = ${websiteId}), true)`;

const codOption = reusable('cod_enabled', (db, name) =>
  db
    .select({ on: paymentOptions.codEnabled })
    .from(paymentOptions)
    .where(eq(paymentOptions.websiteId, sql.placeholder('websiteId')))
    .prepare(name),
);

/**
 * Part of a paid payment to give back (a line removed or substituted), before the provider is
 * asked: held in `refund_pending`, only while the payment is paid and what is refunded and
 * pending stays within the amount. It counts as refunded only when the provider takes it
 * (`settlePartialRefund`). False when it would not fit.
 */
export async function recordPartialRefund(tx: DbOrTx, orderId: string, amount: number): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ refundPending: sql`${payments.refundPending} + ${amount}`, updatedAt: new Date() })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'paid'),
        sql`${payments.refunded} + ${payments.refundPending} + ${amount} <= ${payments.amount}`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * A pending partial refund the provider took: moved from `refund_pending` to `refunded`. The
 * caller settles each part once (its own guarded change from pending to refunded, in the same
 * transaction), so a retried refund is never counted twice.
 */
export async function settlePartialRefund(tx: DbOrTx, orderId: string, amount: number): Promise<void> {
  await tx
    .update(payments)
    .set({
      refunded: sql`${payments.refunded} + ${amount}`,
      refundPending: sql`${payments.refundPending} - ${amount}`,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.orderId, orderId), sql`${payments.refundPending} >= ${amount}`));
}

/** A payment row from its JSON (a statement that wrote it with others answers it as `row_to_json`). */
export const paymentFromJson = (json: Record<string, unknown>): PaymentRow => rowFromJson(payments, json);

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** The order's payment row, locked for the rest of the caller's transaction (after the order's: `lockOrder`). */
export async function lockPayment(tx: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  const [p] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
  return p ?? null;
}

/**
 * Starts a new attempt on an unpaid online payment (issue 39: the shopper chose another method):
 * the gateway order made so far is kept as a closed attempt (`payment_attempts`, abandoned), and
 * the payment becomes `to`'s, with no provider order yet (cash on delivery: `cod`, to collect).
 * Guarded (`where status in (pending, failed)` on the locked row): null when it was paid meanwhile.
 */
export async function restartPayment(
  tx: DbOrTx,
  p: PaymentRow,
  to: 'cod' | 'razorpay' | 'cashfree',
  meta: Record<string, string>,
  /** the payment's new amount (cash on delivery takes a split order whole); unchanged when not given */
  amount?: number,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({
      ...(amount === undefined ? {} : { amount }),
      provider: to,
      status: initialPaymentStatus(to),
      providerOrderId: null,
      providerPaymentId: null,
      meta,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, p.id), inArray(payments.status, ['pending', 'failed'])))
    .returning();
  if (!row) return null;
  if (p.providerOrderId && (p.provider === 'razorpay' || p.provider === 'cashfree'))
    await tx.insert(paymentAttempts).values({
      websiteId: p.websiteId,
      orderId: p.orderId,
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      status: 'abandoned',
      amount: p.amount,
    });
  return row;
}

/** How many closed attempts the order's payment has had (the next gateway order's own number). */
export async function attemptCount(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId));
  return row?.n ?? 0;
}

export async function attemptByProviderOrder(
  db: DbOrTx,
  provider: PaymentProvider,
  providerOrderId: string,
): Promise<PaymentAttemptRow | null> {
  if (provider !== 'razorpay' && provider !== 'cashfree') return null;
  const [a] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerOrderId, providerOrderId)));
  return a ?? null;
}

/** The order's closed attempts, oldest first. */
export function attemptsOf(db: DbOrTx, orderId: string) {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(asc(paymentAttempts.id));
}

/**
 * A payment that landed on a closed attempt: recorded on it (abandoned → refund_pending, guarded,
 * so it is counted once) for the refund the caller starts after its transaction.
 */
export async function recordLatePayment(
  tx: DbOrTx,
  id: number,
  providerPaymentId: string,
  amount: number,
): Promise<PaymentAttemptRow | null> {
  const [row] = await tx
    .update(paymentAttempts)
    .set({ status: 'refund_pending', providerPaymentId, paid: amount, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'abandoned')))
    .returning();
  return row ?? null;
}

/** A closed attempt's refund the provider took (`done`: refunded) or accepted (its id, still pending). */
export async function recordAttemptRefund(db: DbOrTx, id: number, refundId: string, done: boolean): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ refundId, ...(done ? { status: 'refunded' as const } : {}), updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'refund_pending')));
}
