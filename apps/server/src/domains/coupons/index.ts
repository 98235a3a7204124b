/**
 * The coupons domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/coupons/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { couponUsage, findCoupon, listedCoupons, recordRedemption, releaseRedemption } from './service';
/** its staff calls, registered by app.ts in the staff scope (issue 41 §1: every route in one list) */
export { couponsAdminRoutes } from './admin-routes';
/** the demo shop's data (seed/demo.ts) */
export { seedCoupons } from './seed';
