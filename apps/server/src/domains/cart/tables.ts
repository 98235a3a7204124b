import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { packs } from '../catalogue/tables';
import { warehouses } from '../inventory/tables';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * A shopper's cart: one per signed-in user per website, or one per guest session. Prices are
 * never stored here; loadCart prices every line from packs, stock and the delivery zone.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** the guest's session row id; null once the cart belongs to a user */
    sessionId: text(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    offercode: text(),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_website_user_uq')
      .on(t.websiteId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('carts_website_session_uq')
      .on(t.websiteId, t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    check('carts_has_owner', sql`${t.userId} is not null or ${t.sessionId} is not null`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_pack_uq').on(t.cartId, t.packId),
    index('cart_lines_pack_idx').on(t.packId),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A cart row as read. */
export type CartRow = typeof carts.$inferSelect;
