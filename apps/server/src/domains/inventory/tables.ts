import { sql } from 'drizzle-orm';
import { PURCHASE_ORDER_STATUSES, TRANSFER_STATUSES, type PurchaseOrderStatus, type TransferStatus } from '@grocer/shared/admin-purchasing';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  // stock transfers between warehouses (purchasing.ts): out of the source when sent, into the destination when received
  'transfer_out',
  'transfer_in',
  // goods received against a purchase order, at its cost price
  'purchase',
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
    /** paise per unit for goods received (`purchase`); null for every other movement */
    unitCost: integer(),
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

// ---------------------------------------------------------------------------------------------
// Purchasing and transfers (issue 40 point 18, migration 0043): documents whose stock moves go
// through `moveStock`, so the ledger stays the one account of every unit.

const known = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** Who the shop buys from. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull().default(''),
    /** India's GST number (15 characters), '' when the supplier has none */
    gstin: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppliers_website_idx').on(t.websiteId, t.name)],
);

/**
 * A purchase order: what the shop orders from a supplier into one warehouse, at a cost price per
 * unit. draft → ordered → partially_received → received, or cancelled before anything arrives
 * (PURCHASE_ORDER_TRANSITIONS). Goods received move stock in through the ledger (`purchase`,
 * reference `po:{id}`, with the unit cost).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    status: text().$type<PurchaseOrderStatus>().notNull().default('draft'),
    expectedOn: date({ mode: 'string' }),
    note: text().notNull().default(''),
    /** who wrote it: `user:{id}` */
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_orders_website_idx').on(t.websiteId, t.id),
    check('purchase_orders_status_known', known('status', PURCHASE_ORDER_STATUSES)),
  ],
);

/** A line of a purchase order: units ordered at a cost (paise per unit), and units received so far. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    purchaseOrderId: integer()
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    unitCost: integer().notNull(),
    received: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_pack_uq').on(t.purchaseOrderId, t.packId),
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_lines_cost_non_negative', sql`${t.unitCost} >= 0`),
    check('purchase_order_lines_received_range', sql`${t.received} >= 0 and ${t.received} <= ${t.quantity}`),
  ],
);

/**
 * Stock moving between two warehouses of the website. draft → in_transit (sent: `transfer_out`
 * movements leave the source) → partially_received → received (`transfer_in` movements into the
 * destination; units that never arrive are recorded short, with a reason), or cancelled while a
 * draft. Units in transit are in neither warehouse.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fromWarehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    toWarehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    status: text().$type<TransferStatus>().notNull().default('draft'),
    note: text().notNull().default(''),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('stock_transfers_website_idx').on(t.websiteId, t.id),
    check('stock_transfers_status_known', known('status', TRANSFER_STATUSES)),
    check('stock_transfers_two_warehouses', sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
  ],
);

/** A line of a transfer: units sent, units received, units short (never arrived) and why. */
export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    transferId: integer()
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    received: integer().notNull().default(0),
    short: integer().notNull().default(0),
    shortReason: text(),
  },
  (t) => [
    uniqueIndex('stock_transfer_lines_pack_uq').on(t.transferId, t.packId),
    check('stock_transfer_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_transfer_lines_counts_range', sql`${t.received} >= 0 and ${t.short} >= 0 and ${t.received} + ${t.short} <= ${t.quantity}`),
  ],
);

/** A pack's cost price (paise per unit): the weighted average of what is on hand, moved by each goods receipt. */
export const packCosts = pgTable(
  'pack_costs',
  {
    packId: integer()
      .primaryKey()
      .references(() => packs.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    cost: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pack_costs_non_negative', sql`${t.cost} >= 0`)],
);

/**
 * The website's pack × warehouse pairs at or under their low-stock threshold (the pack's own, else
 * the website's default), a pair never stocked counting as 0: the stock list's "low" filter (issue 42,
 * migration 0064). Kept by the database in the transaction of every statement that changes a balance,
 * a threshold, the default, a pack or a warehouse; never written by the app.
 */
export const lowStock = pgTable(
  'low_stock',
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
  },
  (t) => [primaryKey({ columns: [t.packId, t.warehouseId] }), index('low_stock_website_idx').on(t.websiteId, t.warehouseId)],
);
