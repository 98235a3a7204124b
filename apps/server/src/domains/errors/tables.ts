import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

/**
 * The first-party error inbox (no SENTRY_DSN): browser events through the tunnel and the server's
 * own unhandled errors, one row per fingerprint with its count and the latest occurrence.
 */
export const errorGroups = pgTable(
  'error_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fingerprint: text().notNull(),
    /** 'browser' or 'server' */
    source: text().notNull(),
    title: text().notNull(),
    culprit: text().notNull().default(''),
    level: text().notNull().default('error'),
    count: integer().notNull().default(1),
    firstSeen: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp({ withTimezone: true }).notNull().defaultNow(),
    release: text(),
    environment: text(),
    requestId: text(),
    url: text(),
    /** the signed-in user's id only: no email, name or address */
    userId: text(),
    /** the latest occurrence: stack frames, breadcrumbs, tags */
    latest: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('error_groups_fingerprint_uq').on(t.websiteId, t.fingerprint),
    index('error_groups_site_seen_idx').on(t.websiteId, t.lastSeen),
  ],
);
