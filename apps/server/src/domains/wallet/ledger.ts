import { TOPUP_MIN_PAISE, type AccountKind, type EntryReason } from '@grocer/shared/wallet';
import { formatINR, toRupees } from '@grocer/shared/money';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fail } from '../../http/errors';
import { minTopupPaise } from './deps';
import { accountEntries, customerAccounts } from './tables';

export type AccountRow = typeof customerAccounts.$inferSelect;
export type EntryRow = typeof accountEntries.$inferSelect;

/** One change of a balance: credit (positive) or debit (negative) paise, its reason and the document behind it. */
export interface Posting {
  websiteId: number;
  accountId: number;
  amountPaise: number;
  reason: EntryReason;
  reference?: { type: string; id: string } | null;
  note?: string;
  /** unique per account: a retried posting with the same key writes nothing and answers the first entry */
  key: string;
  /** `user:{id}`, `shopper`, `system`, a provider's name */
  createdBy: string;
}

/**
 * What `post` did: the entry written (or, `replayed`, the one a first call with the same key
 * wrote) and the balance after it; or why nothing was written (`not_enough` on a wallet, `limit`
 * on a khata, `closed`), with the account as it stands.
 */
export type PostResult =
  | { ok: true; entry: EntryRow; balancePaise: number; replayed: boolean }
  | { ok: false; why: 'not_enough' | 'limit' | 'closed'; account: AccountRow };

/**
 * Moves a balance in the caller's transaction (the only writer of `customer_accounts.balance_paise`):
 * the account row is locked (so a retry with the same key waits for the first and then finds it),
 * then one guarded update, `balance + amount >= -credit_limit` (0 for a wallet, so a wallet never
 * goes below zero and a khata never past its limit under any concurrency), and its ledger entry
 * with the balance after it. A key already used for another amount or reason is refused.
 */
export async function post(tx: Tx, p: Posting): Promise<PostResult> {
  if (!Number.isInteger(p.amountPaise) || p.amountPaise === 0)
    throw new Error(`post needs a non-zero whole number of paise, got ${p.amountPaise}`);
  const [account] = await tx
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.id, p.accountId), eq(customerAccounts.websiteId, p.websiteId)))
    .for('update');
  if (!account) throw fail('WALLET_ACCOUNT_NOT_FOUND');
  // Read after the lock, in a statement of its own: it sees an entry a first call with this key
  // committed while this one waited (a join in the locking statement would not).
  const [earlier] = await tx
    .select()
    .from(accountEntries)
    .where(and(eq(accountEntries.accountId, p.accountId), eq(accountEntries.idempotencyKey, p.key)));
  if (earlier) {
    if (earlier.amountPaise !== p.amountPaise || earlier.reason !== p.reason) throw fail('WALLET_KEY_REUSED');
    return { ok: true, entry: earlier, balancePaise: account.balancePaise, replayed: true };
  }
  if (account.status !== 'open') return { ok: false, why: 'closed', account };
  const [moved] = await tx
    .update(customerAccounts)
    .set({ balancePaise: sql`${customerAccounts.balancePaise} + ${p.amountPaise}::int`, updatedAt: sql`now()` })
    .where(
      and(
        eq(customerAccounts.id, p.accountId),
        eq(customerAccounts.websiteId, p.websiteId),
        eq(customerAccounts.status, 'open'),
        sql`${customerAccounts.balancePaise} + ${p.amountPaise}::int >= -${customerAccounts.creditLimitPaise}`,
      ),
    )
    .returning({ balancePaise: customerAccounts.balancePaise });
  if (!moved) return { ok: false, why: account.kind === 'khata' ? 'limit' : 'not_enough', account };
  const [entry] = await tx
    .insert(accountEntries)
    .values({
      accountId: p.accountId,
      websiteId: p.websiteId,
      amountPaise: p.amountPaise,
      balanceAfterPaise: moved.balancePaise,
      reason: p.reason,
      referenceType: p.reference?.type ?? null,
      referenceId: p.reference?.id ?? null,
      note: p.note ?? '',
      idempotencyKey: p.key,
      createdBy: p.createdBy,
    })
    .returning();
  return { ok: true, entry: entry!, balancePaise: moved.balancePaise, replayed: false };
}

/** `post`, with a refusal as the shopper or staff reads it (409, nothing written). */
export async function postOrFail(tx: Tx, p: Posting): Promise<{ entry: EntryRow; balancePaise: number; replayed: boolean }> {
  const r = await post(tx, p);
  if (r.ok) return r;
  if (r.why === 'closed') throw fail('WALLET_ACCOUNT_CLOSED');
  if (r.why === 'not_enough') throw fail('WALLET_NOT_ENOUGH', { balance: rupees(r.account.balancePaise) });
  throw fail('KHATA_LIMIT_REACHED', { left: rupees(Math.max(0, r.account.balancePaise + r.account.creditLimitPaise)) });
}

