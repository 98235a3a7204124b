// What the subscriptions module uses of other modules: only their published interfaces (index.ts).
export { findAddress } from '../addresses/index';
export { auditActor, recordAudit, type AuditActor } from '../audit/index';
export { packLines, searchPacks, type PackLine } from '../catalogue/index';
export { resolvePincode, slotOf } from '../delivery/index';
export { usersByIds } from '../identity/index';
/** the languages a website offers: a customer's messages speak theirs (issue 46 §5) */
export { websiteLanguages, type WebsiteLanguages } from '../website';
export { placeStandingOrder, tripOrders } from '../orders/index';
/** the trip builder's route order, for the morning delivery list */
export { buildTrips, type TripOrder } from '../delivery-trips/index';
export type { Wallet } from '../wallet/index';
