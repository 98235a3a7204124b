import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { products } from '../catalogue/tables';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/** A shopper's named wishlist. The Default list has no row (category_id null on its items). */
export const wishlistCategories = pgTable(
  'wishlist_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wishlist_categories_user_idx').on(t.websiteId, t.userId)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => wishlistCategories.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // nulls not distinct: a product appears once in the Default list (category_id null) too.
  (t) => [
    unique('wishlist_items_uq').on(t.websiteId, t.userId, t.categoryId, t.productId).nullsNotDistinct(),
    index('wishlist_items_product_idx').on(t.websiteId, t.userId, t.productId),
  ],
);
