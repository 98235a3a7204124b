import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * A discount code (DESIGN §7). kind 'flat': value in paise; kind 'percent': value in basis
 * points (1000 = 10%) capped by maxDiscount paise. The rule itself is couponDiscount in
 * @grocer/shared/coupon.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    description: text().notNull().default(''),
    kind: text({ enum: ['flat', 'percent'] }).notNull(),
    value: integer().notNull(),
    maxDiscount: integer(),
    minOrder: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    perCustomerLimit: integer(),
    /** only for a shopper's first order (no earlier order that went through) */
    firstOrderOnly: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    /** offered to shoppers (the cart's "Offers for you" and /offers); an unlisted code is only typed */
    listed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_website_code_uq').on(t.websiteId, t.code),
    check('coupons_value_positive', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
  ],
);

/** One use of a coupon by an order; written by checkout in the order's transaction. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderId: text().notNull(),
    /** paise the coupon took off that order (for "discount given") */
    discount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.userId),
    uniqueIndex('coupon_redemptions_order_uq').on(t.couponId, t.orderId),
  ],
);
