import type { IssueKind } from '@grocer/shared/support';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
import { orders } from '../orders/tables';
import { websites } from '../website/tables';

/**
 * A shopper's report of a problem with a delivered order (missing, damaged, wrong item…): the
 * lines it is about as they were sold (name and quantity copied), open until staff resolve it.
 */
export const orderIssues = pgTable(
  'order_issues',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** copied from the order when reported, for the staff's list */
    ordernumber: text().notNull(),
    customerName: text().notNull(),
    customerPhone: text().notNull(),
    kind: text().$type<IssueKind>().notNull(),
    lines: jsonb().$type<Array<{ pack_id: number; name: string; quantity: number }>>().notNull(),
    note: text().notNull().default(''),
    status: text({ enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text(),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_issues_website_idx').on(t.websiteId, t.status, t.createdAt), index('order_issues_order_idx').on(t.orderId)],
);
