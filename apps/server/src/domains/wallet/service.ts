import { shopDayOf } from '@grocer/shared/shop-time';
import type {
  AccountEntry,
  AccountKind,
  AccountSummary,
  AccountWithEntries,
  AdminAccountList,
  AdminAccountsQuery,
  GoodwillInput,
  KhataPaymentInput,
  PostedEntry,
  Statement,
  StatementQuery,
} from '@grocer/shared/wallet';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { shopLocalSql } from '../../db/shop-time';
import { Errors, fail } from '../../http/errors';
import { recordAudit, usersByIds, type AuditActor } from './deps';
import { accountById, accountOf, openAccount, postOrFail, recentEntries, rupees, type AccountRow, type EntryRow } from './ledger';
import { accountEntries, customerAccounts } from './tables';

// What the shopper and the staff read and do with the ledger (`ledger.ts` is its one writer).

export const entryJson = (e: EntryRow): AccountEntry => ({
  id: e.id,
  amount_paise: e.amountPaise,
  balance_after_paise: e.balanceAfterPaise,
  reason: e.reason,
  reference_type: e.referenceType,
  reference_id: e.referenceId,
  note: e.note,
  created_by: e.createdBy,
  created_at: e.createdAt.toISOString(),
});

export const accountJson = (a: AccountRow): AccountSummary => ({
  id: a.id,
  kind: a.kind,
  balance_paise: a.balancePaise,
  credit_limit_paise: a.creditLimitPaise,
  status: a.status,
  opened_by: a.openedBy,
  created_at: a.createdAt.toISOString(),
});

async function withEntries(db: DbOrTx, a: AccountRow | null, limit = 20): Promise<AccountWithEntries | null> {
  if (!a) return null;
  return { ...accountJson(a), entries: (await recentEntries(db, a.id, limit)).map(entryJson) };
}

/** A customer's wallet and khata (null where not opened), each with its latest entries. */
export async function accountsOf(db: DbOrTx, websiteId: number, userId: number) {
  const [wallet, khata] = await Promise.all([accountOf(db, websiteId, userId, 'wallet'), accountOf(db, websiteId, userId, 'khata')]);
  return { wallet: await withEntries(db, wallet), khata: await withEntries(db, khata) };
}

/** The website's accounts, newest first, with their customers' names (Administration's list). */
export async function listAccounts(db: Db, websiteId: number, q: AdminAccountsQuery): Promise<AdminAccountList> {
  const perPage = 50;
  const where = and(
    eq(customerAccounts.websiteId, websiteId),
    q.kind ? eq(customerAccounts.kind, q.kind) : undefined,
    q.owing ? lt(customerAccounts.balancePaise, 0) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customerAccounts)
      .where(where)
      .orderBy(desc(customerAccounts.id))
      .limit(perPage)
      .offset((q.page - 1) * perPage),
    db.select({ n: count() }).from(customerAccounts).where(where),
  ]);
  const people = new Map((await usersByIds(db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u]));
  return {
    data: rows.map((r) => ({
      ...accountJson(r),
      user_id: r.userId,
      customer_name: people.get(r.userId)?.name ?? '',
      customer_phone: people.get(r.userId)?.phone ?? null,
    })),
    total: total?.n ?? 0,
  };
}

const postedJson = async (db: DbOrTx, websiteId: number, accountId: number, entry: EntryRow): Promise<PostedEntry> => ({
  account: accountJson(await accountById(db, websiteId, accountId)),
  entry: entryJson(entry),
});

/** Opens a khata for the customer with its credit limit (one per customer: a second is refused). Audited. */
export async function openKhata(db: Db, actor: AuditActor, userId: number, creditLimitPaise: number): Promise<AccountSummary> {
  return db.transaction(async (tx) => {
    const { account, opened } = await openAccount(tx, {
      websiteId: actor.websiteId,
      userId,
      kind: 'khata',
      creditLimitPaise,
      openedBy: `user:${actor.actorId}`,
    });
    if (!opened) throw fail('KHATA_EXISTS');
    await recordAudit(tx, actor, {
      entity: 'khata',
      entityId: account.id,
      action: 'create',
      after: { user_id: userId, credit_limit_paise: creditLimitPaise },
    });
    return accountJson(account);
  });
}

/** A khata's new credit limit; never below what the customer owes now. Audited. */
export async function setKhataLimit(db: Db, actor: AuditActor, accountId: number, creditLimitPaise: number): Promise<AccountSummary> {
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(customerAccounts)
      .where(and(eq(customerAccounts.websiteId, actor.websiteId), eq(customerAccounts.id, accountId)))
      .for('update');
    if (!a) throw fail('WALLET_ACCOUNT_NOT_FOUND');
    if (a.kind !== 'khata') throw fail('NOT_A_KHATA');
    if (a.balancePaise < -creditLimitPaise) throw fail('KHATA_LIMIT_BELOW_DEBT', { owed: rupees(-a.balancePaise) });
    const [changed] = await tx
      .update(customerAccounts)
      .set({ creditLimitPaise, updatedAt: sql`now()` })
      .where(eq(customerAccounts.id, a.id))
      .returning();
    await recordAudit(tx, actor, {
      entity: 'khata',
      entityId: a.id,
      action: 'update',
      before: { credit_limit_paise: a.creditLimitPaise },
      after: { credit_limit_paise: creditLimitPaise },
    });
    return accountJson(changed!);
  });
}

