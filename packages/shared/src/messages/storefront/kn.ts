import { formatINR, toRupees } from '../../money';
import type { Messages } from '../types';

// What the server writes to a shopper, in Kannada (ಕನ್ನಡ): simple shop words. Codes, amounts and
// pincodes stay as they are. A catalogue error not listed under `errors` is said in English.

const REFUSED = {
  unknown: 'ಈ ಕೂಪನ್ ಕೋಡ್ ಸರಿಯಿಲ್ಲ',
  not_started: 'ಈ ಕೂಪನ್ ಇನ್ನೂ ಶುರುವಾಗಿಲ್ಲ',
  expired: 'ಈ ಕೂಪನ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ',
  used_up: 'ಈ ಕೂಪನ್ ಪೂರ್ತಿ ಬಳಕೆಯಾಗಿದೆ',
  first_order: 'ಈ ಕೂಪನ್ ನಿಮ್ಮ ಮೊದಲ ಆರ್ಡರ್‌ಗೆ ಮಾತ್ರ',
  used_by_you: 'ನೀವು ಈ ಕೂಪನ್ ಅನ್ನು ಈಗಾಗಲೇ ಬಳಸಿದ್ದೀರಿ',
} as const;

const notDeliveredTo = (pincode: string) => `ಕ್ಷಮಿಸಿ, ನಾವು ಇನ್ನೂ ${pincode} ಗೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ.`;
const couponRefused: Messages['storefront']['couponRefused'] = (r) =>
  r.kind === 'minimum' ? `${r.code} ಬಳಸಲು ಇನ್ನೂ ${formatINR(toRupees(r.shortPaise))} ಮೌಲ್ಯದ ಸಾಮಾನು ಸೇರಿಸಿ` : REFUSED[r.kind];

export const storefront: Messages['storefront'] = {
  freeDelivery: 'ಉಚಿತ ಡೆಲಿವರಿ',
  moreForFreeDelivery: (p) => `ಉಚಿತ ಡೆಲಿವರಿಗಾಗಿ ಇನ್ನೂ ${p.amount} ಮೌಲ್ಯದ ಸಾಮಾನು ಸೇರಿಸಿ`,
  notDeliveredTo: (p) => notDeliveredTo(p.pincode),
  itemNotDeliveredTo: (p) => `${p.item} ಅನ್ನು ${p.pincode} ಗೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ`,
  itemNotAtLocation: (p) => `${p.item} ನಿಮ್ಮ ಪ್ರದೇಶದಲ್ಲಿ ಸಿಗುವುದಿಲ್ಲ`,
  outOfStock: 'ಸ್ಟಾಕ್ ಇಲ್ಲ',
  onlyLeft: (p) => `ಸ್ಟಾಕ್‌ನಲ್ಲಿ ಕೇವಲ ${p.left} ಉಳಿದಿದೆ`,
  couponRemoved: (p) => `ಕೂಪನ್ ${p.code} ತೆಗೆದುಹಾಕಲಾಗಿದೆ: ${p.reason}`,
  couponRefused,
  addItemsForOffer: 'ಈ ಆಫರ್ ಬಳಸಲು ಕಾರ್ಟ್‌ಗೆ ಸಾಮಾನು ಸೇರಿಸಿ',
  deliversHere: (p) => `${p.zone} ನಿಂದ ಇಲ್ಲಿಗೆ ಡೆಲಿವರಿ ಆಗುತ್ತದೆ${p.cod ? '' : ' (ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ ಇಲ್ಲ)'}`,
  backInStockSubject: (p) => `ಮತ್ತೆ ಸ್ಟಾಕ್‌ನಲ್ಲಿದೆ: ${p.name}`,
  backInStockText: (p) => `ಶುಭ ಸುದ್ದಿ: ${p.name} ಮತ್ತೆ ಸ್ಟಾಕ್‌ನಲ್ಲಿದೆ. ${p.link}`,
};

