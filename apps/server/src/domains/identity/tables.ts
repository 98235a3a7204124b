import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** the storefront language the person chose (issue 46); null: the website's default */
    language: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    // the staff's search of people (`%q%` on name, email and mobile: the customer and order lists), migration 0048
    index('users_search_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`, sql`${t.email} gin_trgm_ops`, sql`${t.phone} gin_trgm_ops`),
  ],
);

/** Per-website membership and role flags (spec §6). */
export const websiteMembers = pgTable(
  'website_members',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hasAdminAccess: boolean().notNull().default(false),
    isSalesAgent: boolean().notNull().default(false),
    /** works the point of sale only (a cashier): no Administration, no closing another cashier's shift */
    isCashier: boolean().notNull().default(false),
    /** the other staff roles (packages/shared/src/staff-roles.ts says what each grants) */
    isPacker: boolean().notNull().default(false),
    isDeliveryManager: boolean().notNull().default(false),
    isCatalogueEditor: boolean().notNull().default(false),
    isAccountant: boolean().notNull().default(false),
    /** delivers orders in the rider app (issue 45, migration 0053) */
    isRider: boolean().notNull().default(false),
    /** a customer's sales agent on this website (the owner assigns it; the agent orders for them) */
    agentId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** an agent's commission on their sales, in basis points (1% = 100), set by the owner */
    commissionBps: integer().notNull().default(0),
    /** blocked on this website by its staff (cannot sign in or order here), and why (told to them) */
    blockedAt: timestamp({ withTimezone: true }),
    blockedReason: text(),
    /** the shopper allowed this website's analytics to know who they are (posthog identify); off until they say so (DPDP) */
    analyticsConsent: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.userId] }),
    index('website_members_agent_idx').on(t.websiteId, t.agentId),
    check('website_members_commission_range', sql`${t.commissionBps} between 0 and 10000`),
  ],
);

/**
 * A visitor's server-side session. The cookie carries a random token; the row is keyed by its
 * SHA-256 so a leaked database does not leak live sessions. Carts and the pincode hang on it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    pincode: text(),
    /** a staff session's managed website (/auth/bos/choose): staff calls work on it instead of the host's */
    managedWebsiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * One-time sign-in codes (DESIGN §5). Only an HMAC of the code is kept. `purpose`
 * login | register | change; `payload` carries what the code confirms (a registration's name,
 * email and mobile, or a profile's new email/mobile). Dead once used, expired or out of tries.
 * A row is one browser's hold on a code (`holder`): several browsers asking for the same email or
 * mobile share its code (same `nonce`), each with its own tries (see `codes.ts`).
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    purpose: text().$type<'login' | 'register' | 'change'>().notNull(),
    /** normalised email or mobile the code was sent for */
    identifier: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    /** the code's seed: its digits are an HMAC of it under the server secret, so it can be sent again; shared by the rows of one code */
    nonce: text(),
    /** the browser that asked (its session id, or the pre-session id its XSRF token is bound to); only it may try the code */
    holder: text(),
    payload: jsonb().$type<Record<string, string>>().notNull().default({}),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_codes_lookup_idx').on(t.websiteId, t.identifier, t.createdAt)],
);

/** Fixed-window counters for rate limits (per identifier, per client address). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

/**
 * A customer's tags on one website (issue 40.19): the staff's own words ("wholesale", "vip"),
 * stored lower-case, to filter and export the customer list by. One row a tag.
 */
export const customerTags = pgTable(
  'customer_tags',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'customer_tags_pk', columns: [t.websiteId, t.userId, t.tag] }),
    index('customer_tags_tag_idx').on(t.websiteId, t.tag),
  ],
);

/** The staff's notes on a customer (issue 40.19): who wrote what, when; never shown to the shopper. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the staff member who wrote it (null once that person is erased) */
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.websiteId, t.userId, t.createdAt)],
);
