import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MEDIA_FORMATS } from '@grocer/shared/media';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * The media library: each image staff uploaded, re-encoded by sharp and stored (local folder or
 * S3) under `path`, a server-made key scoped by website (`uploads/w{website}/…`). Product images,
 * category avatars and brand logos refer to it by that path.
 */
export const media = pgTable(
  'media',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    /** the uploaded file's name, for people and search (never used to store or serve) */
    name: text().notNull().default(''),
    alt: text().notNull().default(''),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    format: text({ enum: MEDIA_FORMATS }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_path_uq').on(t.path),
    index('media_website_idx').on(t.websiteId, t.id),
    check('media_format_known', sql`${t.format} in ('jpeg', 'png', 'webp', 'avif')`),
  ],
);
