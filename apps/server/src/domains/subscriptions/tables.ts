import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GenerationStatus, ScheduleKind, SubscriptionStatus } from '@grocer/shared/subscriptions';
import { addresses } from '../addresses/tables';
import { packs } from '../catalogue/tables';
import { deliverySlots } from '../delivery/tables';
import { users } from '../identity/tables';
import { orders } from '../orders/tables';
import { websites } from '../website/tables';

// The subscriptions domain's tables (migration 0051, issue 44 §4-6). Dates are 'YYYY-MM-DD' shop days.

/** A website's subscription settings: the cut-off for tomorrow's changes, the minimum top-up, the cashback rule. */
export const subscriptionSettings = pgTable(
  'subscription_settings',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** 'HH:MM' shop time: changes for tomorrow close then, and the generation for tomorrow runs after */
    cutoffTime: text().notNull().default('22:00'),
    minTopupPaise: integer().notNull().default(0),
    /** cashback on subscription orders: whole percent, capped per order (0: none) */
    cashbackPercent: integer().notNull().default(0),
    cashbackCapPaise: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscription_settings_cutoff_ck', sql`${t.cutoffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'subscription_settings_money_ck',
      sql`${t.minTopupPaise} >= 0 and ${t.cashbackCapPaise} >= 0 and ${t.cashbackPercent} between 0 and 100`,
    ),
  ],
);

/** The packs a website's shoppers may subscribe to (the owner marks them). */
export const subscribablePacks = pgTable(
  'subscribable_packs',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.packId] })],
);

/** A shopper's standing order for one pack: quantity, schedule from `startDate`, slot and address. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    addressId: integer()
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    slotId: integer().references(() => deliverySlots.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    schedule: text().$type<ScheduleKind>().notNull(),
    /** `weekdays`: bit d set = delivers on weekday d (0 Sunday), as delivery slots count them */
    weekdays: integer().notNull().default(127),
    /** `every_n`: every this many days from the start */
    everyDays: integer().notNull().default(1),
    startDate: text().notNull(),
    status: text().$type<SubscriptionStatus>().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_website_status_idx').on(t.websiteId, t.status, t.startDate),
    index('subscriptions_user_idx').on(t.websiteId, t.userId),
    check('subscriptions_quantity_ck', sql`${t.quantity} between 1 and 99`),
    check(
      'subscriptions_schedule_ck',
      sql`${t.schedule} in ('daily', 'alternate', 'weekdays', 'every_n') and ${t.weekdays} between 1 and 127 and ${t.everyDays} between 1 and 60`,
    ),
    check('subscriptions_status_ck', sql`${t.status} in ('active', 'paused', 'cancelled')`),
  ],
);

/** One date's change: another quantity, or 0 (skipped). */
export const subscriptionDays = pgTable(
  'subscription_days',
  {
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    websiteId: integer().notNull(),
    date: text().notNull(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.date] }), check('subscription_days_quantity_ck', sql`${t.quantity} between 0 and 99`)],
);

/** A range without deliveries (a holiday), both ends included. */
export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    websiteId: integer().notNull(),
    fromDate: text().notNull(),
    toDate: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_pauses_subscription_idx').on(t.subscriptionId, t.fromDate),
    check('subscription_pauses_range_ck', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);

/**
 * What the generation did for a subscription's delivery date: `ordered` (with the order), `held`
 * (the wallet could not pay), `out_of_stock`, `slot_full`. Unique per (subscription, date): the
 * claim that makes generation idempotent. The order's foreign key is deferred (the claim comes
 * first in the order's transaction).
 */
export const subscriptionGenerations = pgTable(
  'subscription_generations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer().notNull(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    deliveryDate: text().notNull(),
    status: text().$type<GenerationStatus>().notNull(),
    orderId: text().references(() => orders.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    amountPaise: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_generations_once_uq').on(t.subscriptionId, t.deliveryDate),
    index('subscription_generations_date_idx').on(t.websiteId, t.deliveryDate, t.status),
    check('subscription_generations_status_ck', sql`${t.status} in ('ordered', 'held', 'out_of_stock', 'slot_full')`),
    check('subscription_generations_order_ck', sql`(${t.status} = 'ordered') = (${t.orderId} is not null)`),
  ],
);

/**
 * A one-off item added to a subscription's delivery (migration 0063): one pack for one date,
 * unique per (subscription, date, pack). The generation puts it in that delivery's order and
 * writes the order's id on it (deferred foreign key, as the claims'), so it is ordered once.
 */
export const subscriptionExtras = pgTable(
  'subscription_extras',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    deliveryDate: text().notNull(),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    orderId: text().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_extras_once_uq').on(t.subscriptionId, t.deliveryDate, t.packId),
    index('subscription_extras_date_idx').on(t.websiteId, t.deliveryDate),
    check('subscription_extras_quantity_ck', sql`${t.quantity} between 1 and 20`),
  ],
);

/**
 * The subscription price of a pack as subscribers were last told of it (migration 0063): deliveries
 * before `appliesFrom` are charged `previousPricePaise`, from it `pricePaise`. A change of the
 * catalogue's price is told first (a message to each subscriber) and applies from the first
 * delivery whose cut-off is after the notice.
 */
export const subscriptionPrices = pgTable(
  'subscription_prices',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    pricePaise: integer().notNull(),
    previousPricePaise: integer().notNull(),
    appliesFrom: text().notNull(),
    noticedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.packId] }),
    check('subscription_prices_money_ck', sql`${t.pricePaise} >= 0 and ${t.previousPricePaise} >= 0`),
  ],
);
