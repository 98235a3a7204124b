import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { packs } from '../catalogue/tables';
import { websites } from '../website/tables';

export const warehouses = pgTable('warehouses', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  websiteId: integer()
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  code: text().notNull(),
  city: text().notNull().default(''),
  state: text().notNull().default(''),
  pincode: text().notNull().default(''),
});

/**
 * The balance: units available per pack per warehouse, shared by online orders and POS. Written
 * only by `moveStock` (inventory/service.ts): one conditional update (`where available >= qty`)
 * and its movement row in the same transaction; the check forbids negatives.
 */
export const stock = pgTable(
  'stock',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    available: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packId, t.warehouseId] }), check('stock_available_non_negative', sql`${t.available} >= 0`)],
);

/**
 * Why stock moved. `opening` is a balance the ledger starts from (seed, or a row that existed
 * before the ledger); the others are the business events that change it.
 */
export const STOCK_REASONS = [
  'opening',
  'order',
  'release',
  'cancel',
  'adjustment',
  'pos_sale',
  'return',
  'import',
  // the owner's adjustments in Administration (STOCK_ADJUST_REASONS)
  'received',
  'damaged',
  'expired',
  'count',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * The ledger: one append-only row per change of a balance (who, why, which order or document,
 * the signed quantity, the balance after it). For every pack and warehouse, `stock.available`
 * equals the sum of its movements (`npm run check:stock`).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    /** units in (positive) or out (negative) */
    quantity: integer().notNull(),
    /** `stock.available` right after this movement */
    balance: integer().notNull(),
    reason: text().$type<StockReason>().notNull(),
    /** the document behind it: `order:{id}`, a POS bill, an import file; null for an opening balance */
    reference: text(),
    /** who: `user:{id}`, `system` (a job), `seed`, `migration` */
    actor: text().notNull(),
    /** the owner's words on an adjustment ('3 packets torn in transit') */
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_pack_idx').on(t.packId, t.warehouseId, t.id),
    index('stock_movements_reference_idx').on(t.websiteId, t.reference),
    check('stock_movements_reason_known', sql.raw(`reason in (${STOCK_REASONS.map((r) => `'${r}'`).join(', ')})`)),
    check('stock_movements_balance_non_negative', sql`${t.balance} >= 0`),
  ],
);

/** A pack's own low-stock threshold (otherwise the website's, `inventorySettings`). */
export const packThresholds = pgTable(
  'pack_thresholds',
  {
    packId: integer()
      .primaryKey()
      .references(() => packs.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    threshold: integer().notNull(),
  },
  (t) => [index('pack_thresholds_website_idx').on(t.websiteId), check('pack_thresholds_non_negative', sql`${t.threshold} >= 0`)],
);

/** The website's stock settings: the default low-stock threshold (absent row: DEFAULT_LOW_STOCK_THRESHOLD). */
export const inventorySettings = pgTable(
  'inventory_settings',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    lowStockThreshold: integer().notNull(),
  },
  (t) => [check('inventory_settings_threshold_non_negative', sql`${t.lowStockThreshold} >= 0`)],
);
