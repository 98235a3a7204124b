// What the subscriptions module uses of other modules: only their published interfaces (index.ts).
export { findAddress } from '../addresses/index';
export { auditActor, recordAudit, type AuditActor } from '../audit/index';
export { packLines, searchPacks, type PackLine } from '../catalogue/index';
export { resolvePincode, slotOf } from '../delivery/index';
export { usersByIds } from '../identity/index';
export { placeStandingOrder } from '../orders/index';
export type { Wallet } from '../wallet/index';
