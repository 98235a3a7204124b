import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

/**
 * Every message the shop sends (codes, order confirmations), written before it is delivered so
 * a failed delivery is never lost: status queued → sent | logged (development, no transport) |
 * failed (with the error; retried).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    channel: text().$type<'email' | 'sms'>().notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    /** carries a sign-in code: in production the text is removed once delivered */
    sensitive: boolean().notNull().default(false),
    status: text().$type<'queued' | 'sent' | 'logged' | 'failed'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);
