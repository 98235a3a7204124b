import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/** A shopper's delivery addresses on one website; at most one default each. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull(),
    pincode: text().notNull(),
    line1: text().notNull(),
    line2: text().notNull(),
    landmark: text(),
    city: text().notNull(),
    state: text().notNull(),
    type: text().$type<'home' | 'work' | 'other'>().notNull().default('home'),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_owner_idx').on(t.websiteId, t.userId),
    uniqueIndex('addresses_one_default_uq')
      .on(t.websiteId, t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
