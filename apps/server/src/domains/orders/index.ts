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
