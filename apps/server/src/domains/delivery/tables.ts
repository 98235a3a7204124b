import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { warehouses } from '../inventory/tables';
import { websites } from '../website/tables';

/**
 * A delivery zone: the pincodes one warehouse serves, with its delivery charge (free from
 * `freeAbove` items total), whether cash on delivery is offered (up to `codMax`), and how many
 * days ahead the first slot is. Money in paise.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    deliveryCharge: integer().notNull().default(0),
    freeAbove: integer(),
    codAllowed: boolean().notNull().default(true),
    codMax: integer(),
    leadDays: integer().notNull().default(0),
  },
  (t) => [
    index('delivery_zones_website_idx').on(t.websiteId),
    check('delivery_zones_money_non_negative', sql`${t.deliveryCharge} >= 0 and ${t.leadDays} >= 0`),
  ],
);

export const zonePincodes = pgTable(
  'zone_pincodes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    pincode: text().notNull(),
    zoneId: integer()
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('zone_pincodes_website_pincode_uq').on(t.websiteId, t.pincode)],
);

/**
 * A slot template: a delivery window of a zone ('HH:mm' local shop time) on the weekdays of
 * `weekdays` (bit 0 Sunday … bit 6 Saturday; 127 every day) with a number of orders per day,
 * offered until `cutoffMinutes` before it starts. Each date's slot exists once someone books it
 * (slot_bookings); the offers over the next days are generated from these (nextSlots).
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    zoneId: integer()
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    startTime: text().notNull(),
    endTime: text().notNull(),
    capacity: integer().notNull(),
    weekdays: integer().notNull().default(127),
    cutoffMinutes: integer().notNull().default(0),
  },
  (t) => [
    index('delivery_slots_zone_idx').on(t.websiteId, t.zoneId),
    check('delivery_slots_capacity_positive', sql`${t.capacity} > 0`),
    check('delivery_slots_template', sql`${t.weekdays} between 1 and 127 and ${t.cutoffMinutes} >= 0`),
  ],
);

/**
 * Capacity taken per slot per date. The slot's capacity is copied in so the check can hold the
 * invariant inside the row: taking a place is one conditional upsert (see takeSlot), like stock.
 */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    slotId: integer()
      .notNull()
      .references(() => deliverySlots.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' in shop time (Asia/Kolkata) */
    date: text().notNull(),
    capacity: integer().notNull(),
    used: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.date] }),
    check('slot_bookings_used_within_capacity', sql`${t.used} >= 0 and ${t.used} <= ${t.capacity}`),
  ],
);

/**
 * A day without deliveries (a holiday, a closure): no slot is offered on `date` ('YYYY-MM-DD',
 * shop time) in the zone, or in every zone of the website when `zoneId` is null.
 */
export const deliveryClosures = pgTable(
  'delivery_closures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    zoneId: integer().references(() => deliveryZones.id, { onDelete: 'cascade' }),
    date: text().notNull(),
    reason: text().notNull().default(''),
  },
  (t) => [index('delivery_closures_website_date_idx').on(t.websiteId, t.date)],
);
