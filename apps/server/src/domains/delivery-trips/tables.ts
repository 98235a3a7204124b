import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryCodeMode, FailNext, FailReason, HandoverVia, StopOutcome, TripStatus } from '@grocer/shared/delivery-trips';
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
    /** the photo the rider took at the door (a media-store key under uploads/w{website}/door/; migration 0058) */
    photoPath: text(),
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
    /** riders may share their phone's position while a trip is out (0059; off by default) */
    sharePosition: boolean().notNull().default(false),
    /** the shop's number a shopper calls to reach their rider (the rider's own number is never shown to them) */
    callNumber: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_trip_settings_mode_ck', sql`${t.codeMode} in ('off', 'prepaid', 'cod', 'all')`)],
);

/**
 * The cash a rider brings back from a trip, counted once by a cashier (migration 0058; one row per
 * trip, the unique index makes a second count fail). `expected`: the cash collected at the trip's
 * doors (its delivered stops' `cashPaise`); `upi`: paid to the shop's QR at the doors, already in
 * the bank, reconciled apart (never counted here). `difference` = counted − expected, with a
 * reason when not zero, like a till shift's close. `via`: counted at the till or in Administration.
 */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tripId: integer()
      .notNull()
      .references(() => deliveryTrips.id, { onDelete: 'cascade' }),
    riderId: integer().references(() => users.id, { onDelete: 'set null' }),
    expected: integer().notNull(),
    upi: integer().notNull().default(0),
    counted: integer().notNull(),
    difference: integer().notNull(),
    reason: text(),
    /** notes and coins counted, by face value in rupees ("500": 3), when the cashier gave them */
    denominations: jsonb().$type<Partial<Record<string, number>>>(),
    receivedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    via: text().$type<HandoverVia>().notNull(),
    /** the bank deposit that took this counted cash (0060), null until deposited */
    depositId: integer().references((): AnyPgColumn => cashDeposits.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_handovers_trip_uq').on(t.tripId),
    index('cash_handovers_website_idx').on(t.websiteId, t.createdAt),
    check(
      'cash_handovers_money_ck',
      sql`${t.expected} >= 0 and ${t.upi} >= 0 and ${t.counted} >= 0 and ${t.difference} = ${t.counted} - ${t.expected}`,
    ),
    check('cash_handovers_reason_ck', sql`${t.difference} = 0 or ${t.reason} is not null`),
    check('cash_handovers_via_ck', sql`${t.via} in ('pos', 'admin')`),
  ],
);

/**
 * Counted handover cash taken to the bank (0060): the amount (paise, the sum of its handovers'
 * counted cash), the day, the bank's reference and who recorded it. Its handovers name it.
 */
export const cashDeposits = pgTable(
  'cash_deposits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    depositedOn: date({ mode: 'string' }).notNull(),
    bankReference: text().notNull(),
    recordedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cash_deposits_website_idx').on(t.websiteId, t.depositedOn), check('cash_deposits_amount_ck', sql`${t.amount} >= 0`)],
);

/**
 * The latest position a rider's phone shared for a trip that is out (0059): one row per trip,
 * overwritten by each report, deleted when the trip ends. Never a history.
 */
export const riderPositions = pgTable(
  'rider_positions',
  {
    tripId: integer()
      .primaryKey()
      .references(() => deliveryTrips.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    accuracyM: integer(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rider_positions_coords_ck', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`)],
);
