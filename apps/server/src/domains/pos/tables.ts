import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { HeldCart, PosFlag, RefundTender, ReturnReason } from '@grocer/shared/pos';
import { warehouses } from '../inventory/tables';
import { orders } from '../orders/tables';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * The counter's settings, one row per website: the shop's UPI VPA for the QR, the most a cashier
 * may take off a bill (basis points of its items total), and the walk-in customer sales without a
 * mobile number are booked to (orders always belong to a user).
 */
export const posSettings = pgTable('pos_settings', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  upiVpa: text().notNull().default(''),
  payeeName: text().notNull().default(''),
  maxDiscountBp: integer().notNull().default(1000),
  walkInUserId: integer().references(() => users.id),
});

/**
 * A till's shift: opened with a cash float at a counter (its warehouse gives the stock), closed
 * with the cash counted; `expected` and `difference` are written when it closes and never change
 * after (a sale synced later is a late sale, see `pos_sales.late_from_shift_id`). One open shift
 * per till. `closeReason`: why a manager closed a shift another cashier opened.
 */
export const posShifts = pgTable(
  'pos_shifts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    till: text().notNull(),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    openedBy: integer()
      .notNull()
      .references(() => users.id),
    openingFloat: integer().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedBy: integer().references(() => users.id),
    closedAt: timestamp({ withTimezone: true }),
    counted: integer(),
    expected: integer(),
    difference: integer(),
    closeReason: text(),
  },
  (t) => [
    uniqueIndex('pos_shifts_open_uq')
      .on(t.websiteId, t.till)
      .where(sql`${t.closedAt} is null`),
    index('pos_shifts_website_idx').on(t.websiteId, t.openedAt),
    check('pos_shifts_float_nonnegative', sql`${t.openingFloat} >= 0`),
  ],
);

/**
 * A counter sale: the order (channel `pos`) it is, the shift it was rung up in, how it was paid
 * (cash kept = tendered − change; UPI; card with the terminal's reference), and the lines an offline
 * sale could not take stock for when it synced (flagged for the shift report). `idempotencyKey` is
 * the till's key: a replayed sale answers the same order.
 */
export const posSales = pgTable(
  'pos_sales',
  {
    orderId: text()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    shiftId: integer()
      .notNull()
      .references(() => posShifts.id),
    idempotencyKey: text().notNull(),
    cash: integer().notNull().default(0),
    cashTendered: integer().notNull().default(0),
    upi: integer().notNull().default(0),
    card: integer().notNull().default(0),
    /** paise put on the customer's khata (its ledger entry is keyed `pos_sale:{idempotencyKey}`) */
    khata: integer().notNull().default(0),
    cardRef: text(),
    offline: boolean().notNull().default(false),
    /**
     * A late sale: rung up offline in this shift, which was closed (cash counted) before the sale
     * synced. It is in no shift's totals; `shiftId` is the till's shift that was open at sync, or
     * this one when none was (the report lists it there).
     */
    lateFromShiftId: integer().references(() => posShifts.id),
    flags: jsonb().$type<PosFlag[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pos_sales_key_uq').on(t.websiteId, t.idempotencyKey), index('pos_sales_shift_idx').on(t.shiftId)],
);

/**
 * A return at the counter (a credit note, `number` in its own series, `CN…`): the lines and units
 * given back, why (`reason`, `note`), the tender the cashier refunded by (`tender`), the refund
 * per method and `rounding`, what the cash paid out in whole rupees left over (the lines' total =
 * cash + upi + card + rounding). Returns made before these were kept have no number.
 */
export const posReturns = pgTable(
  'pos_returns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shiftId: integer()
      .notNull()
      .references(() => posShifts.id),
    lines: jsonb().$type<Array<{ line_id: number; quantity: number; amount: number }>>().notNull(),
    cash: integer().notNull().default(0),
    upi: integer().notNull().default(0),
    card: integer().notNull().default(0),
    number: text(),
    reason: text().$type<ReturnReason>().notNull().default('other'),
    note: text().notNull().default(''),
    tender: text().$type<RefundTender>().notNull().default('original'),
    rounding: integer().notNull().default(0),
    /** paise credited to the customer's khata (migration 0062): a sale's khata part comes back to the khata first */
    khata: integer().notNull().default(0),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pos_returns_order_idx').on(t.orderId),
    index('pos_returns_shift_idx').on(t.shiftId),
    uniqueIndex('pos_returns_number_uq').on(t.websiteId, t.number),
  ],
);

/** A website's counter number series (`credit_note`): the last number given, taken with the row locked. */
export const posNumberSeries = pgTable(
  'pos_number_series',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    series: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'pos_number_series_pk', columns: [t.websiteId, t.series] })],
);

/**
 * A till device's offline receipt series: its id is the code in the numbers the device gives the
 * sales it rings up offline (`OFF<id>-<n>`); ids are never reused, so no two devices share one.
 */
export const posOfflineSeries = pgTable('pos_offline_series', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  websiteId: integer()
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  till: text().notNull(),
  createdBy: integer()
    .notNull()
    .references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A cart put aside at a till (a shopper who went back for one more thing), recalled later. */
export const posHeldCarts = pgTable(
  'pos_held_carts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    till: text().notNull(),
    label: text().notNull(),
    cart: jsonb().$type<HeldCart>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_held_carts_till_idx').on(t.websiteId, t.till)],
);

/**
 * Money taken at the till for a customer's account (issue 44 §7): a payment against their khata or
 * a top-up of their wallet, in cash or by UPI, with the shift whose drawer holds the cash. Its
 * ledger entry (`entryId`, the wallet module's) is written in the same transaction; the till's key
 * makes a retried call answer the first payment.
 */
export const posAccountPayments = pgTable(
  'pos_account_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    shiftId: integer()
      .notNull()
      .references(() => posShifts.id),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<'khata' | 'wallet'>().notNull(),
    method: text().$type<'cash' | 'upi'>().notNull(),
    amount: integer().notNull(),
    accountId: integer().notNull(),
    entryId: integer().notNull(),
    idempotencyKey: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_account_payments_key_uq').on(t.websiteId, t.idempotencyKey),
    index('pos_account_payments_shift_idx').on(t.shiftId),
    check('pos_account_payments_purpose_ck', sql`${t.purpose} in ('khata', 'wallet')`),
    check('pos_account_payments_method_ck', sql`${t.method} in ('cash', 'upi')`),
    check('pos_account_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);
