import { packLabel } from '@grocer/shared/labels';
import { formatINR, toRupees } from '@grocer/shared/money';
import { ORDER_STATUSES, canMove, type OrderStatus, type PaymentProvider } from '@grocer/shared/order';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, wordedIn } from '../../http/errors';
import { addToCart, loadCart, type CartContext } from '../cart';
import { releaseRedemption } from '../coupons';
import { releaseSlot } from '../delivery';
import { findPackStep } from '../catalogue';
import { moveStock } from '../inventory';
import { releasePayment } from '../payments';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { findOrder, orderLinesOf, type OrderEventRow } from './queries';
import { orderEvents, orders } from './tables';
import { countDelivered } from './often-bought';

export async function addEvent(
  tx: DbOrTx,
  o: Pick<OrderRow, 'id' | 'websiteId'>,
  status: OrderStatus,
  actor: string,
  note: string | null = null,
): Promise<OrderEventRow> {
  const [row] = await tx.insert(orderEvents).values({ websiteId: o.websiteId, orderId: o.id, status, actor, note }).returning();
  return row!;
}

/** The one order in which stock rows are locked (see placeOrder and releaseOrder). */
export const byStockRow = (
  a: { packId: number | null; warehouseId: number | null },
  b: { packId: number | null; warehouseId: number | null },
) => (a.packId ?? 0) - (b.packId ?? 0) || (a.warehouseId ?? 0) - (b.warehouseId ?? 0);

/**
 * Locks the order's row for the rest of the caller's transaction (payments lock order, then
 * payment) and answers its status then (null: no such order).
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderStatus | null> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row?.status ?? null;
}

/**
 * Puts an order's lines (or some of them) back into stock, in the lock order of `byStockRow`, each
 * as a movement referring to the order: a cancellation, a release, a counter return.
 */
export async function restock(
  tx: Tx,
  o: OrderRow,
  lines: Array<{ packId: number | null; warehouseId: number | null; quantity: number }>,
  reason: 'cancel' | 'release' | 'return',
  actor: string,
): Promise<void> {
  for (const l of [...lines].sort(byStockRow)) {
    if (l.packId === null || l.warehouseId === null) continue;
    await moveStock(tx, {
      websiteId: o.websiteId,
      packId: l.packId,
      warehouseId: l.warehouseId,
      quantity: l.quantity,
      reason,
      reference: `order:${o.id}`,
      actor,
    });
  }
}

/**
 * Returns an order's stock and slot place, and its coupon use, inside the caller's transaction.
 * Called exactly once per order: by whichever guarded status change wins. The stock comes back
 * as `cancel` movements when the shopper cancelled, `release` ones when the payment never came.
 */
export async function releaseOrder(tx: Tx, o: OrderRow, by: { actor: string }) {
  if (o.slotId !== null && o.slotDate) await releaseSlot(tx, o.websiteId, o.slotId, o.slotDate);
  await restock(tx, o, await orderLinesOf(tx, o.id), o.status === 'cancelled' ? 'cancel' : 'release', by.actor);
  if (o.couponId !== null) await releaseRedemption(tx, { couponId: o.couponId, orderId: o.id });
  await returnWalletPart(tx, o, by, o.status === 'cancelled' ? `Order ${o.ordernumber} cancelled` : `Order ${o.ordernumber} not paid`);
}

/** The wallet module's credit of an order's money back to the customer's wallet, once per key (`returnOrderPayment`). */
export type WalletGiveBack = (
  tx: Tx,
  r: { websiteId: number; userId: number; orderId: string; amountPaise: number; key: string; note?: string },
) => Promise<{ entryId: number } | null>;

// Handed over once by app.ts (`giveWalletPartsBackWith`): the orders module does not import the
// wallet (the wallet's own imports lead back here), and every path that releases an order
// (the shopper's or the staff's cancel, an unpaid order released, a failed delivery returned, a
// switch to cash) comes through this module.
let giveBack: WalletGiveBack | null = null;
export function giveWalletPartsBackWith(fn: WalletGiveBack): void {
  giveBack = fn;
}

/**
 * Gives a split order's wallet part back to the customer's wallet (issue 44), in the caller's
 * transaction with the order's row locked (a guarded status change or `lockOrder`): once (ledger
 * key `order_wallet_back:{id}`, and `wallet_returned` then equals `wallet_paid`), at once, with a
 * line on the order's history. A closed wallet takes no credit: the part stays held and the
 * history says so, for the shop to settle. Answers the paise given back.
 */
