import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNT_KINDS, ENTRY_REASONS, type AccountKind, type EntryReason, type TopupStatus } from '@grocer/shared/wallet';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

// The wallet module's tables (migration 0050). Their foreign keys name `websites` and `users` (cascade):
// a tables.ts may name another domain's tables; the module's code imports no other domain's files.

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A customer's balance on a website, one per kind: `wallet` (prepaid, never below zero) or `khata`
 * (store credit: down to minus its credit limit). Written only by `post` (service.ts): one guarded
 * update and its ledger entry in the same statement; the check is the database's own backstop.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<AccountKind>().notNull(),
    /** paise; a khata below zero is what the customer owes */
    balancePaise: integer().notNull().default(0),
    /** paise a khata may owe at most; 0 for a wallet */
    creditLimitPaise: integer().notNull().default(0),
    status: text().$type<'open' | 'closed'>().notNull().default('open'),
    /** `user:{id}` (staff), `shopper` (a first top-up) */
    openedBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_accounts_owner_uq').on(t.websiteId, t.userId, t.kind),
    index('customer_accounts_website_idx').on(t.websiteId, t.kind, t.id),
    check('customer_accounts_kind_ck', sql.raw(`kind in (${inList(ACCOUNT_KINDS)})`)),
    check('customer_accounts_status_ck', sql`${t.status} in ('open', 'closed')`),
    check('customer_accounts_limit_ck', sql`${t.creditLimitPaise} >= 0 and (${t.kind} = 'khata' or ${t.creditLimitPaise} = 0)`),
    check('customer_accounts_balance_ck', sql`${t.balancePaise} >= -${t.creditLimitPaise}`),
  ],
);

/**
 * The ledger: one append-only row per change of a balance (a trigger refuses updates), with its
 * reason, the document behind it and the balance after it. For every account, `balance_paise`
 * equals the sum of its entries (`npm run check:wallets`). `idempotency_key` is unique per
 * account: a retried credit or debit finds its first entry and writes nothing.
 */
export const accountEntries = pgTable(
  'account_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** paise in (credit, positive) or out (debit, negative) */
    amountPaise: integer().notNull(),
    balanceAfterPaise: integer().notNull(),
    reason: text().$type<EntryReason>().notNull(),
    /** the document behind it: `topup` / `order` / `pos_sale` and its id; null for goodwill */
    referenceType: text(),
    referenceId: text(),
    /** the owner's words (goodwill's reason, a cash payment's receipt) */
    note: text().notNull().default(''),
    idempotencyKey: text().notNull(),
    /** `user:{id}` (staff), `shopper`, `system` (a job), a provider's name (a webhook) */
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_entries_key_uq').on(t.accountId, t.idempotencyKey),
    index('account_entries_account_idx').on(t.accountId, t.id),
    index('account_entries_reference_idx').on(t.websiteId, t.referenceType, t.referenceId),
    check('account_entries_amount_ck', sql`${t.amountPaise} <> 0`),
    check('account_entries_reason_ck', sql.raw(`reason in (${inList(ENTRY_REASONS)})`)),
  ],
);

/**
 * A top-up the shopper pays through a gateway (Razorpay or Cashfree, the order's adapters): made
 * pending with its provider order, paid once (the webhook, Razorpay's verification or the return
 * page's reconcile, whichever comes first, credits the wallet under the key `topup:{id}`), or held
 * for `review` when the amount paid is not the amount asked.
 */
export const walletTopups = pgTable(
  'wallet_topups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    provider: text().$type<'razorpay' | 'cashfree'>().notNull(),
    /** into the wallet, or against the khata (the shopper paying what they owe online; migration 0062) */
    purpose: text().$type<'wallet' | 'khata'>().notNull().default('wallet'),
    status: text().$type<TopupStatus>().notNull().default('pending'),
    amountPaise: integer().notNull(),
    providerOrderId: text(),
    providerPaymentId: text(),
    /** Cashfree's payment_session_id, for the page opened again */
    meta: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_topups_provider_order_uq').on(t.provider, t.providerOrderId),
    index('wallet_topups_user_idx').on(t.websiteId, t.userId, t.id),
    check('wallet_topups_provider_ck', sql`${t.provider} in ('razorpay', 'cashfree')`),
    check('wallet_topups_status_ck', sql`${t.status} in ('pending', 'paid', 'review')`),
    check('wallet_topups_amount_ck', sql`${t.amountPaise} > 0`),
    check('wallet_topups_purpose_ck', sql`${t.purpose} in ('wallet', 'khata')`),
  ],
);

/** A website's khata terms (migration 0052): a statement's balance is due `dueDays` after the statement date (the 1st). */
export const khataSettings = pgTable(
  'khata_settings',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    dueDays: integer().notNull().default(7),
  },
  (t) => [check('khata_settings_due_days_ck', sql`${t.dueDays} between 1 and 28`)],
);

/**
 * The monthly statement and its reminders, as sent (migration 0052): one row per (account, month,
 * stage), written before the message is queued, so the job sends each once however often and in
 * however many processes it runs.
 */
export const khataNotices = pgTable(
  'khata_notices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    /** the statement's month, 'YYYY-MM' (shop calendar) */
    month: text().notNull(),
    stage: text().$type<'statement' | 'before_due' | 'after_due'>().notNull(),
    owedPaise: integer().notNull(),
    /** 'YYYY-MM-DD' */
    dueOn: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('khata_notices_once_uq').on(t.accountId, t.month, t.stage),
    check('khata_notices_stage_ck', sql`${t.stage} in ('statement', 'before_due', 'after_due')`),
  ],
);
