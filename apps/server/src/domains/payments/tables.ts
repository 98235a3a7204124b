import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentProvider, PaymentStatus } from '@grocer/shared/order';
import { orders } from '../orders/tables';
import { websites } from '../website/tables';

/**
 * One payment per order. Status moves only along `PAYMENT_TRANSITIONS` (packages/shared
 * order.ts), by `movePayment`; cash on delivery is cod (to collect) → collected → handed_over, or
 * not_collected when its order is cancelled.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().$type<PaymentProvider>().notNull(),
    status: text().$type<PaymentStatus>().notNull(),
    amount: integer().notNull(),
    providerOrderId: text(),
    providerPaymentId: text(),
    refundId: text(),
    /**
     * paise already refunded by partial refunds: a line removed or substituted (once the provider
     * took it), or lines returned at the counter; a later full refund returns the rest
     */
    refunded: integer().notNull().default(0),
    /**
     * paise of partial refunds recorded but not yet taken by the provider (sent and waiting, or
     * failed and kept for a retry): counted in `refunded` only when the provider takes them, and
     * held back from a full refund so a part is never refunded twice
     */
    refundPending: integer().notNull().default(0),
    /** where the shopper chose a cancelled order's refund to go (migration 0062): `wallet` (at once), or null (back to the source) */
    refundTo: text().$type<'wallet'>(),
    /** cash on delivery: paise the delivery person brought back (null until the order is delivered) */
    collected: integer(),
    /** cash on delivery: paise short of the order's total at the door (accepted with a reason), and why */
    shortfall: integer().notNull().default(0),
    shortfallReason: text(),
    /** cash on delivery: when the collected cash reached the shop's till (status handed_over) */
    handedOverAt: timestamp({ withTimezone: true }),
    /** what the browser needs again on a retry (Cashfree's payment_session_id) */
    meta: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_uq').on(t.orderId),
    uniqueIndex('payments_provider_order_uq').on(t.provider, t.providerOrderId),
    // the staff's order list filter by payment status, and the COD report's cash awaiting hand-over
    index('payments_status_idx').on(t.websiteId, t.status),
    check('payments_refund_to_ck', sql`${t.refundTo} is null or ${t.refundTo} = 'wallet'`),
  ],
);

/**
 * A closed online attempt of an order's payment (issue 39): when the shopper switches an order
 * awaiting payment to another method, the gateway order made for it is kept here, so a payment
 * that still lands on it (a late webhook, a tab left open) is found, recorded and refunded: only
 * the order's current payment (`payments`) ever counts. Status: abandoned (closed, nothing paid),
 * refund_pending (paid after it was closed, refund asked), refunded.
 */
export const PAYMENT_ATTEMPT_STATUSES = ['abandoned', 'refund_pending', 'refunded'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().$type<'razorpay' | 'cashfree'>().notNull(),
    providerOrderId: text().notNull(),
    status: text().$type<PaymentAttemptStatus>().notNull(),
    /** what the attempt asked for (paise) */
    amount: integer().notNull(),
    /** a payment that landed after the attempt was closed: its id and amount (paise), refunded */
    providerPaymentId: text(),
    paid: integer().notNull().default(0),
    refundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_order_uq').on(t.provider, t.providerOrderId),
    index('payment_attempts_order_idx').on(t.orderId),
  ],
);

/** Every provider event applied, once: a retried webhook finds its key and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().$type<PaymentProvider>().notNull(),
    eventId: text().notNull(),
    orderId: text(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.provider, t.eventId)],
);

/**
 * A website's own payment keys (the default website may use the environment's instead). The key
 * secret and webhook secret are AES-256-GCM ciphertext (`secrets.ts`, key SECRETS_KEY), never
 * plaintext; the key id is public (Razorpay Checkout shows it to every browser).
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    provider: text().$type<'razorpay' | 'cashfree'>().notNull(),
    keyId: text().notNull(),
    keySecret: text().notNull(),
    webhookSecret: text().notNull(),
    baseUrl: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_settings_uq').on(t.websiteId, t.provider)],
);

/** A website's payment choices beyond the providers' keys: cash on delivery on or off for the whole shop. */
export const paymentOptions = pgTable('payment_options', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  codEnabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The difference a staff edit added to a paid prepaid order (issue 40 §12), collected as a second
 * payment through the order's own provider by a payment link (`balances.ts`). Status: pending (the
 * link is open), paid, void (closed unpaid: the order cancelled, the balance changed by a later
 * edit), refund_pending and refunded (paid, then given back: the order cancelled, or paid on a
 * link already void). At most one pending balance per order.
 */
export const BALANCE_STATUSES = ['pending', 'paid', 'void', 'refund_pending', 'refunded'] as const;
export type BalanceStatus = (typeof BALANCE_STATUSES)[number];
export const paymentBalances = pgTable(
  'payment_balances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().$type<'razorpay' | 'cashfree'>().notNull(),
    status: text().$type<BalanceStatus>().notNull(),
    /** paise to collect */
    amount: integer().notNull(),
    providerOrderId: text(),
    providerPaymentId: text(),
    refundId: text(),
    /** Cashfree's payment_session_id, kept for the link opened again */
    meta: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_balances_status_ck', sql`${t.status} in ('pending', 'paid', 'void', 'refund_pending', 'refunded')`),
    check('payment_balances_amount_ck', sql`${t.amount} > 0`),
    uniqueIndex('payment_balances_provider_order_uq').on(t.provider, t.providerOrderId),
    uniqueIndex('payment_balances_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    index('payment_balances_order_idx').on(t.orderId),
  ],
);
