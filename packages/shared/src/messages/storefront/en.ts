import {
  COUPON_EXPIRED,
  COUPON_FIRST_ORDER,
  COUPON_NOT_STARTED,
  COUPON_UNKNOWN,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
  couponMinimumReason,
} from '../../coupon';
import { errorMessage } from '../../errors';
import type { Messages } from '../types';

// What the server writes to a shopper, in English: the texts it always wrote, byte for byte (the
// spec and the API tests quote them). The error catalogue's English is its own (errors.ts).

const REFUSED = {
  unknown: COUPON_UNKNOWN,
  not_started: COUPON_NOT_STARTED,
  expired: COUPON_EXPIRED,
  used_up: COUPON_USED_UP,
  first_order: COUPON_FIRST_ORDER,
  used_by_you: COUPON_USED_BY_YOU,
} as const;

export const storefront: Messages['storefront'] = {
  freeDelivery: 'Free delivery',
  moreForFreeDelivery: (p) => `Add ${p.amount} more for free delivery`,
  notDeliveredTo: (p) => errorMessage('NOT_DELIVERABLE', { pincode: p.pincode }),
  itemNotDeliveredTo: (p) => errorMessage('NOT_DELIVERABLE', { item: p.item, pincode: p.pincode }),
  itemNotAtLocation: (p) => errorMessage('NOT_DELIVERABLE', { item: p.item, pincode: null }),
  outOfStock: 'Out of stock',
  onlyLeft: (p) => `Only ${p.left} left in stock`,
  couponRemoved: (p) => `Coupon ${p.code} was removed: ${p.reason}`,
  couponRefused: (r) => (r.kind === 'minimum' ? couponMinimumReason(r.code, r.shortPaise) : REFUSED[r.kind]),
  addItemsForOffer: 'Add items to use this offer',
  deliversHere: (p) => `Delivers here from ${p.zone}${p.cod ? '' : ' (no cash on delivery)'}`,
  backInStockSubject: (p) => `Back in stock: ${p.name}`,
  backInStockText: (p) => `Good news: ${p.name} is back in stock. ${p.link}`,
};

export const errors: Messages['errors'] = {};
