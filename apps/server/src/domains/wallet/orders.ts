import type { DbOrTx, Tx } from '../../db/client';
import { fail } from '../../http/errors';
import { accountOf, openAccount, post, postOrFail, rupees } from './ledger';

// An order paid from the wallet (issue 44 §1): the debit in the transaction that places the order,
// and the money returned when the order is cancelled or a part of it refunded. The orders and
// payments modules are handed these functions (app.ts), so neither imports the wallet.

/** The order a wallet pays: whose, which website, how much (paise). */
export interface OrderDebit {
  websiteId: number;
  userId: number;
  orderId: string;
  amountPaise: number;
  /** `user:{id}` of whoever placed it (the shopper, or the agent for their customer) */
  createdBy: string;
}

/**
 * Debits the customer's wallet for an order, in the caller's transaction (the one writing the
 * order): once per order (ledger key `order:{id}`; a retry answers the first entry), guarded (a
 * wallet never goes below zero, whatever runs at once: two checkouts, a subscription's order).
 * A balance short of the amount, a closed wallet or none at all is refused as the shopper reads it
 * (409), so the caller's transaction, and the order with it, rolls back.
 */
export async function payOrderFromWallet(tx: Tx, d: OrderDebit): Promise<{ entryId: number; balancePaise: number }> {
  const account = await accountOf(tx, d.websiteId, d.userId, 'wallet');
  if (!account) throw fail('WALLET_NOT_ENOUGH', { balance: rupees(0) });
  const r = await post(tx, {
    websiteId: d.websiteId,
    accountId: account.id,
    amountPaise: -d.amountPaise,
    reason: 'order_payment',
    reference: { type: 'order', id: d.orderId },
    key: `order:${d.orderId}`,
    createdBy: d.createdBy,
  });
  if (!r.ok) {
    if (r.why === 'closed') throw fail('WALLET_ACCOUNT_CLOSED');
    throw fail('WALLET_NOT_ENOUGH', { balance: rupees(r.account.balancePaise) });
  }
  return { entryId: r.entry.id, balancePaise: r.balancePaise };
}

/** The customer's open wallet's balance in paise for a checkout (issue 44): 0 with none, or a closed one. */
export async function walletBalanceFor(db: DbOrTx, websiteId: number, userId: number): Promise<number> {
  const account = await accountOf(db, websiteId, userId, 'wallet');
  return account?.status === 'open' ? Math.max(0, account.balancePaise) : 0;
}

type OrderReturn = { websiteId: number; userId: number; orderId: string; amountPaise: number; key: string; note?: string };

/** Credits an order's money back to the customer's wallet or khata, once per key (both returns below). */
async function returnToAccount(
  tx: Tx,
  kind: 'wallet' | 'khata',
  r: OrderReturn,
): Promise<{ entryId: number; balancePaise: number } | null> {
  const account = await accountOf(tx, r.websiteId, r.userId, kind);
  if (!account || r.amountPaise <= 0) return null;
  const res = await post(tx, {
    websiteId: r.websiteId,
    accountId: account.id,
    amountPaise: r.amountPaise,
    reason: 'refund',
    reference: { type: 'order', id: r.orderId },
    note: r.note ?? '',
    key: r.key,
    createdBy: 'system',
  });
  // a credit is refused only on a closed account: the payment stays refund_pending for the shop to settle
  if (!res.ok) return null;
  return { entryId: res.entry.id, balancePaise: res.balancePaise };
}

/**
 * Returns paise of a wallet-paid order to the wallet (the order cancelled: all of what is left; a
 * line removed: its part), in the caller's transaction, once per `key` (`order_refund:{id}` for
 * the cancellation, the change's own key for a part): a retried refund writes nothing more (the payments module
 * bounds the amount by what the payment has left to return). Answers the entry's id
 * (the refund's id on the payment), or null when the order took nothing from this wallet.
 */
export const returnOrderPayment = (tx: Tx, r: OrderReturn) => returnToAccount(tx, 'wallet', r);

/**
 * Debits the customer's open khata for an online order, in the caller's transaction (the one
 * writing the order; issue 44 §2): reason `khata_sale`, reference `order` + id, once per order
 * (key `order_khata:{id}`). No open khata, or past its limit: 409 as the shopper or staff reads it,
 * so the caller's transaction, and the order with it, rolls back.
 */
export async function payOrderOnKhata(tx: Tx, d: OrderDebit): Promise<{ entryId: number; balancePaise: number }> {
  const khata = await accountOf(tx, d.websiteId, d.userId, 'khata');
  if (!khata || khata.status !== 'open') throw fail('KHATA_NOT_OPEN');
  const r = await postOrFail(tx, {
    websiteId: d.websiteId,
    accountId: khata.id,
    amountPaise: -d.amountPaise,
    reason: 'khata_sale',
    reference: { type: 'order', id: d.orderId },
    key: `order_khata:${d.orderId}`,
    createdBy: d.createdBy,
  });
  return { entryId: r.entry.id, balancePaise: r.balancePaise };
}

/**
 * Credits an order's money back to the customer's khata (an order put on khata cancelled or a part
 * of it refunded; issue 44 §5), in the caller's transaction, once per `key`: reason `refund`,
 * reference `order` + id. Null when the customer has no khata or it is closed (the payment stays
 * refund_pending for the shop to settle).
 */
export const returnKhataPayment = (tx: Tx, r: OrderReturn) => returnToAccount(tx, 'khata', r);

/**
 * A gateway-paid order's refund to the wallet at the shopper's choice (issue 44 §2): as
 * `returnOrderPayment`, the wallet opened when the shopper has none yet.
 */
export async function refundOrderToWallet(
  tx: Tx,
  r: { websiteId: number; userId: number; orderId: string; amountPaise: number; key: string; note?: string },
): Promise<{ entryId: number; balancePaise: number } | null> {
  await openAccount(tx, { websiteId: r.websiteId, userId: r.userId, kind: 'wallet', openedBy: 'shopper' });
  return returnOrderPayment(tx, r);
}
