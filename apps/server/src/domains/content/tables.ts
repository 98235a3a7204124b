import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

export interface PageDocument {
  components: Array<{ name: string; type: string; data: unknown; settings: unknown }>;
  css: string;
}

/** A content page addressed by its url ('/' for home), rendered from ordered components. */
export const pages = pgTable(
  'pages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    title: text().notNull().default(''),
    css: text().notNull().default(''),
    showNavbar: boolean().notNull().default(true),
    showSubNavbar: boolean().notNull().default(true),
    showFooter: boolean().notNull().default(true),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    seoKeyword: text().notNull().default(''),
    schemaScript: text(),
    published: boolean().notNull().default(true),
    /**
     * The page builder's unpublished work (`{components, css}` in the spec §3 shape), or null when
     * the draft is what shoppers see. Shoppers read `page_components` and `css` only.
     */
    draft: jsonb().$type<PageDocument | null>(),
    /** bumped by every staff write; a write naming an older one is refused (409) */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_website_url_uq').on(t.websiteId, t.url)],
);

/** Spec §3 component: name, type, data, settings, logicdata, order. */
export const pageComponents = pgTable(
  'page_components',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    pageId: integer()
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    name: text().notNull(),
    type: text().notNull(),
    data: jsonb().$type<unknown>(),
    settings: jsonb().$type<unknown>(),
    logicdata: jsonb().$type<unknown>(),
  },
  (t) => [index('page_components_page_idx').on(t.pageId, t.position)],
);

/**
 * Every publish of a page (and every rollback, which publishes an old revision's content again):
 * what shoppers saw from then on, who published it and when. Numbered from 1 per page.
 */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    pageId: integer()
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    /** 'initial' (the content found before the page's first publish from the builder), 'publish', 'rollback' */
    action: text().notNull(),
    /** for a rollback: the revision whose content it published again */
    fromNumber: integer(),
    content: jsonb().$type<PageDocument>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_revisions_page_number_uq').on(t.pageId, t.number)],
);

/** Addresses a page had before (a URL change): the storefront answers them with a 301 to the page's current url. */
export const pageRedirects = pgTable(
  'page_redirects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    pageId: integer()
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    fromUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_redirects_website_url_uq').on(t.websiteId, t.fromUrl)],
);
