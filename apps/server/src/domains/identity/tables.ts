import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

/** A person, global across websites (email and phone identify them). */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    superadmin: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), uniqueIndex('users_phone_uq').on(t.phone)],
);

/** Per-website membership and role flags (spec §6). */
export const websiteMembers = pgTable(
  'website_members',
  {
    websiteId: integer().notNull().references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    hasAdminAccess: boolean().notNull().default(false),
    isSalesAgent: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.userId] })],
);

/**
 * A visitor's server-side session. The cookie carries a random token; the row is keyed by its
 * SHA-256 so a leaked database does not leak live sessions. Carts and the pincode hang on it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    websiteId: integer().notNull().references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    pincode: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
