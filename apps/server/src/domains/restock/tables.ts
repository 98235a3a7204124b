import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { packs } from '../catalogue/tables';
import { users } from '../identity/tables';
import { warehouses } from '../inventory/tables';
import { websites } from '../website/tables';

/**
 * "Notify me" on an out-of-stock pack: the shopper is told once, through the outbox, when the pack
 * is back at the warehouse that serves them. Names, link and contact are copied when asked, so
 * the job that sends them needs no other domain's rows.
 */
export const restockAlerts = pgTable(
  'restock_alerts',
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
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    link: text().notNull(),
    email: text(),
    phone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('restock_alerts_pending_uq')
      .on(t.websiteId, t.userId, t.packId)
      .where(sql`${t.notifiedAt} is null`),
    index('restock_alerts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