export async function returnWalletPart(tx: Tx, o: OrderRow, by: { actor: string }, why: string): Promise<number> {
  const held = o.walletPaid - o.walletReturned;
  if (held <= 0 || o.userId === null) return 0;
  // an order with money from a wallet is never released without giving it back: no silent loss
  if (!giveBack) throw new Error('giveWalletPartsBackWith was not called: the wallet part cannot be given back');
  const entry = await giveBack(tx, {
    websiteId: o.websiteId,
    userId: o.userId,
    orderId: o.id,
    amountPaise: held,
    key: `order_wallet_back:${o.id}`,
    note: why,
  });
  const amount = formatINR(toRupees(held));
  if (!entry) {
    await addEvent(tx, o, o.status, 'system', `${amount} paid from the wallet is held: the wallet is closed, so the shop settles it`);
    return 0;
  }
  await tx.update(orders).set({ walletReturned: o.walletPaid, updatedAt: new Date() }).where(eq(orders.id, o.id));
  await addEvent(tx, o, o.status, by.actor, `${amount} returned to the wallet`);
  return held;
}

/**
 * The one way an order changes state: to `to` from any status the transition table allows
 * (`ORDER_TRANSITIONS`), with a guarded update, so of two racing changes exactly one wins, and a
 * history row saying who and why. Null when the order's status did not allow the move. Delivered
 * also stamps `delivered_at`, the day it counts as a sale (`sales.ts`).
 */
export async function moveOrder(
  tx: DbOrTx,
  orderId: string,
  to: OrderStatus,
  by: { actor: string; note?: string | null },
): Promise<OrderRow | null> {
  const from = ORDER_STATUSES.filter((s) => canMove(s, to));
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === 'delivered' ? { deliveredAt: now } : {}) })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  if (row) await addEvent(tx, row, to, by.actor, by.note ?? null);
  // "often bought with" counts the delivered basket at once (the job rebuilds the counts later)
  if (row && to === 'delivered') await countDelivered(tx, row.websiteId, row.id);
  return row ?? null;
}

/**
 * An order awaiting payment changes how it is paid (issue 39: another gateway, or cash on delivery),
 * keeping its stock and slot; guarded, so it changes only while it still awaits payment. The
 * payments domain calls it in its transaction, with the order's row locked.
 */
export async function switchOrderMethod(tx: DbOrTx, orderId: string, method: PaymentProvider): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ paymentMethod: method, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning();
  return row ?? null;
}

/** The shopper cancels: stock and slot return; a paid prepaid order gets its refund started. */
export async function cancelOrder(
  db: Db,
  s: Shopper,
  id: string,
): Promise<{ order: OrderRow; refund: { provider: PaymentProvider; paymentId: string | null; amount: number } | null }> {
  await findOrder(db, s, id);
  return db.transaction(async (tx) => {
    const moved = await moveOrder(tx, id, 'cancelled', { actor: `user:${s.userId}`, note: 'Cancelled by the shopper' });
    if (!moved) throw orderErrors.notCancellable();
    await releaseOrder(tx, moved, { actor: `user:${s.userId}` });
    const refund = await releasePayment(tx, id);
    return { order: moved, refund: refund && { provider: refund.provider, paymentId: refund.providerPaymentId, amount: refund.amount } };
  });
}

/** Reorder: each line's pack back into the cart, as far as stock and delivery allow. */
export async function reorder(db: Db, s: Shopper, ctx: CartContext, id: string) {
  const o = await findOrder(db, s, id);
  const lines = await orderLinesOf(db, o.id);
  const added: Array<{ pack_id: number; name: string }> = [];
  const skipped: Array<{ pack_id: number; name: string; reason: string }> = [];
  for (const l of lines) {
    const name = packLabel(l.productName, l.packName);
    if (l.packId === null) {
      skipped.push({ pack_id: 0, name, reason: 'No longer sold' });
      continue;
    }
    // a loose good's grams come back in its steps today (1.2 kg at 500 g steps: three taps, 1.5 kg)
    const step = l.soldByWeight ? ((await findPackStep(db, o.websiteId, l.packId))?.step ?? l.quantity) : 1;
    const taps = Math.ceil(l.quantity / step);
    let n = 0;
    try {
      for (; n < taps; n++) await addToCart(db, ctx, { packId: l.packId, warehouseId: l.warehouseId });
    } catch (e) {
      if (n === 0)
        skipped.push({
          pack_id: l.packId,
          name,
          reason: e instanceof AppError ? wordedIn(ctx.language ?? 'en', e).message : e instanceof Error ? e.message : 'Not available',
        });
    }
    if (n > 0) added.push({ pack_id: l.packId, name });
  }
  return { added, skipped, cart: (await loadCart(db, ctx)).cart };
}
