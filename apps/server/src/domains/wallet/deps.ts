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
/** the website's minimum top-up, kept with the subscription settings (issue 44 §3) */
export { minTopupPaise } from '../subscriptions/index';
/** the website's main address, for the khata's pay link in statements (issue 44 §4) */
export { primaryOrigin } from '../website/index';
