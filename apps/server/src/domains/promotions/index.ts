/**
 * The promotions domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/promotions/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { promotionsFor, tillPromotions } from './service';
/** its staff calls, registered by app.ts in the staff scope (issue 41 §1: every route in one list) */
export { promotionsAdminRoutes } from './admin-routes';
