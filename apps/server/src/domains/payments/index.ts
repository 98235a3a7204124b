/**
 * The payments module's published interface, so far what other modules use through it (issue 41 §1;
 * the rest of the domain moves behind it as it becomes a module): the gateways' adapters, for a
 * module that takes money through them for something other than an order (a wallet top-up, issue 44).
 */
export {
  /** a website's keys for a provider: its own, the environment's, or the simulator's */
  providerKeys,
  /** Razorpay's Orders API, signatures */
  razorpay,
  /** Cashfree PG's Orders API, signatures */
  cashfree,
  /** Cashfree's customer_details, one spelling */
  cashfreeCustomer,
  /** constant-time comparison of signatures */
  safeEqual,
  /** the gateways' errors (not configured, unreachable, bad signature) */
  paymentErrors,
  type ProviderKeys,
} from './providers';
export {
  /** gateway orders another module made: the webhooks hand them over once their signature is checked */
  type ForeignPayments,
} from './service';
export {
  /** a new order's payment row, written in the caller's transaction or statement */
  createPaymentStatement,
  /** an order's payment released in the caller's transaction (refund pending when paid; issue 45's return to store) */
  releasePayment,
  /** cash-on-delivery payments collected, now in the shop's hands (issue 45's trip cash handover) */
  handOverCash,
} from './records';
export {
  /** secrets at rest (AES-256-GCM with SECRETS_KEY): another module's keys are stored the same way (WhatsApp, issue 46) */
  encryptSecret,
  decryptSecret,
  lastFour,
} from './secrets';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export { balancesOf, lowerBalance, openBalanceOf, raiseBalance } from './balances';
export { paymentsOfOrders } from './privacy';
export { CASHFREE_API_VERSION, SIMULATOR_KEYS } from './providers';
export {
  cashAwaitingHandover,
  codEnabled,
  codEnabledSql,
  codPaymentOfOrderSql,
  collectCash,
  createPaidPayment,
  initialPaymentStatus,
  lockPayment,
  ordersWithPaymentStatus,
  paymentEventsOf,
  paymentFromJson,
  paymentOfOrder,
  type PaymentRow,
  paymentStatusesOf,
  recordCounterRefund,
  recordPartialRefund,
  refundedOfOrderSql,
  settlePartialRefund,
} from './records';
export { refundSummary, refundSummaryRupees } from './refund-summary';
export { Payments } from './service';
export { checkSecretsKey } from './settings';
/** read at scrape time by the metrics (handed to `createMetrics` by app.ts) */
export { paymentCounts } from './stats';