export const rupees = (paise: number) => formatINR(toRupees(paise));

/** The smallest top-up the website takes (issue 44 §3): the owner's minimum (subscription settings), never below ₹10. */
export async function smallestTopup(db: DbOrTx, websiteId: number): Promise<number> {
  return Math.max(TOPUP_MIN_PAISE, await minTopupPaise(db, websiteId));
}

/** Refuses a top-up below the website's minimum (422, nothing written), on every path: online, at the till. */
export async function checkTopupAmount(db: DbOrTx, websiteId: number, amountPaise: number): Promise<void> {
  const min = await smallestTopup(db, websiteId);
  if (amountPaise < min)
    throw fail('WALLET_TOPUP_TOO_SMALL', { min: rupees(min) }).withErrors({ amount_paise: [`The smallest top-up is ${rupees(min)}`] });
}

/**
 * The customer's account of `kind`, opened when missing (a wallet by its first top-up or credit; a
 * khata by the owner, with its limit). Answers the account and whether this call opened it.
 */
export async function openAccount(
  db: DbOrTx,
  a: { websiteId: number; userId: number; kind: AccountKind; creditLimitPaise?: number; openedBy: string },
): Promise<{ account: AccountRow; opened: boolean }> {
  const [made] = await db
    .insert(customerAccounts)
    .values({ websiteId: a.websiteId, userId: a.userId, kind: a.kind, creditLimitPaise: a.creditLimitPaise ?? 0, openedBy: a.openedBy })
    .onConflictDoNothing()
    .returning();
  if (made) return { account: made, opened: true };
  const found = await accountOf(db, a.websiteId, a.userId, a.kind);
  if (!found) throw new Error(`account of user ${a.userId} (${a.kind}) neither made nor found`);
  return { account: found, opened: false };
}

export async function accountOf(db: DbOrTx, websiteId: number, userId: number, kind: AccountKind): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.websiteId, websiteId), eq(customerAccounts.userId, userId), eq(customerAccounts.kind, kind)));
  return row ?? null;
}

/**
 * `accountOf`, its row locked for the rest of the caller's transaction: a decision made on its
 * balance (how much a khata still owes) holds until the posting that follows it.
 */
export async function lockedAccountOf(tx: Tx, websiteId: number, userId: number, kind: AccountKind): Promise<AccountRow | null> {
  const [row] = await tx
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.websiteId, websiteId), eq(customerAccounts.userId, userId), eq(customerAccounts.kind, kind)))
    .for('update');
  return row ?? null;
}

export async function accountById(db: DbOrTx, websiteId: number, accountId: number): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.websiteId, websiteId), eq(customerAccounts.id, accountId)));
  if (!row) throw fail('WALLET_ACCOUNT_NOT_FOUND');
  return row;
}

/** The account's latest entries, newest first. */
export function recentEntries(db: DbOrTx, accountId: number, limit = 20): Promise<EntryRow[]> {
  return db.select().from(accountEntries).where(eq(accountEntries.accountId, accountId)).orderBy(desc(accountEntries.id)).limit(limit);
}

export interface Mismatch {
  account_id: number;
  website_id: number;
  kind: AccountKind;
  balance_paise: number;
  credit_limit_paise: number;
  entries_sum: number;
  last_balance: number | null;
  problem: string;
}

/**
 * Every account checked against its ledger (`npm run check:wallets`): the balance equals the sum
 * of its entries and the last entry's balance after; no wallet below zero; no khata past its
 * limit. Answers how many accounts were checked and those that fail, with what is wrong.
 */
export async function walletMismatches(db: DbOrTx): Promise<{ checked: number; mismatches: Mismatch[] }> {
  const rows = rowsOf<Mismatch & { entries_sum: string | number }>(
    await db.execute(sql`
      select a.id as account_id, a.website_id, a.kind, a.balance_paise, a.credit_limit_paise,
        coalesce(s.total, 0) as entries_sum, l.balance_after_paise as last_balance,
        case
          when a.balance_paise <> coalesce(s.total, 0) then 'balance differs from the sum of its entries'
          when l.balance_after_paise is distinct from (case when s.total is null then null else a.balance_paise end) then 'last entry''s balance differs from the balance'
          when a.kind = 'wallet' and a.balance_paise < 0 then 'wallet below zero'
          when a.kind = 'khata' and a.balance_paise < -a.credit_limit_paise then 'khata past its credit limit'
          else null
        end as problem
      from ${customerAccounts} a
      left join lateral (select sum(amount_paise) as total from ${accountEntries} e where e.account_id = a.id) s on true
      left join lateral (select balance_after_paise from ${accountEntries} e where e.account_id = a.id order by e.id desc limit 1) l on true
      order by a.id`),
  );
  const mismatches = rows.filter((r) => r.problem).map((r) => ({ ...r, entries_sum: Number(r.entries_sum) }));
  return { checked: rows.length, mismatches };
}
