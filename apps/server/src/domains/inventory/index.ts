/**
 * The inventory module's one published interface (issue 41 §1): outside `domains/inventory/`,
 * nothing imports another file of this folder (dependency-cruiser's `domain-interface` and
 * `outside-uses-interface` rules refuse it).
 *
 * app.ts makes the module with `createInventory` from its declared dependencies: the database and
 * the few functions of other modules it uses (`InventoryNeeds`). The inventory's files import no
 * other module at run time, so every module may use the inventory without a circle.
 *
 * The stock functions take the database or the caller's transaction as their first argument
 * (a sale takes its units in the transaction that records it), so they are published both on the
 * module and as plain functions below, for the readers that are not modules yet.
 */
import type { Db } from '../../db/client';
import { inventoryAdminRoutes } from './admin-routes';
import { defaultThreshold, lowStockPacks } from './admin-service';
import { balancesOf, countStockBulk, stockKeyOf, warehouseCodes } from './bulk';
import type { InventoryNeeds } from './needs';
import {
  adjustStockTo,
  availableSql,
  createWarehouses,
  firstWarehouseId,
  ledgerMismatches,
  moveStock,
  openStock,
  openStockFrom,
  packStockByWarehouse,
  productUnitsSubquery,
  stockKey,
  stockLevel,
  stockLevels,
  takeStockStatements,
  unitsInStockSql,
  warehouseOf,
  warehouseStateOf,
  warehouseStates,
  warehousesOf,
} from './service';

/** What the inventory is made from: the database and what it uses of the audit, catalogue, identity and orders. */
export interface InventoryDeps extends InventoryNeeds {
  db: Db;
}

/** The stock functions other modules call (see the re-exports below for each one's meaning). */
const stockFunctions = {
  moveStock,
  takeStockStatements,
  adjustStockTo,
  openStock,
  openStockFrom,
  stockLevel,
  stockLevels,
  stockKey,
  availableSql,
  unitsInStockSql,
  productUnitsSubquery,
  packStockByWarehouse,
  warehouseStates,
  warehouseStateOf,
  firstWarehouseId,
  createWarehouses,
  warehouseOf,
  warehousesOf,
  defaultThreshold,
  balancesOf,
  countStockBulk,
  stockKeyOf,
  warehouseCodes,
  ledgerMismatches,
};

/** Makes the inventory module: its stock functions and its staff routes. */
export function createInventory(deps: InventoryDeps) {
  const context = { ...deps };
  return {
    ...stockFunctions,
    /**
     * The staff routes (`/admin/stock…`: balances, adjustments, thresholds, suppliers, purchase
     * orders, transfers), registered by app.ts inside the staff scope that guards them.
     */
    staffRoutes: inventoryAdminRoutes(context),
    /** the dashboard's low stock: the first `limit` stocked pairs at or under their threshold, and how many */
    lowStockPacks: (websiteId: number, fallback: number, limit: number) => lowStockPacks(context, websiteId, fallback, limit),
  };
}

/** The inventory module as app.ts makes it. */
export type Inventory = ReturnType<typeof createInventory>;

export type { InventoryNeeds } from './needs';

// ---------------------------------------------------------------------------------------------
// The ledger: every change of a balance (service.ts)

export {
  /** one change of a balance and its movement (who, why, the document behind it) */
  type StockMove,
  /** a balance set when stock starts being counted */
  type OpeningBalance,
  /** a balance that disagrees with the sum of its movements */
  type LedgerMismatch,
  /** moves stock in the caller's transaction: one guarded update and its movement; null when not enough */
  moveStock,
  /** the prepared statements a checkout takes its units with (the guarded update and its movement at once) */
  takeStockStatements,
  /** moves a balance to a counted quantity through the ledger */
  adjustStockTo,
  /** opening balances (seed, new warehouse), each with its `opening` movement */
  openStock,
  /** opening balances from a query's rows */
  openStockFrom,
  /** every balance that disagrees with its movements (`npm run check:stock`, tests); empty when the ledger holds */
  ledgerMismatches,
} from './service';

// ---------------------------------------------------------------------------------------------
// Availability and warehouses (service.ts)

export {
  /** one balance (null: none) */
  stockLevel,
  /** balances of several packs, keyed by `stockKey` */
  stockLevels,
  /** the key of a (pack, warehouse) balance: `${packId}:${warehouseId}` */
  stockKey,
  /** SQL for a pack's available units in a warehouse, to select or compare in one statement */
  availableSql,
  /** SQL for the units in stock of a set of packs, summed */
  unitsInStockSql,
  /** a subquery of each product's units in stock, to join on staff lists */
  productUnitsSubquery,
  /** each pack's balance per warehouse */
  packStockByWarehouse,
  /** each warehouse's state (the delivery area it serves) */
  warehouseStates,
  /** SQL for a warehouse's state, inside a prepared statement */
  warehouseStateOf,
  /** the website's first warehouse (null: none yet) */
  firstWarehouseId,
  /** creates warehouses (a new website, the seed) */
  createWarehouses,
  /** one of the website's warehouses (null: not the website's) */
  warehouseOf,
  /** the website's warehouses, in order */
  warehousesOf,
} from './service';

// ---------------------------------------------------------------------------------------------
// Stock in bulk, for the catalogue's CSV import and export (bulk.ts)

export {
  /** balances of packs keyed by `stockKeyOf`, optionally locked in checkout order */
  balancesOf,
  /** counted balances written as one update and one movement per difference */
  countStockBulk,
  /** the key of a (pack, warehouse) balance in bulk work */
  stockKeyOf,
  /** the website's warehouses with their codes (the CSV's `stock:<code>` columns) */
  warehouseCodes,
} from './bulk';

// ---------------------------------------------------------------------------------------------
// Thresholds (admin-service.ts)

export {
  /** the website's default low-stock threshold */
  defaultThreshold,
} from './admin-service';