/** The owner's goodwill credit to the customer's wallet (opened when missing), with the reason. Audited; once per key. */
export async function grantGoodwill(db: Db, actor: AuditActor, userId: number, g: GoodwillInput): Promise<PostedEntry> {
  return db.transaction(async (tx) => {
    const { account } = await openAccount(tx, { websiteId: actor.websiteId, userId, kind: 'wallet', openedBy: `user:${actor.actorId}` });
    const r = await postOrFail(tx, {
      websiteId: actor.websiteId,
      accountId: account.id,
      amountPaise: g.amount_paise,
      reason: 'goodwill',
      note: g.reason,
      key: `goodwill:${g.idempotency_key}`,
      createdBy: `user:${actor.actorId}`,
    });
    if (!r.replayed)
      await recordAudit(tx, actor, {
        entity: 'wallet',
        entityId: account.id,
        action: 'goodwill',
        after: { user_id: userId, amount_paise: g.amount_paise, reason: g.reason, entry_id: r.entry.id },
      });
    return postedJson(tx, actor.websiteId, account.id, r.entry);
  });
}

/** A cash payment against a khata (at the counter or the door). Audited; once per key. */
export async function recordKhataPayment(db: Db, actor: AuditActor, accountId: number, p: KhataPaymentInput): Promise<PostedEntry> {
  return db.transaction(async (tx) => {
    const account = await accountById(tx, actor.websiteId, accountId);
    if (account.kind !== 'khata') throw fail('NOT_A_KHATA');
    const r = await postOrFail(tx, {
      websiteId: actor.websiteId,
      accountId,
      amountPaise: p.amount_paise,
      reason: 'khata_payment',
      reference: { type: 'cash', id: p.idempotency_key },
      note: p.note,
      key: `khata_payment:${p.idempotency_key}`,
      createdBy: `user:${actor.actorId}`,
    });
    if (!r.replayed)
      await recordAudit(tx, actor, {
        entity: 'khata',
        entityId: accountId,
        action: 'payment',
        after: { amount_paise: p.amount_paise, note: p.note, entry_id: r.entry.id },
      });
    return postedJson(tx, actor.websiteId, accountId, r.entry);
  });
}

const thisMonth = () => shopDayOf().slice(0, 7);
/** 'YYYY-MM' moved by `n` months. */
const addMonths = (month: string, n: number): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
const monthsBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let month = from; month <= to && out.length < 24; month = addMonths(month, 1)) out.push(month);
  return out;
};

/**
 * The account's statement by month of the shop's calendar, `from` to `to` (default: the last three
 * months; at most 24): each month's opening balance (the sum of every earlier entry), credits,
 * debits, closing balance and entries, oldest first. Sums, not the entries' running balances, so
 * a month's figures add up whatever order two entries committed in around midnight.
 */
export async function statementOf(db: DbOrTx, account: AccountRow, q: StatementQuery): Promise<Statement> {
  const to = q.to ?? (q.from && q.from > thisMonth() ? q.from : thisMonth());
  const from = q.from ?? addMonths(to, -2);
  if (from > to) throw Errors.invalid({ from: ['from must be the same month as to or earlier'] });
  const months = monthsBetween(from, to);
  const last = months.at(-1)!;
  const month = sql<string>`to_char(${shopLocalSql(accountEntries.createdAt)}, 'YYYY-MM')`;
  const [before] = await db
    .select({ total: sql<string>`coalesce(sum(${accountEntries.amountPaise}), 0)` })
    .from(accountEntries)
    .where(and(eq(accountEntries.accountId, account.id), sql`${month} < ${from}`));
  const entries = await db
    .select({ e: accountEntries, month })
    .from(accountEntries)
    .where(and(eq(accountEntries.accountId, account.id), sql`${month} between ${from} and ${last}`))
    .orderBy(asc(accountEntries.id));
  let opening = Number(before?.total ?? 0);
  return {
    account: accountJson(account),
    months: months.map((m) => {
      const mine = entries.filter((x) => x.month === m).map((x) => x.e);
      const credits = mine.filter((e) => e.amountPaise > 0).reduce((s, e) => s + e.amountPaise, 0);
      const debits = mine.filter((e) => e.amountPaise < 0).reduce((s, e) => s - e.amountPaise, 0);
      const row = {
        month: m,
        opening_paise: opening,
        credits_paise: credits,
        debits_paise: debits,
        closing_paise: opening + credits - debits,
        entries: mine.map(entryJson),
      };
      opening = row.closing_paise;
      return row;
    }),
  };
}

/** The shopper's own statement of `kind` (404 when they have none). */
export async function myStatement(db: DbOrTx, websiteId: number, userId: number, kind: AccountKind, q: StatementQuery) {
  const account = await accountOf(db, websiteId, userId, kind);
  if (!account) throw fail('WALLET_ACCOUNT_NOT_FOUND');
  return statementOf(db, account, q);
}
