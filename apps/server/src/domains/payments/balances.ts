import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentBalances, type BalanceStatus } from './tables';

/**
 * An order's balance payments (issue 40 §12): the difference a staff edit added to a paid prepaid
 * order, collected by a payment link through the order's provider. `payment_balances` is written
 * only here. The order's edit writes it in the edit's transaction (order row locked); the
 * `Payments` service writes the provider's side. Every change is a guarded update on the status,
 * so a webhook and the return page racing, or a retried webhook, change a balance once.
 */

export type BalanceRow = typeof paymentBalances.$inferSelect;

/** The order's open (pending) balance, locked for the caller's transaction when `lock`. */
export async function openBalanceOf(db: DbOrTx, orderId: string, lock = false): Promise<BalanceRow | null> {
  const q = db
    .select()
    .from(paymentBalances)
    .where(and(eq(paymentBalances.orderId, orderId), eq(paymentBalances.status, 'pending')));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The order's balances, oldest first. */
export function balancesOf(db: DbOrTx, orderId: string): Promise<BalanceRow[]> {
  return db.select().from(paymentBalances).where(eq(paymentBalances.orderId, orderId)).orderBy(asc(paymentBalances.id));
}

export async function balanceByProviderOrder(db: DbOrTx, provider: string, providerOrderId: string): Promise<BalanceRow | null> {
  if (provider !== 'razorpay' && provider !== 'cashfree') return null;
  const [row] = await db
    .select()
    .from(paymentBalances)
    .where(and(eq(paymentBalances.provider, provider), eq(paymentBalances.providerOrderId, providerOrderId)));
  return row ?? null;
}

async function moveBalance(tx: DbOrTx, id: number, from: BalanceStatus, to: BalanceStatus, set: Partial<BalanceRow> = {}) {
  const [row] = await tx
    .update(paymentBalances)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(paymentBalances.id, id), eq(paymentBalances.status, from)))
    .returning();
  return row ?? null;
}

/**
 * The order's open balance becomes `amount` paise (none when 0). A balance whose link was not
 * opened yet is changed in place; once the provider has an order for it (its amount fixed there),
 * it is made void and a new one opens, so the link asks the new amount.
 */
async function setOpenBalance(
  tx: DbOrTx,
  order: { id: string; websiteId: number; paymentMethod: string },
  open: BalanceRow | null,
  amount: number,
): Promise<BalanceRow | null> {
  if (open && !open.providerOrderId && amount > 0) {
    const [row] = await tx
      .update(paymentBalances)
      .set({ amount, updatedAt: new Date() })
      .where(and(eq(paymentBalances.id, open.id), eq(paymentBalances.status, 'pending'), isNull(paymentBalances.providerOrderId)))
      .returning();
    if (row) return row;
  }
  if (open) await moveBalance(tx, open.id, 'pending', 'void');
  if (amount <= 0) return null;
  if (order.paymentMethod !== 'razorpay' && order.paymentMethod !== 'cashfree') return null;
  const [row] = await tx
    .insert(paymentBalances)
    .values({ websiteId: order.websiteId, orderId: order.id, provider: order.paymentMethod, status: 'pending', amount })
    .returning();
  return row!;
}

/** A staff edit raised the order's total by `more` paise: added to the open balance (or a new one). Answers it. */
export async function raiseBalance(
  tx: DbOrTx,
  order: { id: string; websiteId: number; paymentMethod: string },
  more: number,
): Promise<BalanceRow | null> {
  const open = await openBalanceOf(tx, order.id, true);
  return setOpenBalance(tx, order, open, (open?.amount ?? 0) + more);
}

/**
 * An edit lowered the order's total by `less` paise: what is still unpaid comes off the open
 * balance first. Answers the part left to refund from what was paid.
 */
export async function lowerBalance(
  tx: DbOrTx,
  order: { id: string; websiteId: number; paymentMethod: string },
  less: number,
): Promise<number> {
  const open = await openBalanceOf(tx, order.id, true);
  if (!open) return less;
  const off = Math.min(less, open.amount);
  await setOpenBalance(tx, order, open, open.amount - off);
  return less - off;
}

/** The order is cancelled or released: its open link is void (a payment landing on it later is refunded). */
export async function voidOpenBalance(tx: DbOrTx, orderId: string): Promise<BalanceRow | null> {
  const open = await openBalanceOf(tx, orderId, true);
  return open && moveBalance(tx, open.id, 'pending', 'void');
}

/** The order is cancelled: its paid balances are to be refunded (answered for the caller to send after its commit). */
export async function refundPaidBalances(tx: DbOrTx, orderId: string): Promise<BalanceRow[]> {
  return tx
    .update(paymentBalances)
    .set({ status: 'refund_pending', updatedAt: new Date() })
    .where(and(eq(paymentBalances.orderId, orderId), eq(paymentBalances.status, 'paid')))
    .returning();
}

/** The provider's order made for the link, recorded once (null when another request recorded one first, or the balance closed). */
export async function recordBalanceProviderOrder(
  db: DbOrTx,
  id: number,
  providerOrderId: string,
  meta: Record<string, string> = {},
): Promise<BalanceRow | null> {
  const [row] = await db
    .update(paymentBalances)
    .set({ providerOrderId, meta: sql`${paymentBalances.meta} || ${JSON.stringify(meta)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(paymentBalances.id, id), eq(paymentBalances.status, 'pending'), isNull(paymentBalances.providerOrderId)))
    .returning();
  return row ?? null;
}

/** The customer paid the link: pending → paid, once (null when it was not pending). */
export const markBalancePaid = (tx: DbOrTx, id: number, providerPaymentId: string) =>
  moveBalance(tx, id, 'pending', 'paid', { providerPaymentId });

/** Paid on a link already void (the order cancelled, the balance changed): void → refund_pending, once. */
export const markLateBalance = (tx: DbOrTx, id: number, providerPaymentId: string) =>
  moveBalance(tx, id, 'void', 'refund_pending', { providerPaymentId });

/** The provider took (done) or accepted (its id kept) a balance's refund. */
export async function recordBalanceRefund(db: DbOrTx, id: number, refundId: string, done: boolean): Promise<void> {
  await db
    .update(paymentBalances)
    .set({ refundId, ...(done ? { status: 'refunded' as const } : {}), updatedAt: new Date() })
    .where(and(eq(paymentBalances.id, id), eq(paymentBalances.status, 'refund_pending')));
}
