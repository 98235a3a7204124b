import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { packs, products } from '../catalogue/tables';
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

/**
 * Units in stock per product: `stock.available` summed over the product's packs and every
 * warehouse (what Administration's product list shows, filters with `stock=in|out` and sorts by),
 * so the list reads one row per product instead of every balance of the website. One row per
 * product, made with it. Kept by the database, never by code (migration `0023_product-stock`):
 * triggers on `stock` (and on `packs` leaving a product) note the products a transaction changed in
 * `product_stock_changes`, and when it commits a deferred trigger recounts those products' rows
 * from `stock`, locked in product order, so the summary cannot miss a writer (a checkout, POS, the
 * CSV import, a seed, a raw `update stock`) and two committing transactions never wait on each
 * other in a cycle.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    units: integer().notNull().default(0),
    /** the warehouses where one of its packs has units (migration 0036): a listing's "in stock here" (catalogue inStockOf) */
    warehouses: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    // stock=out (units = 0), stock=in (units > 0) and the stock sort, by units then product
    index('product_stock_website_units_idx').on(t.websiteId, t.units, t.productId),
    check('product_stock_units_non_negative', sql`${t.units} >= 0`),
  ],
);

/**
 * The products whose stock a transaction changed (one row per statement, `txid` its transaction),
 * recounted into `product_stock` when it commits and deleted then: a transaction's, not a
 * website's, and empty once committed. No keys to check, so noting a change never waits on
 * another transaction.
 */
export const productStockChanges = pgTable(
  'product_stock_changes',
  {
    txid: bigint({ mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    productIds: integer().array().notNull(),
  },
  (t) => [index('product_stock_changes_txid_idx').on(t.txid)],
);
