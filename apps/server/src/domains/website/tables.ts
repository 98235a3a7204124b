import type { Language } from '@grocer/shared/languages';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One online shop. Everything a shop owns carries its website_id. */
export const websites = pgTable('websites', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  isDefault: boolean().notNull().default(false),
  /** set while the owner has paused the shop: its storefront shows a closed page, staff still work */
  pausedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Host names that resolve to a website, in the one form requests are looked up in
 * (`normaliseHost` in packages/shared/src/websites.ts: lower case, punycode, no port, no trailing
 * dot), which the check holds every writer to (the constraint is NOT VALID: an install upgrading
 * with an odd hand-written row still starts, migration 0030).
 */
export const websiteDomains = pgTable(
  'website_domains',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    host: text().notNull(),
    /** the website's main address (links in emails, the choose screen); one per website */
    isPrimary: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('website_domains_host_uq').on(t.host),
    uniqueIndex('website_domains_primary_uq')
      .on(t.websiteId)
      .where(sql`${t.isPrimary}`),
    check('website_domains_host_normal', sql`${t.host} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$'`),
  ],
);

/**
 * Store-level settings (spec §3): one row per website. Structured parts the spec treats as
 * maps (theme colours, nav settings, SEO, popup, web address) are jsonb validated by the shared
 * zod schemas on the way in and out.
 */
export const websiteSettings = pgTable('website_settings', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  logo: text().notNull().default(''),
  favicon: text().notNull().default(''),
  description: text().notNull().default(''),
  theme: text().notNull().default('default'),
  fontFamily: text().notNull().default('Inter'),
  showSupplierPage: boolean().notNull().default(false),
  showCart: boolean().notNull().default(true),
  /** name → colour, applied as CSS variables */
  activeTheme: jsonb().$type<Record<string, string>>().notNull().default({}),
  navSetting: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  seo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  popup: jsonb().$type<Record<string, unknown> | null>(),
  /** owner-authored scripts injected into every page as configured (deliberately unsanitised) */
  pageScripts: jsonb().$type<{ head: string; body: string }>().notNull().default({ head: '', body: '' }),
  webAddress: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** the shop's GST state code / state name, for the CGST+SGST vs IGST split */
  state: text().notNull().default('Karnataka'),
  /** the languages the storefront offers (`LANGUAGES` in packages/shared), always including the default (issue 46) */
  languages: text()
    .array()
    .$type<Language[]>()
    .notNull()
    .default(sql`'{en}'`),
  defaultLanguage: text().$type<Language>().notNull().default('en'),
  /** bumped by every Website Settings save (settings and menus): a save from an older version is refused (409) */
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Navigation and footer items: one tree per website and kind (spec §3 navigation item). */
export const navItems = pgTable(
  'nav_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['nav', 'footer'] }).notNull(),
    parentId: integer(),
    position: integer().notNull().default(0),
    group: integer(),
    name: text().notNull(),
    icon: text(),
    showIcon: integer().notNull().default(0),
    link: text(),
    value: text(),
    slug: text(),
    image: text(),
  },
  (t) => [index('nav_items_website_kind_idx').on(t.websiteId, t.kind, t.parentId, t.position)],
);
