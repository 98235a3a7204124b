import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

/**
 * Translations of a website's catalogue and content (issue 46 §2, migration 0056). The product,
 * category, brand, navigation item or page block holds its text in the website's default language;
 * a row here holds one field of it in another offered language. `entityId` is the row's id as text;
 * for a page block `'<pageId>:<blockId>'`.
 */
export const translations = pgTable(
  'translations',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** 'product' | 'category' | 'brand' | 'nav_item' | 'block' */
    entity: text().notNull(),
    entityId: text().notNull(),
    /** e.g. 'name', 'description', 'title', 'text' */
    field: text().notNull(),
    /** 'en' | 'hi' | 'kn' — never the website's default language (the row itself holds that) */
    language: text().notNull(),
    value: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.entity, t.entityId, t.field, t.language] }),
    index('translations_language_idx').on(t.websiteId, t.language, t.entity, t.field),
    check('translations_entity_known', sql`${t.entity} in ('product', 'category', 'brand', 'nav_item', 'block')`),
    check('translations_language_known', sql`${t.language} in ('en', 'hi', 'kn')`),
  ],
);
