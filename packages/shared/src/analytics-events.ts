// No zod here: the storefront's first load imports these names.

/** The shop events the storefront sends through /brgest (posthog-js `capture`), and their names. */
export const SHOP_EVENTS = {
  productViewed: 'product viewed',
  searched: 'search',
  addedToCart: 'added to cart',
  removedFromCart: 'removed from cart',
  couponApplied: 'coupon applied',
  checkoutStarted: 'checkout started',
  orderPlaced: 'order placed',
  paymentFailed: 'payment failed',
} as const;

/** The funnel of the Analytics page, in order: each step counts sessions that also did every step before it. */
export const FUNNEL_STEPS = [
  { key: 'visit', label: 'Visit', event: '$pageview' },
  { key: 'product', label: 'Product view', event: SHOP_EVENTS.productViewed },
  { key: 'cart', label: 'Add to cart', event: SHOP_EVENTS.addedToCart },
  { key: 'checkout', label: 'Checkout', event: SHOP_EVENTS.checkoutStarted },
  { key: 'paid', label: 'Paid', event: SHOP_EVENTS.orderPlaced },
] as const;
