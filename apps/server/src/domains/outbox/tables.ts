import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
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
    /** `push`: a Web Push to one staff browser (`to` is its subscription's endpoint) */
    channel: text().$type<'email' | 'sms' | 'push'>().notNull(),
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

/**
 * A staff member's browser asking for Web Push (issue 40.17: new orders), per website: the push
 * service's endpoint and the keys the payload is encrypted to (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.websiteId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.websiteId, t.userId),
  ],
);

/** The installation's VAPID key pair (RFC 8292), made once on first use and kept: one row, id 1. */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer().primaryKey(),
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);
