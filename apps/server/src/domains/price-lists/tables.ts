import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { packs } from '../catalogue/tables';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/** A customer group of one website ("Wholesale"): its members pay its price list's prices. */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_groups_website_name_uq').on(t.websiteId, sql`lower(${t.name})`)],
);

/** A customer's group on a website: at most one, so a member's price of a pack is never ambiguous. */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'customer_group_members_pk', columns: [t.websiteId, t.userId] }),
    index('customer_group_members_group_idx').on(t.groupId),
  ],
);

/**
 * A group's price of a pack, in paise, from `minQuantity` units on a line (below it, the list
 * price). A member pays the lower of this and the pack's own price.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    pricePaise: integer().notNull(),
    minQuantity: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'price_list_entries_pk', columns: [t.groupId, t.packId] }),
    index('price_list_entries_pack_idx').on(t.packId),
    check('price_list_entries_price_positive', sql`${t.pricePaise} > 0`),
    check('price_list_entries_min_quantity_positive', sql`${t.minQuantity} >= 1`),
  ],
);
