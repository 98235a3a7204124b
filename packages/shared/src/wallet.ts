import { z } from 'zod';
import { coercedIdSchema, pageSchema } from './ids';
import { paymentHandoffSchema } from './order';

/**
 * The customer's money (issue 44 §1-3): a prepaid wallet and a khata (store credit up to a limit)
 * per customer per website, on one append-only ledger. Amounts are whole paise.
 */

export const ACCOUNT_KINDS = ['wallet', 'khata'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Why a balance moved: credits (topup, refund, cashback, goodwill, khata_payment) and debits (order_payment, khata_sale); adjustment either way. */
export const ENTRY_REASONS = [
  'topup',
  'order_payment',
  'refund',
  'cashback',
  'goodwill',
  'khata_sale',
  'khata_payment',
  'adjustment',
] as const;
export type EntryReason = (typeof ENTRY_REASONS)[number];

export const ENTRY_REASON_LABEL: Record<EntryReason, string> = {
  topup: 'Top-up',
  order_payment: 'Order paid',
  refund: 'Refund',
  cashback: 'Cashback',
  goodwill: 'Goodwill credit',
  khata_sale: 'Bought on khata',
  khata_payment: 'Khata payment',
  adjustment: 'Adjustment',
};

export const TOPUP_STATUSES = ['pending', 'paid', 'review'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** The smallest and largest online top-up (₹10 to ₹10,000), in paise. */
export const TOPUP_MIN_PAISE = 1_000;
export const TOPUP_MAX_PAISE = 1_000_000;
/** The largest khata limit, goodwill credit or payment one call may record (₹10 lakh), in paise. */
export const MONEY_MAX_PAISE = 100_000_000;

const paise = (what: string, min = 1, max = MONEY_MAX_PAISE) =>
  z
    .number({ message: `${what} must be a whole number of paise` })
    .int(`${what} must be a whole number of paise`)
    .min(min, `${what} must be at least ${min} paise`)
    .max(max, `${what} must be at most ${max} paise`);

/** A client's key for one money call: a retry with the same key changes nothing and answers the first result. */
export const idempotencyKeySchema = z
  .string({ message: 'idempotency_key is needed (any 8 to 100 letters, digits, - or _)' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotency_key must be 8 to 100 letters, digits, - or _');

export const accountEntrySchema = z.object({
  id: z.number().int(),
  amount_paise: z.number().int(),
  balance_after_paise: z.number().int(),
  reason: z.enum(ENTRY_REASONS),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const accountSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACCOUNT_KINDS),
  balance_paise: z.number().int(),
  credit_limit_paise: z.number().int(),
  status: z.enum(['open', 'closed']),
  opened_by: z.string(),
  created_at: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountWithEntriesSchema = accountSummarySchema.extend({ entries: z.array(accountEntrySchema) });
export type AccountWithEntries = z.infer<typeof accountWithEntriesSchema>;

// ---------------------------------------------------------------------------------------------
// The shopper: /s/api/account/wallet*

/** GET /s/api/account/wallet: the wallet (null before the first top-up or credit) and the khata, each with its recent entries. */
export const myWalletSchema = z.object({
  wallet: accountWithEntriesSchema.nullable(),
  khata: accountWithEntriesSchema.nullable(),
  topup: z.object({ min_paise: z.number().int(), max_paise: z.number().int() }),
});
export type MyWallet = z.infer<typeof myWalletSchema>;

/** POST /s/api/account/wallet/topups: start a top-up through a gateway. */
export const topupStartSchema = z.object({
  amount_paise: paise('The amount', TOPUP_MIN_PAISE, TOPUP_MAX_PAISE),
  provider: z.enum(['razorpay', 'cashfree'], { message: 'provider must be razorpay or cashfree' }),
});
export type TopupStart = z.infer<typeof topupStartSchema>;

/** The account page that pays the khata online: the link in the statement and its reminders (issue 44 §4). */
export const KHATA_PAY_PATH = '/account/wallet?pay=khata';

/** POST /s/api/account/khata/payments: pay what is owed on the khata through a gateway (default: all of it). */
export const khataPayStartSchema = z.object({
  amount_paise: paise('The amount').optional(),
  provider: z.enum(['razorpay', 'cashfree'], { message: 'provider must be razorpay or cashfree' }),
});
export type KhataPayStart = z.infer<typeof khataPayStartSchema>;

export const topupSchema = z.object({
  id: z.number().int(),
  /** into the wallet, or against the khata (issue 44 §4) */
  purpose: z.enum(['wallet', 'khata']).default('wallet'),
  provider: z.enum(['razorpay', 'cashfree']),
  status: z.enum(TOPUP_STATUSES),
  amount_paise: z.number().int(),
  /** the balance now of the account paid into (the wallet, or the khata: below zero is owed) */
  balance_paise: z.number().int(),
  created_at: z.string(),
});
export type Topup = z.infer<typeof topupSchema>;

export const topupStartedSchema = z.object({ topup: topupSchema, handoff: paymentHandoffSchema });
export type TopupStarted = z.infer<typeof topupStartedSchema>;

/** POST /s/api/account/wallet/topups/{id}/verify: Razorpay Checkout's handler fields. */
export const topupVerifySchema = z.object({
  razorpay_order_id: z.string().min(1).max(200),
  razorpay_payment_id: z.string().min(1).max(200),
  razorpay_signature: z.string().min(1).max(200),
});

/** A month of the statement ('YYYY-MM', the shop's calendar). */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** GET …/statement: months `from` to `to` (default: the last three, shop time). */
export const statementQuerySchema = z.object({ from: monthSchema.optional(), to: monthSchema.optional() });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementMonthSchema = z.object({
  month: z.string(),
  opening_paise: z.number().int(),
  credits_paise: z.number().int(),
  debits_paise: z.number().int(),
  closing_paise: z.number().int(),
  entries: z.array(accountEntrySchema),
});
export const statementSchema = z.object({
  account: accountSummarySchema,
  months: z.array(statementMonthSchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const myStatementQuerySchema = statementQuerySchema.extend({ kind: z.enum(ACCOUNT_KINDS).default('wallet') });

// ---------------------------------------------------------------------------------------------
// The staff: /s/api/admin/wallets*

export const adminAccountsQuerySchema = z.object({
  kind: z.enum(ACCOUNT_KINDS).optional(),
  /** only khatas that owe something */
  owing: z
    .enum(['1', 'true', '0', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  page: pageSchema,
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

export const adminAccountRowSchema = accountSummarySchema.extend({
  user_id: z.number().int(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
});
export const adminAccountListSchema = z.object({ data: z.array(adminAccountRowSchema), total: z.number().int() });
export type AdminAccountList = z.infer<typeof adminAccountListSchema>;

/** GET /s/api/admin/wallets/customers/{userId}: the customer's wallet and khata (null when not opened). */
export const adminCustomerAccountsSchema = z.object({
  user_id: z.number().int(),
  wallet: accountWithEntriesSchema.nullable(),
  khata: accountWithEntriesSchema.nullable(),
});
export type AdminCustomerAccounts = z.infer<typeof adminCustomerAccountsSchema>;

export const khataOpenSchema = z.object({ credit_limit_paise: paise('The credit limit') });
export const khataLimitSchema = z.object({ credit_limit_paise: paise('The credit limit', 0) });

export const goodwillSchema = z.object({
  amount_paise: paise('The amount'),
  reason: z
    .string({ message: 'Say why the credit is given' })
    .trim()
    .min(3, 'Say why the credit is given (at least 3 letters)')
    .max(300, 'The reason is at most 300 letters'),
  idempotency_key: idempotencyKeySchema,
});
export type GoodwillInput = z.infer<typeof goodwillSchema>;

export const khataPaymentSchema = z.object({
  amount_paise: paise('The amount'),
  note: z.string().trim().max(300, 'The note is at most 300 letters').default(''),
  idempotency_key: idempotencyKeySchema,
});
export type KhataPaymentInput = z.infer<typeof khataPaymentSchema>;

export const postedEntrySchema = z.object({ account: accountSummarySchema, entry: accountEntrySchema });
export type PostedEntry = z.infer<typeof postedEntrySchema>;

export const userIdParamsSchema = z.object({ userId: coercedIdSchema });
export const accountIdParamsSchema = z.object({ accountId: coercedIdSchema });

// ---------------------------------------------------------------------------------------------
// The counter: /s/api/pos/accounts* (issue 44 §2, §7)

/** GET /s/api/pos/accounts?mobile=: the customer's wallet and khata balances at the till. */
export const posAccountsSchema = z.object({
  found: z.boolean(),
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  wallet: z.object({ balance_paise: z.number().int() }).nullable(),
  khata: z
    .object({
      id: z.number().int(),
      balance_paise: z.number().int(),
      credit_limit_paise: z.number().int(),
      /** what the limit still allows on credit */
      available_paise: z.number().int(),
      status: z.enum(['open', 'closed']),
    })
    .nullable(),
});
export type PosAccounts = z.infer<typeof posAccountsSchema>;

/** POST /s/api/pos/accounts/payments: cash or UPI taken at the till to settle a khata or top up a wallet. */
export const posAccountPaymentInputSchema = z.object({
  till: z.string().trim().min(1).max(40),
  mobile: z
    .string()
    .trim()
    .regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number'),
  purpose: z.enum(['khata', 'wallet'], { message: 'purpose must be khata or wallet' }),
  method: z.enum(['cash', 'upi'], { message: 'method must be cash or upi' }),
  amount_paise: paise('The amount'),
  idempotency_key: idempotencyKeySchema,
});
export type PosAccountPaymentInput = z.infer<typeof posAccountPaymentInputSchema>;

/** The receipt of money taken for a customer's account. */
export const posAccountReceiptSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(['khata', 'wallet']),
  method: z.enum(['cash', 'upi']),
  amount_paise: z.number().int(),
  balance_after_paise: z.number().int(),
  credit_limit_paise: z.number().int(),
  customer_name: z.string(),
  customer_mobile: z.string(),
  shop_name: z.string(),
  created_at: z.string(),
  created: z.boolean(),
});
export type PosAccountReceipt = z.infer<typeof posAccountReceiptSchema>;

/** GET/PUT /s/api/admin/wallets/settings: a statement's balance is due this many days after the 1st. */
export const khataSettingsSchema = z.object({
  due_days: z
    .number({ message: 'due_days must be a whole number of days' })
    .int('due_days must be a whole number of days')
    .min(1, 'Give at least 1 day to pay')
    .max(28, 'At most 28 days to pay'),
});
export type KhataSettings = z.infer<typeof khataSettingsSchema>;
export const KHATA_DUE_DAYS_DEFAULT = 7;

/** "Owes ₹…" / "₹… in credit" for a khata balance in paise (below zero: owed). */
export const khataBalanceText = (balancePaise: number, format: (rupees: number) => string): string =>
  balancePaise < 0 ? `Owes ${format(-balancePaise / 100)}` : balancePaise > 0 ? `${format(balancePaise / 100)} in credit` : 'Nothing owed';
