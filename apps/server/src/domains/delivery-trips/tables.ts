import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryCodeMode, FailNext, FailReason, StopOutcome, TripStatus } from '@grocer/shared/delivery-trips';
import { deliverySlots } from '../delivery/tables';
import { users } from '../identity/tables';
import { orders } from '../orders/tables';
import { websites } from '../website/tables';

// The delivery-trips module's tables (migration 0053). Foreign keys name other domains' tables;
// the module's code reads and changes orders only through the orders module's interface.

/**
 * A trip: the orders one rider takes out of a slot (`slotId` on `slotDate`, shop time). planned
 * while dispatch arranges it; out once started (its orders out for delivery); done when every
 * stop has an outcome. The rider sees its addresses and phones only until then.
 */
export const deliveryTrips = pgTable(
  'delivery_trips',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    slotId: integer()
      .notNull()
      .references(() => deliverySlots.id, { onDelete: 'cascade' }),
    slotDate: text().notNull(),
    /** what dispatch and the rider call it ("Trip 1 · 560001") */
    label: text().notNull(),
    riderId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<TripStatus>().notNull().default('planned'),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_trips_slot_idx').on(t.websiteId, t.slotDate, t.slotId),
    index('delivery_trips_rider_idx').on(t.websiteId, t.riderId, t.status),
    check('delivery_trips_status_ck', sql`${t.status} in ('planned', 'out', 'done')`),
  ],
);

/**
 * One attempt at one order within a trip, in route order (`sequence`). An order has at most one
 * open stop (no outcome yet; a partial unique index); a failed attempt sent back for reattempt
 * gets a new stop, attempt + 1, in a later trip.
 */
export const tripStops = pgTable(
  'trip_stops',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tripId: integer()
      .notNull()
      .references(() => deliveryTrips.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequence: integer().notNull(),
    attempt: integer().notNull().default(1),
    pickedUpAt: timestamp({ withTimezone: true }),
    outcome: text().$type<StopOutcome>(),
    failReason: text().$type<FailReason>(),
    failNext: text().$type<FailNext>(),
    /** paise collected at the door, in cash and by UPI to the shop's QR */
    cashPaise: integer().notNull().default(0),
    upiPaise: integer().notNull().default(0),
    outcomeAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_stops_trip_idx').on(t.tripId, t.sequence),
    uniqueIndex('trip_stops_order_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('trip_stops_open_uq')
      .on(t.orderId)
      .where(sql`${t.outcome} is null`),
    check('trip_stops_outcome_ck', sql`${t.outcome} is null or ${t.outcome} in ('delivered', 'failed')`),
    check(
      'trip_stops_fail_ck',
      sql`(${t.outcome} = 'failed') = (${t.failReason} is not null) and (${t.failReason} is null or ${t.failReason} in ('not_at_home', 'refused', 'wrong_address', 'could_not_reach')) and (${t.failNext} is null or ${t.failNext} in ('reattempt', 'return_to_store'))`,
    ),
    check('trip_stops_money_ck', sql`${t.cashPaise} >= 0 and ${t.upiPaise} >= 0 and ${t.attempt} >= 1`),
  ],
);

/**
 * An order's delivery code: 4 digits derived from `nonce` and the server secret (so the shopper's
 * order page can show it again), checked against `codeHash`; `wrongTries` wrong codes lock it
 * until `lockedUntil`. An owner's override (reason, who) stands in for the code, audited.
 */
export const deliveryCodes = pgTable('delivery_codes', {
  orderId: text()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  websiteId: integer()
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  nonce: text().notNull(),
  codeHash: text().notNull(),
  wrongTries: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  verifiedAt: timestamp({ withTimezone: true }),
  overriddenBy: text(),
  overrideReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Per website: which orders need the delivery code at the door (no row: every order). */
export const deliveryTripSettings = pgTable(
  'delivery_trip_settings',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    codeMode: text().$type<DeliveryCodeMode>().notNull().default('all'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_trip_settings_mode_ck', sql`${t.codeMode} in ('off', 'prepaid', 'cod', 'all')`)],
);
