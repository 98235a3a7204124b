import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ViewList } from '@grocer/shared/views';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * A staff member's saved view of a list (issue 40.17): the list's URL state (filters, sort,
 * search) under a name, theirs or shared with the website's staff. Names are unique per person
 * and list, whatever the case.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text().$type<ViewList>().notNull(),
    name: text().notNull(),
    /** the list's search parameters, name → value (page left out) */
    params: jsonb().$type<Record<string, string>>().notNull().default({}),
    shared: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_name_uq').on(t.websiteId, t.userId, t.list, sql`lower(${t.name})`),
    index('saved_views_list_idx').on(t.websiteId, t.list),
    check('saved_views_list_known', sql`${t.list} in ('orders', 'products', 'customers')`),
  ],
);
