import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

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
