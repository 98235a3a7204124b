import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REVIEW_STATUSES } from '@grocer/shared/reviews';
import { products } from '../catalogue/tables';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * A shopper's rating (1–5) and words on a product they received: one per shopper per product (a
 * second write edits it and sends it back to moderation). Only `approved` ones are shown, and
 * counted in the product's `rating_count` / `rating_total` (kept by this domain's service, in the
 * same transaction as the change).
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    body: text().notNull().default(''),
    status: text({ enum: REVIEW_STATUSES }).notNull().default('pending'),
    /** the staff member who last approved or rejected it */
    moderatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user_uq').on(t.productId, t.userId),
    index('product_reviews_product_status_idx').on(t.productId, t.status, t.updatedAt),
    index('product_reviews_website_status_idx').on(t.websiteId, t.status, t.updatedAt),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('product_reviews_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
