import { formatINR } from './money';
import type { CouponRefusal } from './coupon';
/**
 * The one catalogue of expected failures (DESIGN §4, fastify's `lib/errors.js`): each stable
 * `code` the client can switch on, with its HTTP status and its message. The server builds every
 * error body from here; the web app types `code` with the same keys. The two messages the
 * storefront's first load shows itself are constants of their own, so importing them does not
 * bring the whole table into that bundle (DESIGN §9 budget).
 *
 * A message is text, or a function of the details it names (a pincode, an item label).
 */
type Message = string | ((details: never) => string);
interface ErrorDef {
  status: number;
  message: Message;
}

/** Spec §8's fallback message, and the body of every unexpected failure. */
export const GENERIC_MESSAGE = 'Something went wrong';
/** Spec §5: what the pincode modal says for a pincode shorter than 6 characters. */
export const INVALID_PINCODE_MESSAGE = 'Please enter a valid pincode';

const notDeliveredTo = (pincode: string) => `Sorry, we do not deliver to ${pincode} yet.`;

export const ERRORS = {
  // request and session
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: (d: { method: string; url: string }) => `No such call: ${d.method} ${d.url}` },
  WEBSITE_NOT_FOUND: { status: 404, message: 'website not found' },
  CSRF_MISMATCH: { status: 403, message: 'Your session token is missing or out of date. Please reload the page and try again.' },
  CROSS_SITE_REQUEST: { status: 403, message: 'This request came from another site and was refused.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  VALIDATION_FAILED: { status: 422, message: 'Please check the highlighted fields.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
  INTERNAL: { status: 500, message: GENERIC_MESSAGE },
  /** the database dropped or refused the connection: worth a retry (sent with retry-after) */
  DATABASE_UNAVAILABLE: { status: 503, message: 'The shop cannot reach its database just now. Please try again in a moment.' },
  // sign-in and account
  INVALID_CODE: { status: 422, message: 'The code is incorrect or has expired' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many wrong codes. Please ask for a new code.' },
  RESEND_COOLDOWN: { status: 429, message: (d: { seconds: number }) => `Please wait ${d.seconds} seconds before asking for a new code` },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'No account found for this email or mobile. Please register.' },
  ACCOUNT_EXISTS: { status: 409, message: 'An account with this email or mobile already exists. Please log in.' },
  IDENTIFIER_TAKEN: { status: 409, message: 'This email or mobile is already used by another account' },
  ACCOUNT_OPEN_ORDERS: {
    status: 409,
    message: 'You have orders on their way: delete your account once they are delivered or cancelled',
  },
  ACCOUNT_STAFF: { status: 403, message: "A staff account can't be deleted here: ask the shop's owner to remove your access first" },
  ADDRESS_NOT_FOUND: { status: 404, message: 'Address not found' },
  // delivery
  PINCODE_INVALID: { status: 422, message: INVALID_PINCODE_MESSAGE },
  PINCODE_NOT_SERVICEABLE: { status: 422, message: (d: { pincode: string }) => notDeliveredTo(d.pincode) },
  /** the whole order or cart (no `item`), or one line of it */
  NOT_DELIVERABLE: {
    status: 409,
    message: (d: { pincode: string | null; item?: string }) =>
      d.item === undefined
        ? notDeliveredTo(d.pincode ?? '')
        : d.pincode
          ? `${d.item} is not delivered to ${d.pincode}`
          : `${d.item} is not available at your location`,
  },
  // cart and stock
  PACK_NOT_FOUND: { status: 404, message: 'This product is no longer available' },
  OUT_OF_STOCK: { status: 409, message: (d: { item: string }) => `${d.item} is out of stock` },
  /** `weight`: the grams left of a pack sold by weight, as a weight ("750 g") */
  NOT_ENOUGH_STOCK: {
    status: 409,
    message: (d: { available: number; weight?: string }) => `Only ${d.weight ?? d.available} left in stock`,
  },
  /** `refusal`: the reason for another language's words (messages `storefront.couponRefused`) */
  COUPON_REFUSED: { status: 422, message: (d: { reason: string; refusal?: CouponRefusal }) => d.reason },
  // orders
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  INVOICE_NOT_ISSUED: { status: 409, message: 'The tax invoice is issued once the order is placed; this order has not been placed.' },
  CART_EMPTY: { status: 409, message: 'Your cart is empty' },
  CART_ALREADY_ORDERED: {
    status: 409,
    message: (d: { ordernumber: string }) => `This cart has just been ordered (order ${d.ordernumber}). You can find it in My Orders.`,
  },
  CART_CHANGED: {
    status: 409,
    message: 'Your cart kept changing while the order was being placed. Please review it and place the order again.',
  },
  COUPON_UNAVAILABLE: {
    status: 409,
    message: (d: { reason: string; refusal?: CouponRefusal }) => `${d.reason}. Please review your cart and place the order again.`,
  },
  LINES_UNAVAILABLE: { status: 409, message: (d: { item: string; reason: string }) => `${d.item}: ${d.reason}` },
  PAYMENT_METHOD_UNAVAILABLE: {
    status: 422,
    message: (d: { method: string }) =>
      d.method === 'cod' ? 'Cash on delivery is not available for this order' : 'This payment method is not available',
  },
  PRICE_CHANGED: {
    status: 409,
    message: (d: { amount: number }) =>
      `Prices changed since you saw your cart: the total is now ${formatINR(Number(d.amount))}. Please review and place the order again.`,
  },
  SLOT_FULL: { status: 409, message: 'That delivery slot has just filled up. Please choose another.' },
  SLOT_INVALID: { status: 422, message: 'Choose one of the delivery slots offered' },
  NOT_CANCELLABLE: { status: 409, message: 'This order can no longer be cancelled' },
  NOT_AWAITING_PAYMENT: { status: 409, message: 'This order is no longer waiting for payment' },
  PAYMENT_METHOD_CHANGED: { status: 409, message: 'How this order is paid was just changed. Please reload the order.' },
  // payments
  PAYMENT_NOT_CONFIGURED: {
    status: 503,
    message: (d: { provider: string }) => `Online payment with ${d.provider} is not set up for this shop`,
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    message: (d: { provider: string }) => `${d.provider} did not answer. Please try again in a moment.`,
  },
  BAD_SIGNATURE: { status: 400, message: 'The payment signature does not match' },
  BAD_WEBHOOK: { status: 400, message: 'The webhook body is not a payment event this shop understands' },
  WEBHOOK_EXPIRED: { status: 400, message: 'The webhook timestamp is outside the 5-minute replay window' },
  // wishlist
  WISHLIST_NAME_TAKEN: { status: 409, message: (d: { name: string }) => `You already have a wishlist named ${d.name}` },
  // staff: the product editor (optimistic concurrency; a slug or SKU taken by a concurrent save)
  STALE_CATEGORY: {
    status: 409,
    message: 'Someone else saved this category after you opened it. Reload to see their changes, then make yours again.',
  },
  STALE_BRAND: {
    status: 409,
    message: 'Someone else saved this brand after you opened it. Reload to see their changes, then make yours again.',
  },
  STALE_PRODUCT: {
    status: 409,
    message: 'Someone else saved this product after you opened it. Reload to see their changes, then make yours again.',
  },
  STALE_PAGE: {
    status: 409,
    message: 'Someone else saved this page after you opened it. Reload to see their changes, then make yours again.',
  },
  HOME_PAGE: { status: 409, message: 'The home page cannot be deleted, moved or unpublished.' },
  PAGE_NOT_PUBLISHED: { status: 409, message: 'This page is not published: shoppers do not see it.' },
  STALE_SETTINGS: {
    status: 409,
    message: 'Someone else saved the website settings after you opened them. Reload to see their changes, then make yours again.',
  },
  REGISTRATION_CLOSED: { status: 403, message: 'This shop is not taking new sign-ups. Please log in with an existing account.' },
  DUPLICATE: { status: 409, message: 'Another product took this slug or SKU while you were saving. Please check and save again.' },
  PRODUCT_ORDERED: {
    status: 409,
    message: 'This product has been ordered, so it cannot be deleted: archive it instead (it leaves the shop, its orders keep it).',
  },
  BRAND_IN_USE: { status: 409, message: 'Products use this brand: move them to another brand (or none) before deleting it.' },
  CATEGORY_IN_USE: {
    status: 409,
    message: 'This category has products or sub-categories: choose where they go, then delete it.',
  },
  // many websites (/auth/bos/*)
  DOMAIN_TAKEN: {
    status: 409,
    message: (d: { host: string }) => `${d.host} already belongs to another website: remove it there first, or choose another domain.`,
  },
  PRIMARY_DOMAIN_KEPT: {
    status: 409,
    message: 'A website keeps its primary domain: make another domain primary before removing this one.',
  },
  // staff: stock and the catalogue import
  STOCK_BELOW_ZERO: {
    status: 409,
    message: (d: { available: number; warehouse: string }) => `Only ${d.available} in stock at ${d.warehouse}: stock cannot go below zero`,
  },
  // staff: transfers and purchase orders (admin-purchasing.ts)
  NOT_ENOUGH_TO_SEND: {
    status: 409,
    message: (d: { item: string; available: number; warehouse: string }) =>
      `Only ${d.available} of ${d.item} available at ${d.warehouse}: send fewer or receive stock first`,
  },
  DOCUMENT_STATE: {
    status: 409,
    message: (d: { document: string; status: string }) => `This ${d.document} is ${d.status} now: reload it to see where it stands`,
  },
  DRAFT_ONLY: {
    status: 409,
    message: (d: { document: string; status: string }) =>
      `Only a draft ${d.document} can be changed: this one is ${d.status}. Nothing was changed`,
  },
  OVER_RECEIPT: {
    status: 409,
    message: (d: { item: string; left: number }) => `${d.item}: only ${d.left} still to receive`,
  },
  IMPORT_HAS_ERRORS: {
    status: 422,
    message: (d: { rows: number }) => `Fix the ${d.rows} ${d.rows === 1 ? 'row' : 'rows'} with errors before importing`,
  },
  // staff: the point of sale
  SHIFT_NOT_OPEN: { status: 409, message: 'Open a shift at this till first' },
  SHIFT_ALREADY_OPEN: { status: 409, message: 'This till already has an open shift' },
  SHIFT_NOT_YOURS: { status: 403, message: 'This shift was opened by another cashier: only a manager can close it' },
  SHIFT_CLOSE_REASON_REQUIRED: { status: 422, message: 'Say why you are closing another cashier’s shift' },
  PAYMENT_MISMATCH: {
    status: 422,
    message: (d: { total: number; paid: number }) => `The payments add up to ₹${d.paid}, not the bill's ₹${d.total}`,
  },
  DISCOUNT_TOO_LARGE: { status: 422, message: (d: { max: number }) => `A bill's discount may be at most ₹${d.max}` },
  RETURN_TOO_MANY: {
    status: 409,
    message: (d: { item: string }) => `More of ${d.item} is being returned than was sold and not yet returned`,
  },
  // staff: coupons, delivery and staff (Administration II)
  COUPON_CODE_TAKEN: { status: 409, message: (d: { code: string }) => `This shop already has a coupon ${d.code}. Choose another code.` },
  PINCODES_INVALID: {
    status: 422,
    message: (d: { pincodes: string }) => `These are not valid pincodes (6 digits, not starting with 0): ${d.pincodes}. Nothing was added.`,
  },
  PINCODES_TAKEN: {
    status: 409,
    message: (d: { pincodes: string }) => `Already served by another zone: ${d.pincodes}. Remove them there first. Nothing was added.`,
  },
  STAFF_SUPERADMIN_ONLY: { status: 403, message: 'Only a superadmin can grant or remove superadmin.' },
  STAFF_OWN_ADMIN: { status: 409, message: 'You cannot remove your own admin access. Ask another admin to do it.' },
  STAFF_LAST_ADMIN: { status: 409, message: 'This is the last admin of the shop. Give someone else admin access first.' },
  // staff: orders
  ORDER_MOVE_FORBIDDEN: {
    status: 409,
    message: (d: { action: string; status: string }) => `This order is ${d.status}: it cannot be ${d.action} now`,
  },
  CASH_MISMATCH: {
    status: 422,
    message: (d: { total: number }) =>
      `Cash on delivery: record the cash collected, the order's total of ₹${d.total} (less: mark refused items or say why it is short)`,
  },
  CASH_NOT_COLLECTED: {
    status: 409,
    message: (d: { status: string }) => `This order's cash is not waiting to be handed over (payment: ${d.status})`,
  },
  // staff: the media library
  MEDIA_TOO_LARGE: {
    status: 413,
    message: (d: { limit: string }) => `This file is larger than ${d.limit}. Choose a smaller image (at most ${d.limit}).`,
  },
  MEDIA_UNSUPPORTED: { status: 422, message: 'This file is not a JPEG, PNG, WebP or AVIF image.' },
  MEDIA_IN_USE: { status: 409, message: (d: { uses: string }) => `This image is still used by ${d.uses}. Remove it there first.` },
  // staff: customers, payments settings and order changes (issue 14)
  CUSTOMER_BLOCKED: {
    status: 403,
    message: (d: { shop: string; reason: string }) =>
      `Your account is blocked on ${d.shop}: ${d.reason}. Please contact the shop if you think this is a mistake.`,
  },
  SHOP_CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found' },
  CUSTOMER_NOTE_NOT_FOUND: { status: 404, message: 'Note not found' },
  // saved views on the staff lists (issue 40.17)
  VIEW_NOT_FOUND: { status: 404, message: 'Saved view not found' },
  VIEW_NAME_TAKEN: {
    status: 409,
    message: (d: { name: string }) => `You already have a view named “${d.name}” on this list. Choose another name.`,
  },
  VIEW_NOT_YOURS: { status: 403, message: 'Only the person who saved this view can change or delete it' },
  SECRETS_KEY_MISSING: {
    status: 503,
    message: 'Payment keys cannot be stored or read: the server has no SECRETS_KEY. Set it and restart.',
  },
  REFUND_NOT_POSSIBLE: {
    status: 409,
    message: (d: { why: string }) => `No refund can be made on this order: ${d.why}`,
  },
  REFUND_TOO_LARGE: {
    status: 422,
    message: (d: { refundable: string }) => `At most ${d.refundable} can be refunded on this order`,
  },
  ORDER_CHANGE_FORBIDDEN: {
    status: 409,
    message: (d: { status: string; change: string }) => `This order is ${d.status}: its lines cannot be ${d.change} now`,
  },
  ORDER_LINE_NOT_FOUND: { status: 404, message: 'This line is not on the order' },
  ORDER_LAST_LINE: { status: 409, message: 'This would leave the order empty: cancel the order instead' },
  SUBSTITUTE_COSTS_MORE: {
    status: 409,
    message: (d: { more: string }) =>
      `The substitute costs ${d.more} more: a prepaid order cannot be charged more. Choose a pack at the same price or less.`,
  },
  SUBSTITUTE_UNAVAILABLE: {
    status: 409,
    message: (d: { item: string }) => `${d.item} cannot be sent: not enough in stock at this order's warehouse`,
  },
  // the shopper changing an order until it is packed (issue 39 §14)
  ORDER_NOT_EDITABLE: {
    status: 409,
    message: (d: { status: string }) => `This order is ${d.status}: it can no longer be changed`,
  },
  // an automatic promotion was priced over the whole order (issue 40 §19): changing lines would lose or misprice it
  ORDER_EDIT_PROMOTION: {
    status: 409,
    message: (d: { promotion: string }) => `This order has the offer “${d.promotion}”: cancel it and order again to change it`,
  },
  /** a loose good (sold by weight, issue 40.5) on a placed order is kept as it is or removed whole */
  ORDER_EDIT_WEIGHED: {
    status: 409,
    message: (d: { item: string }) => `${d.item} is sold by weight: keep it as ordered or remove it`,
  },
  ORDER_EDIT_NO_STOCK: {
    status: 409,
    message: (d: { item: string; max: number }) =>
      d.max > 0 ? `Only ${d.max} of ${d.item} can be on this order` : `${d.item} is out of stock`,
  },
  NO_BALANCE_DUE: { status: 409, message: 'This order has no balance due: nothing to send' },
  ORDER_EDIT_BELOW_WALLET: {
    status: 409,
    message: (d: { amount: string }) =>
      `${d.amount} of this order was paid from the wallet, so it cannot cost less than that. Cancel the order to have the wallet part back.`,
  },
  ORDER_EDIT_COSTS_MORE: {
    status: 409,
    message: (d: { more: string }) =>
      `These changes cost ${d.more} more, and a paid order cannot be charged more. Remove something, or place a new order for the extra items.`,
  },
  ORDER_EDIT_COUPON_MINIMUM: {
    status: 409,
    message: (d: { code: string; minimum: string }) => `The coupon ${d.code} on this order needs items worth at least ${d.minimum}`,
  },
  ORDER_EDIT_TOTAL_CHANGED: {
    status: 409,
    message: (d: { amount: number }) =>
      `The new total is now ${formatINR(Number(d.amount))}, not what you saw. Please review your changes and confirm again.`,
  },
  // draft orders built in Administration (issue 40 §12)
  DRAFT_NOT_FOUND: { status: 404, message: 'Draft order not found' },
  DRAFT_NOT_OPEN: {
    status: 409,
    message: (d: { number: string; ordernumber: string }) =>
      `Draft ${d.number} is already order ${d.ordernumber}: it can no longer be changed`,
  },
  DRAFT_NO_ADDRESS: { status: 409, message: "Choose or add the customer's delivery address first" },
  DRAFT_EMPTY: { status: 409, message: 'Add at least one item to the draft first' },
  // sales agents (an agent orders only for their own customers)
  AGENT_NOT_FOUND: { status: 404, message: 'Sales agent not found' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'No customer of this shop has this mobile number or email' },
  CUSTOMER_NOT_ASSIGNED: { status: 404, message: 'This customer is not assigned to you' },
  CUSTOMER_IS_STAFF: { status: 422, message: 'Staff and sales agents cannot be assigned to an agent as customers' },
  // "Report an issue" on a delivered order (issue 19)
  ISSUE_NOT_REPORTABLE: {
    status: 409,
    message: (d: { days: number }) => `Issues can be reported on a delivered order, within ${d.days} days of delivery`,
  },
  ISSUE_ALREADY_OPEN: { status: 409, message: 'You have already reported an issue on this order: the shop will get back to you' },
  ISSUE_NOT_FOUND: { status: 404, message: 'Issue not found' },
  ISSUE_ALREADY_RESOLVED: { status: 409, message: 'This issue has already been resolved' },
  // analytics: where /brgest forwards (issue 38: an admin-set host is an outgoing URL, DESIGN §11)
  POSTHOG_HOST_SUPERADMIN_ONLY: {
    status: 403,
    message: 'Only a superadmin can change the PostHog host. Leave it as it is, empty, or one the installation allows.',
  },
  ANALYTICS_UPSTREAM_FAILED: { status: 502, message: 'The analytics service could not be reached' },
  // the customer's money: wallet and khata on one ledger (issue 44)
  WALLET_ACCOUNT_NOT_FOUND: { status: 404, message: 'This customer has no such wallet or khata' },
  WALLET_TOPUP_NOT_FOUND: { status: 404, message: 'Top-up not found' },
  WALLET_NOT_ENOUGH: {
    status: 409,
    message: (d: { balance: string }) => `The wallet has ${d.balance}: not enough for this`,
  },
  KHATA_LIMIT_REACHED: {
    status: 409,
    message: (d: { left: string }) => `This would take the khata past its credit limit: ${d.left} of credit is left`,
  },
  WALLET_REST_ONLINE: {
    status: 409,
    message: 'Cash on delivery takes the whole order: pay the rest by UPI or card to use your wallet balance',
  },
  WALLET_ACCOUNT_CLOSED: { status: 409, message: 'This wallet or khata is closed' },
  KHATA_EXISTS: { status: 409, message: 'This customer already has a khata: change its limit instead' },
  KHATA_LIMIT_BELOW_DEBT: {
    status: 409,
    message: (d: { owed: string }) => `The customer owes ${d.owed}: the credit limit cannot be lower than that`,
  },
  NOT_A_KHATA: { status: 409, message: 'Payments and credit limits are for a khata, not a wallet' },
  WALLET_KEY_REUSED: { status: 409, message: 'This request key was already used for a different entry' },
  KHATA_NOT_OPEN: {
    status: 409,
    message: 'This customer has no open khata: the owner opens one in Administration (Customers, Wallet & khata)',
  },
  KHATA_PAYMENT_TOO_MUCH: {
    status: 409,
    message: (d: { owed: string }) => `The customer owes ${d.owed} on their khata: take no more than that`,
  },
  WALLET_TOPUP_TOO_SMALL: {
    status: 422,
    message: (d: { min: string }) => `The smallest top-up is ${d.min}`,
  },
  KHATA_NOTHING_OWED: { status: 409, message: 'Nothing is owed on this khata' },
  // own delivery (issue 45)
  TRIP_NOT_PLANNED: { status: 409, message: (d: { status: string }) => `This trip is ${d.status}: only a planned trip can change` },
  TRIP_NEEDS_RIDER: { status: 409, message: 'Assign a rider before starting the trip' },
  TRIP_EMPTY: { status: 409, message: 'This trip has no orders to take out' },
  NOT_A_RIDER: { status: 422, message: 'This person is not a rider on this website: tick Rider on Administration → Staff' },
  STOP_CLOSED: { status: 409, message: (d: { outcome: string }) => `This stop is already ${d.outcome}` },
  // a trip's cash counted by a cashier (issue 45 item 4)
  TRIP_NOT_DONE: { status: 409, message: 'This trip is still out: its cash is handed over once every stop is settled' },
  HANDOVER_DONE: { status: 409, message: (d: { by: string }) => `This trip's cash was already counted${d.by ? ` by ${d.by}` : ''}` },
  HANDOVER_DEPOSITED: {
    status: 409,
    message: 'Some of these handovers were already deposited, or are not this shop’s: reload and choose again',
  },
  NO_CASH_TO_HAND_OVER: { status: 409, message: 'No cash was collected on this trip: there is nothing to hand over' },
  DELIVERY_CODE_REQUIRED: { status: 422, message: 'Ask the customer for the 4-digit delivery code sent to them' },
  DELIVERY_CODE_WRONG: {
    status: 422,
    message: (d: { left: number }) => `That is not the delivery code: ${d.left} ${d.left === 1 ? 'try' : 'tries'} left`,
  },
  DELIVERY_CODE_LOCKED: {
    status: 429,
    message: (d: { minutes: number }) => `Too many wrong codes: try again in ${d.minutes} min, or ask the shop to override`,
  },
  // daily essentials on subscription (issue 44 §4-6)
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  SUBSCRIPTION_PACK_NOT_SUBSCRIBABLE: { status: 409, message: 'This pack is not available on subscription' },
  SUBSCRIPTION_CUTOFF_PASSED: {
    status: 409,
    message: (d: { date: string; cutoff: string }) => `Changes for ${d.date} closed at ${d.cutoff} the evening before: choose a later day`,
  },
  SUBSCRIPTION_CANCELLED: { status: 409, message: 'This subscription is cancelled: start a new one instead' },
  SUBSCRIPTION_SLOT_INVALID: { status: 409, message: 'This delivery slot is not offered for your address' },
  SUBSCRIPTION_NOT_DELIVERABLE: { status: 409, message: 'We do not deliver to this address yet' },
  SUBSCRIPTION_NO_DELIVERY: {
    status: 409,
    message: (d: { date: string }) => `There is no delivery on ${d.date} to add to: choose a day with a delivery`,
  },
  SUBSCRIPTION_EXTRA_UNAVAILABLE: { status: 409, message: 'This item cannot be added: it is not sold now' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

/** Codes whose message is plain text (no details). */
export type PlainErrorCode = { [C in ErrorCode]: (typeof ERRORS)[C]['message'] extends string ? C : never }[ErrorCode];

/** The details a code's message needs: none for a plain text, else its function's argument. */
export type ErrorDetails<C extends ErrorCode> = (typeof ERRORS)[C]['message'] extends (d: infer D) => string ? [details: D] : [];

/** The catalogue's message for `code`. */
export function errorMessage<C extends ErrorCode>(code: C, ...details: ErrorDetails<C>): string {
  const m: Message = ERRORS[code].message;
  return typeof m === 'string' ? m : (m as (d: unknown) => string)(details[0]);
}

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERRORS, code);
