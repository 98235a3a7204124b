// What the wallet module uses of other modules: only their published interfaces (index.ts).
export { auditActor, recordAudit, type AuditActor } from '../audit/index';
export { customerDetail, usersByIds } from '../identity/index';
/** the customer's language for what the shop sends them (issue 46 §5) */
export { customerMessages } from '../outbox';
export {
  cashfree,
  cashfreeCustomer,
  paymentErrors,
  providerKeys,
  razorpay,
  safeEqual,
  type ForeignPayments,
  type ProviderKeys,
} from '../payments/index';
