/**
 * The delivery domain's published interface, so far what other modules use through it (issue 41
 * §1): a pincode's zone, a slot's zone, and taking a place in a slot inside another statement.
 */
export {
  /** the website's zone delivering to a pincode (null: not delivered to) */
  resolvePincode,
  /** the zone a slot belongs to (null: not the website's slot) */
  slotZone,
  /** one place in a slot on a date, as a statement (answers a row when taken, none when full) */
  takeSlotStatement,
} from './service';
export {
  /** one of the website's slots (zone, times, weekdays, capacity); null when not the website's */
  slotOf,
} from './slot-of';
export {
  /** the website's slot templates with their zone's name (dispatch, issue 45) */
  slotsWithZones,
} from './slot-list';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export {
  codAllowedIn,
  deliveryContext,
  deliveryContextOf,
  type DeliveryZone,
  earliestSlot,
  nextSlots,
  releaseSlot,
  type SlotOffer,
  takeSlot,
  zoneJsonSql,
} from './service';
/** its staff calls, registered by app.ts in the staff scope (issue 41 §1: every route in one list) */
export { deliveryAdminRoutes } from './admin-routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { deliveryRoutes } from './routes';
/** the demo shop's data (seed/demo.ts) */
export { seedDelivery } from './seed';