export const errors: Messages['errors'] = {
  // request and session
  NOT_FOUND: 'ಸಿಗಲಿಲ್ಲ',
  CSRF_MISMATCH: 'ನಿಮ್ಮ ಸೆಷನ್ ಹಳೆಯದಾಗಿದೆ. ದಯವಿಟ್ಟು ಪುಟವನ್ನು ಮತ್ತೆ ತೆರೆದು ಪ್ರಯತ್ನಿಸಿ.',
  UNAUTHENTICATED: 'ಮುಂದುವರಿಯಲು ದಯವಿಟ್ಟು ಸೈನ್ ಇನ್ ಮಾಡಿ.',
  FORBIDDEN: 'ನೀವು ಇದನ್ನು ಮಾಡುವಂತಿಲ್ಲ.',
  VALIDATION_FAILED: 'ದಯವಿಟ್ಟು ಗುರುತು ಮಾಡಿದ ವಿವರಗಳನ್ನು ಪರಿಶೀಲಿಸಿ.',
  RATE_LIMITED: 'ತುಂಬಾ ಸಲ ಪ್ರಯತ್ನಿಸಿದ್ದೀರಿ. ಸ್ವಲ್ಪ ಹೊತ್ತು ಬಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  INTERNAL: 'ಏನೋ ತಪ್ಪಾಗಿದೆ',
  DATABASE_UNAVAILABLE: 'ಅಂಗಡಿಗೆ ಈಗ ತನ್ನ ಡೇಟಾ ಸಿಗುತ್ತಿಲ್ಲ. ಸ್ವಲ್ಪ ಹೊತ್ತಿನಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  // sign-in and account
  INVALID_CODE: 'ಕೋಡ್ ತಪ್ಪಾಗಿದೆ ಅಥವಾ ಅದರ ಅವಧಿ ಮುಗಿದಿದೆ',
  TOO_MANY_ATTEMPTS: 'ತುಂಬಾ ತಪ್ಪು ಕೋಡ್‌ಗಳನ್ನು ಹಾಕಿದ್ದೀರಿ. ದಯವಿಟ್ಟು ಹೊಸ ಕೋಡ್ ಕೇಳಿ.',
  RESEND_COOLDOWN: (d) => `ಹೊಸ ಕೋಡ್ ಕೇಳುವ ಮೊದಲು ${d.seconds} ಸೆಕೆಂಡ್ ಕಾಯಿರಿ`,
  ACCOUNT_NOT_FOUND: 'ಈ ಇಮೇಲ್ ಅಥವಾ ಮೊಬೈಲ್‌ಗೆ ಯಾವುದೇ ಖಾತೆ ಇಲ್ಲ. ದಯವಿಟ್ಟು ನೋಂದಾಯಿಸಿ.',
  ACCOUNT_EXISTS: 'ಈ ಇಮೇಲ್ ಅಥವಾ ಮೊಬೈಲ್‌ಗೆ ಈಗಾಗಲೇ ಖಾತೆ ಇದೆ. ದಯವಿಟ್ಟು ಲಾಗಿನ್ ಮಾಡಿ.',
  IDENTIFIER_TAKEN: 'ಈ ಇಮೇಲ್ ಅಥವಾ ಮೊಬೈಲ್ ಅನ್ನು ಬೇರೆ ಖಾತೆ ಬಳಸುತ್ತಿದೆ',
  ACCOUNT_OPEN_ORDERS: 'ನಿಮ್ಮ ಕೆಲವು ಆರ್ಡರ್‌ಗಳು ಇನ್ನೂ ದಾರಿಯಲ್ಲಿವೆ: ಅವು ಡೆಲಿವರಿ ಅಥವಾ ರದ್ದಾದ ನಂತರ ಖಾತೆ ಅಳಿಸಿ',
  ACCOUNT_STAFF: 'ಸಿಬ್ಬಂದಿ ಖಾತೆಯನ್ನು ಇಲ್ಲಿ ಅಳಿಸಲಾಗದು: ಮೊದಲು ಅಂಗಡಿಯ ಮಾಲೀಕರಿಗೆ ನಿಮ್ಮ ಪ್ರವೇಶ ತೆಗೆಯಲು ಹೇಳಿ',
  ADDRESS_NOT_FOUND: 'ವಿಳಾಸ ಸಿಗಲಿಲ್ಲ',
  REGISTRATION_CLOSED: 'ಈ ಅಂಗಡಿ ಈಗ ಹೊಸ ಖಾತೆಗಳನ್ನು ತೆರೆಯುತ್ತಿಲ್ಲ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಹಳೆಯ ಖಾತೆಯಿಂದ ಲಾಗಿನ್ ಮಾಡಿ.',
  CUSTOMER_BLOCKED: (d) => `${d.shop} ನಲ್ಲಿ ನಿಮ್ಮ ಖಾತೆಯನ್ನು ತಡೆಹಿಡಿಯಲಾಗಿದೆ: ${d.reason}. ಇದು ತಪ್ಪು ಎನಿಸಿದರೆ ದಯವಿಟ್ಟು ಅಂಗಡಿಯನ್ನು ಸಂಪರ್ಕಿಸಿ.`,
  // delivery
  PINCODE_INVALID: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಪಿನ್‌ಕೋಡ್ ನಮೂದಿಸಿ',
  PINCODE_NOT_SERVICEABLE: (d) => notDeliveredTo(d.pincode),
  NOT_DELIVERABLE: (d) =>
    d.item === undefined
      ? notDeliveredTo(d.pincode ?? '')
      : d.pincode
        ? `${d.item} ಅನ್ನು ${d.pincode} ಗೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ`
        : `${d.item} ನಿಮ್ಮ ಪ್ರದೇಶದಲ್ಲಿ ಸಿಗುವುದಿಲ್ಲ`,
  // cart and stock
  PACK_NOT_FOUND: 'ಈ ಸಾಮಾನು ಈಗ ಲಭ್ಯವಿಲ್ಲ',
  OUT_OF_STOCK: (d) => `${d.item} ಸ್ಟಾಕ್‌ನಲ್ಲಿ ಇಲ್ಲ`,
  NOT_ENOUGH_STOCK: (d) => `ಸ್ಟಾಕ್‌ನಲ್ಲಿ ಕೇವಲ ${d.weight ?? d.available} ಉಳಿದಿದೆ`,
  COUPON_REFUSED: (d) => (d.refusal ? couponRefused(d.refusal) : d.reason),
  // orders and checkout
  ORDER_NOT_FOUND: 'ಆರ್ಡರ್ ಸಿಗಲಿಲ್ಲ',
  INVOICE_NOT_ISSUED: 'ಆರ್ಡರ್ ಆದ ನಂತರವೇ ತೆರಿಗೆ ಇನ್‌ವಾಯ್ಸ್ ಸಿಗುತ್ತದೆ; ಈ ಆರ್ಡರ್ ಇನ್ನೂ ಪೂರ್ಣವಾಗಿಲ್ಲ.',
  CART_EMPTY: 'ನಿಮ್ಮ ಕಾರ್ಟ್ ಖಾಲಿಯಾಗಿದೆ',
  CART_ALREADY_ORDERED: (d) => `ಈ ಕಾರ್ಟ್ ಈಗಷ್ಟೇ ಆರ್ಡರ್ ಆಗಿದೆ (ಆರ್ಡರ್ ${d.ordernumber}). ಅದನ್ನು ನನ್ನ ಆರ್ಡರ್‌ಗಳಲ್ಲಿ ನೋಡಿ.`,
  CART_CHANGED: 'ಆರ್ಡರ್ ಮಾಡುವಾಗ ನಿಮ್ಮ ಕಾರ್ಟ್ ಬದಲಾಗುತ್ತಲೇ ಇತ್ತು. ದಯವಿಟ್ಟು ಕಾರ್ಟ್ ನೋಡಿ ಮತ್ತೆ ಆರ್ಡರ್ ಮಾಡಿ.',
  COUPON_UNAVAILABLE: (d) => `${d.refusal ? couponRefused(d.refusal) : d.reason}. ದಯವಿಟ್ಟು ಕಾರ್ಟ್ ನೋಡಿ ಮತ್ತೆ ಆರ್ಡರ್ ಮಾಡಿ.`,
  LINES_UNAVAILABLE: (d) => `${d.item}: ${d.reason}`,
  PAYMENT_METHOD_UNAVAILABLE: (d) => (d.method === 'cod' ? 'ಈ ಆರ್ಡರ್‌ಗೆ ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ ಲಭ್ಯವಿಲ್ಲ' : 'ಈ ಪಾವತಿ ವಿಧಾನ ಲಭ್ಯವಿಲ್ಲ'),
  PRICE_CHANGED: (d) => `ನೀವು ಕಾರ್ಟ್ ನೋಡಿದ ನಂತರ ಬೆಲೆಗಳು ಬದಲಾಗಿವೆ: ಈಗ ಒಟ್ಟು ${formatINR(Number(d.amount))}. ದಯವಿಟ್ಟು ನೋಡಿ ಮತ್ತೆ ಆರ್ಡರ್ ಮಾಡಿ.`,
  SLOT_FULL: 'ಆ ಡೆಲಿವರಿ ಸ್ಲಾಟ್ ಈಗಷ್ಟೇ ತುಂಬಿದೆ. ದಯವಿಟ್ಟು ಬೇರೆ ಸ್ಲಾಟ್ ಆರಿಸಿ.',
  SLOT_INVALID: 'ಕೊಟ್ಟಿರುವ ಡೆಲಿವರಿ ಸ್ಲಾಟ್‌ಗಳಲ್ಲಿ ಒಂದನ್ನು ಆರಿಸಿ',
  NOT_CANCELLABLE: 'ಈ ಆರ್ಡರ್ ಅನ್ನು ಈಗ ರದ್ದುಮಾಡಲು ಆಗುವುದಿಲ್ಲ',
  NOT_AWAITING_PAYMENT: 'ಈ ಆರ್ಡರ್‌ನ ಪಾವತಿ ಈಗ ಬಾಕಿ ಇಲ್ಲ',
  PAYMENT_METHOD_CHANGED: 'ಈ ಆರ್ಡರ್‌ನ ಪಾವತಿ ವಿಧಾನ ಈಗಷ್ಟೇ ಬದಲಾಗಿದೆ. ದಯವಿಟ್ಟು ಆರ್ಡರ್ ಅನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ.',
  PAYMENT_NOT_CONFIGURED: (d) => `ಈ ಅಂಗಡಿಯಲ್ಲಿ ${d.provider} ಮೂಲಕ ಆನ್‌ಲೈನ್ ಪಾವತಿ ಇನ್ನೂ ಶುರುವಾಗಿಲ್ಲ`,
  PAYMENT_PROVIDER_ERROR: (d) => `${d.provider} ಉತ್ತರಿಸಲಿಲ್ಲ. ಸ್ವಲ್ಪ ಹೊತ್ತಿನಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.`,
  // wishlist
  WISHLIST_NAME_TAKEN: (d) => `${d.name} ಹೆಸರಿನ ವಿಶ್‌ಲಿಸ್ಟ್ ಈಗಾಗಲೇ ಇದೆ`,
  // changing a placed order
  ORDER_NOT_EDITABLE: 'ಈ ಆರ್ಡರ್ ಮುಂದಿನ ಹಂತಕ್ಕೆ ಹೋಗಿದೆ: ಈಗ ಇದನ್ನು ಬದಲಿಸಲು ಆಗುವುದಿಲ್ಲ',
  ORDER_EDIT_PROMOTION: (d) => `ಈ ಆರ್ಡರ್‌ಗೆ “${d.promotion}” ಆಫರ್ ಇದೆ: ಬದಲಿಸಲು ಇದನ್ನು ರದ್ದುಮಾಡಿ ಮತ್ತೆ ಆರ್ಡರ್ ಮಾಡಿ`,
  ORDER_EDIT_WEIGHED: (d) => `${d.item} ತೂಕದ ಲೆಕ್ಕದಲ್ಲಿ ಮಾರಾಟವಾಗುತ್ತದೆ: ಆರ್ಡರ್ ಮಾಡಿದಂತೆಯೇ ಇಡಿ ಅಥವಾ ತೆಗೆದುಹಾಕಿ`,
  ORDER_EDIT_NO_STOCK: (d) => (d.max > 0 ? `ಈ ಆರ್ಡರ್‌ನಲ್ಲಿ ${d.item} ಕೇವಲ ${d.max} ಇರಬಹುದು` : `${d.item} ಸ್ಟಾಕ್‌ನಲ್ಲಿ ಇಲ್ಲ`),
  NO_BALANCE_DUE: 'ಈ ಆರ್ಡರ್‌ನಲ್ಲಿ ಯಾವುದೇ ಬಾಕಿ ಇಲ್ಲ: ಕಳುಹಿಸಲು ಏನೂ ಇಲ್ಲ',
  ORDER_EDIT_BELOW_WALLET: (d) =>
    `ಈ ಆರ್ಡರ್‌ನ ${d.amount} ವಾಲೆಟ್‌ನಿಂದ ಪಾವತಿಯಾಗಿದೆ, ಆದ್ದರಿಂದ ಇದು ಅದಕ್ಕಿಂತ ಕಡಿಮೆ ಆಗುವಂತಿಲ್ಲ. ವಾಲೆಟ್ ಭಾಗ ಮರಳಿ ಪಡೆಯಲು ಆರ್ಡರ್ ರದ್ದುಮಾಡಿ.`,
  ORDER_EDIT_COSTS_MORE: (d) =>
    `ಈ ಬದಲಾವಣೆಗಳಿಂದ ${d.more} ಹೆಚ್ಚು ಆಗುತ್ತದೆ, ಪಾವತಿಯಾದ ಆರ್ಡರ್‌ಗೆ ಹೆಚ್ಚು ಹಣ ತೆಗೆದುಕೊಳ್ಳಲು ಆಗುವುದಿಲ್ಲ. ಏನನ್ನಾದರೂ ತೆಗೆದುಹಾಕಿ, ಅಥವಾ ಹೆಚ್ಚುವರಿ ಸಾಮಾನಿಗೆ ಹೊಸ ಆರ್ಡರ್ ಮಾಡಿ.`,
  ORDER_EDIT_COUPON_MINIMUM: (d) => `ಈ ಆರ್ಡರ್‌ನ ಕೂಪನ್ ${d.code} ಗೆ ಕನಿಷ್ಠ ${d.minimum} ಮೌಲ್ಯದ ಸಾಮಾನು ಬೇಕು`,
  ORDER_EDIT_TOTAL_CHANGED: (d) => `ಹೊಸ ಒಟ್ಟು ಈಗ ${formatINR(Number(d.amount))}, ನೀವು ನೋಡಿದ್ದಲ್ಲ. ದಯವಿಟ್ಟು ಬದಲಾವಣೆಗಳನ್ನು ನೋಡಿ ಮತ್ತೆ ಖಚಿತಪಡಿಸಿ.`,
  // reporting an issue on a delivered order
  ISSUE_NOT_REPORTABLE: (d) => `ಡೆಲಿವರಿಯಾದ ಆರ್ಡರ್ ಬಗ್ಗೆ, ಡೆಲಿವರಿಯ ${d.days} ದಿನಗಳೊಳಗೆ ದೂರು ನೀಡಬಹುದು`,
  ISSUE_ALREADY_OPEN: 'ಈ ಆರ್ಡರ್ ಬಗ್ಗೆ ನೀವು ಈಗಾಗಲೇ ದೂರು ನೀಡಿದ್ದೀರಿ: ಅಂಗಡಿ ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸುತ್ತದೆ',
  ISSUE_NOT_FOUND: 'ದೂರು ಸಿಗಲಿಲ್ಲ',
  // wallet
  WALLET_TOPUP_NOT_FOUND: 'ಟಾಪ್-ಅಪ್ ಸಿಗಲಿಲ್ಲ',
  WALLET_NOT_ENOUGH: (d) => `ವಾಲೆಟ್‌ನಲ್ಲಿ ${d.balance} ಇದೆ: ಇದಕ್ಕೆ ಸಾಲದು`,
  KHATA_LIMIT_REACHED: (d) => `ಇದರಿಂದ ಖಾತೆ ತನ್ನ ಸಾಲದ ಮಿತಿ ದಾಟುತ್ತದೆ: ಇನ್ನು ${d.left} ಸಾಲ ಮಾತ್ರ ಉಳಿದಿದೆ`,
  WALLET_REST_ONLINE: 'ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ ಇಡೀ ಆರ್ಡರ್‌ಗೆ: ವಾಲೆಟ್ ಬ್ಯಾಲೆನ್ಸ್ ಬಳಸಲು ಉಳಿದ ಹಣವನ್ನು UPI ಅಥವಾ ಕಾರ್ಡ್‌ನಿಂದ ಪಾವತಿಸಿ',
  WALLET_ACCOUNT_CLOSED: 'ಈ ವಾಲೆಟ್ ಅಥವಾ ಖಾತೆ ಮುಚ್ಚಿದೆ',
  // subscriptions (the cut-off is worded by the storefront from the English: it names the day)
  SUBSCRIPTION_NOT_FOUND: 'ಚಂದಾದಾರಿಕೆ ಸಿಗಲಿಲ್ಲ',
  SUBSCRIPTION_PACK_NOT_SUBSCRIBABLE: 'ಈ ಪ್ಯಾಕ್ ಚಂದಾದಾರಿಕೆಯಲ್ಲಿ ಸಿಗುವುದಿಲ್ಲ',
  SUBSCRIPTION_CANCELLED: 'ಈ ಚಂದಾದಾರಿಕೆ ರದ್ದಾಗಿದೆ: ಹೊಸದನ್ನು ಶುರುಮಾಡಿ',
  SUBSCRIPTION_SLOT_INVALID: 'ಈ ಡೆಲಿವರಿ ಸ್ಲಾಟ್ ನಿಮ್ಮ ವಿಳಾಸಕ್ಕೆ ಇಲ್ಲ',
  SUBSCRIPTION_NOT_DELIVERABLE: 'ನಾವು ಇನ್ನೂ ಈ ವಿಳಾಸಕ್ಕೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ',
  SUBSCRIPTION_NO_DELIVERY: (d) => `${d.date} ರಂದು ಸೇರಿಸಲು ಡೆಲಿವರಿ ಇಲ್ಲ: ಡೆಲಿವರಿ ಇರುವ ದಿನ ಆರಿಸಿ`,
  SUBSCRIPTION_EXTRA_UNAVAILABLE: 'ಈ ಐಟಂ ಈಗ ಮಾರಾಟದಲ್ಲಿಲ್ಲ, ಸೇರಿಸಲು ಆಗುವುದಿಲ್ಲ',
};
