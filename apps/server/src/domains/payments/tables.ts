import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentProvider, PaymentStatus } from '@grocer/shared/order';
import { orders } from '../orders/tables';
import { websites } from '../website/tables';

/**
 * One payment per order. Status moves only along `PAYMENT_TRANSITIONS` (packages/shared
 * order.ts), by `movePayment`; cod for cash on delivery.
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
    /** paise already refunded by partial refunds (a line removed or substituted); a later full refund returns the rest */
    refunded: integer().notNull().default(0),
    /** what the browser needs again on a retry (Cashfree's payment_session_id) */
    meta: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_order_uq').on(t.orderId), uniqueIndex('payments_provider_order_uq').on(t.provider, t.providerOrderId)],
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
