import type { AccountRow, EntryRow } from './ledger';
import { accountOf, checkTopupAmount, lockedAccountOf, openAccount, postOrFail, rupees } from './ledger';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { fail } from '../../http/errors';
import { accountEntries } from './tables';

// What the point of sale does with the ledger (issue 44 §2, §7), each in the caller's transaction:
// a sale put on khata, and cash or UPI taken for a khata or a wallet. `post` stays the one writer.

/** The reference a counter sale's khata entry carries. */
export const SALE_REFERENCE = 'pos_sale';

/**
 * Puts `amountPaise` of a counter sale on the customer's khata, in the sale's transaction: the
 * khata must be open, the debit within its limit (else 409 with the credit left, and the caller's
 * transaction, the sale with it, rolls back). Keyed `pos_sale:{saleKey}`: a replayed sale posts once.
 */
export async function khataSale(
  tx: Tx,
  s: { websiteId: number; userId: number; amountPaise: number; saleKey: string; orderId: string; receipt: string; createdBy: string },
): Promise<{ entry: EntryRow; balancePaise: number }> {
  const khata = await accountOf(tx, s.websiteId, s.userId, 'khata');
  if (!khata || khata.status !== 'open') throw fail('KHATA_NOT_OPEN');
  return postOrFail(tx, {
    websiteId: s.websiteId,
    accountId: khata.id,
    amountPaise: -s.amountPaise,
    reason: 'khata_sale',
    reference: { type: SALE_REFERENCE, id: s.orderId },
    note: `Counter sale ${s.receipt}`,
    key: `pos_sale:${s.saleKey}`,
    createdBy: s.createdBy,
  });
}

/**
 * Credits a return of goods sold on khata back to the customer's khata (issue 44 §5), in the
 * return's transaction: reason `refund`, reference `{type, id}` (a credit note), once per `key`.
 * Refused only on a closed khata (409), so the return rolls back and the cashier hears why.
 */
export async function khataReturn(
  tx: Tx,
  r: {
    websiteId: number;
    userId: number;
    amountPaise: number;
    reference: { type: string; id: string };
    key: string;
    note: string;
    createdBy: string;
  },
): Promise<{ entry: EntryRow; balancePaise: number }> {
  const khata = await accountOf(tx, r.websiteId, r.userId, 'khata');
  if (!khata) throw fail('KHATA_NOT_OPEN');
  return postOrFail(tx, {
    websiteId: r.websiteId,
    accountId: khata.id,
    amountPaise: r.amountPaise,
    reason: 'refund',
    reference: r.reference,
    note: r.note,
    key: r.key,
    createdBy: r.createdBy,
  });
}

/** A counter sale's khata entry (null: nothing of it was on khata). */
export async function khataEntryOfSale(db: DbOrTx, websiteId: number, orderId: string): Promise<EntryRow | null> {
  const [e] = await db
    .select()
    .from(accountEntries)
    .where(
      and(
        eq(accountEntries.websiteId, websiteId),
        eq(accountEntries.referenceType, SALE_REFERENCE),
        eq(accountEntries.referenceId, orderId),
      ),
    )
    .orderBy(desc(accountEntries.id))
    .limit(1);
  return e ?? null;
}

/** A customer's wallet and khata as the till shows them (null where not opened). */
export async function counterBalances(db: DbOrTx, websiteId: number, userId: number) {
  const [wallet, khata] = await Promise.all([accountOf(db, websiteId, userId, 'wallet'), accountOf(db, websiteId, userId, 'khata')]);
  return {
    wallet: wallet ? { balance_paise: wallet.balancePaise } : null,
    khata: khata
      ? {
          id: khata.id,
          balance_paise: khata.balancePaise,
          credit_limit_paise: khata.creditLimitPaise,
          available_paise: Math.max(0, khata.balancePaise + khata.creditLimitPaise),
          status: khata.status,
        }
      : null,
  };
}

/**
 * Money taken at the till for a customer's account, in the caller's transaction: a payment against
 * their khata (no more than they owe) or a top-up of their wallet (opened when missing). Keyed
 * `pos_account:{key}`: a retry answers the first entry.
 */
export async function counterAccountPayment(
  tx: Tx,
  p: {
    websiteId: number;
    userId: number;
    purpose: 'khata' | 'wallet';
    method: 'cash' | 'upi';
    amountPaise: number;
    key: string;
    createdBy: string;
  },
): Promise<{ account: AccountRow; entry: EntryRow; balancePaise: number; replayed: boolean }> {
  let account: AccountRow | null;
  if (p.purpose === 'wallet')
    account = (await openAccount(tx, { websiteId: p.websiteId, userId: p.userId, kind: 'wallet', openedBy: p.createdBy })).account;
  else {
    // locked: what is owed cannot change (an online khata payment settling) before this payment posts
    account = await lockedAccountOf(tx, p.websiteId, p.userId, 'khata');
    if (!account) throw fail('KHATA_NOT_OPEN');
  }
  const key = `pos_account:${p.key}`;
  if (p.purpose === 'wallet') {
    const [earlier] = await tx
      .select({ id: accountEntries.id })
      .from(accountEntries)
      .where(and(eq(accountEntries.accountId, account.id), eq(accountEntries.idempotencyKey, key)));
    // a retry of a top-up already taken is answered by `post`; a new one is at least the website's minimum
    if (!earlier) await checkTopupAmount(tx, p.websiteId, p.amountPaise);
  }
  if (p.purpose === 'khata') {
    const [earlier] = await tx
      .select({ id: accountEntries.id })
      .from(accountEntries)
      .where(and(eq(accountEntries.accountId, account.id), eq(accountEntries.idempotencyKey, key)));
    // a retry of a payment already taken is answered by `post`; a new one is no more than is owed
    if (!earlier && p.amountPaise > -account.balancePaise)
      throw fail('KHATA_PAYMENT_TOO_MUCH', { owed: rupees(Math.max(0, -account.balancePaise)) });
  }
  const r = await postOrFail(tx, {
    websiteId: p.websiteId,
    accountId: account.id,
    amountPaise: p.amountPaise,
    reason: p.purpose === 'khata' ? 'khata_payment' : 'topup',
    reference: { type: 'pos_account', id: p.key },
    note: p.method === 'cash' ? 'Cash at the counter' : 'UPI at the counter',
    key,
    createdBy: p.createdBy,
  });
  return { account: { ...account, balancePaise: r.balancePaise }, ...r };
}
