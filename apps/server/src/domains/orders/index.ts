/**
 * The orders module's published interface, so far what other modules use through it (issue 41 §1;
 * the rest of the domain moves behind it as it becomes a module).
 */
export {
  /** units held by open orders that took their stock, keyed `${packId}:${warehouseId}` (inventory's on hand) */
  committedUnits,
} from './committed';
export {
  /** the notifications consumer of the order event stream (confirmations, status messages) */
  orderNotifications,
} from './notify';
export {
  /** a paid standing order (the subscriptions' nightly orders) in the caller's transaction: slot, stock, order, number */
  placeStandingOrder,
  type StandingOrder,
  type StandingOrderResult,
} from './standing';
export {
  /** a staff move of one order in the caller's transaction (ship, deliver with the cash at the door, cancel) */
  staffMove,
  /** the website's order, or 404 */
  findAdminOrder,
} from './admin-service';
export {
  /** own delivery (issue 45): a slot's orders, a trip's orders, and a failed delivery brought back */
  slotOrders,
  tripOrders,
  bringBackFailed,
  /** the shopper's own order for its tracker (status, slot, coordinates, history), 404 for anyone else's */
  shopperOrderTrack,
  type TripOrderRow,
} from './trips';
export {
  /** the job runner's fold of the order counts' deltas (migration 0064), every minute */
  foldOrderCounts,
} from './order-counts';
export {
  /** the job runner's fold of the GST and sales reports' noted days into their summaries (migration 0067), every minute */
  foldReportDays,
} from './reports';
export {
  /** a split order's wallet part back to the wallet (issue 44), and the wallet module's credit that does it, handed over by app.ts */
  giveWalletPartsBackWith,
  returnWalletPart,
  type WalletGiveBack,
} from './lifecycle';
/** read at scrape time by the metrics (handed to `createMetrics` by app.ts) */
export { orderCounts } from './stats';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { orderRoutes } from './routes';
/** the account dashboard's order figures, handed to the account routes by app.ts */
export { ordersSummary } from './service';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { orderAdminRoutes } from './admin-routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { orderDraftRoutes } from './draft-routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { orderStaffEditRoutes } from './staff-edit-routes';
/** the job runner's nightly rebuild of "often bought with" (jobs.ts) */
export { refreshAllOftenBought } from './often-bought';
