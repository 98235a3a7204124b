import type { CouponRefusal } from '@grocer/shared/coupon';
import { errorMessage } from '@grocer/shared/errors';
import { fail } from '../../http/errors';
import type { orders } from './tables';

export type OrderRow = typeof orders.$inferSelect;
export interface Shopper {
  websiteId: number;
  userId: number;
}

export const orderErrors = {
  notFound: () => fail('ORDER_NOT_FOUND'),
  invoiceNotIssued: () => fail('INVOICE_NOT_ISSUED'),
  cartEmpty: () => fail('CART_EMPTY'),
  cartOrdered: (ordernumber: string) => fail('CART_ALREADY_ORDERED', { ordernumber }),
  cartChanged: () => fail('CART_CHANGED'),
  couponUnavailable: (reason: string, refusal?: CouponRefusal) => fail('COUPON_UNAVAILABLE', { reason, refusal }),
  addressNotFound: () => fail('ADDRESS_NOT_FOUND'),
  notDeliverable: (pincode: string) => fail('NOT_DELIVERABLE', { pincode }),
  linesUnavailable: (lines: Array<{ packId: number; label: string; message: string }>) =>
    fail('LINES_UNAVAILABLE', { item: lines[0]!.label, reason: lines[0]!.message }).withErrors(
      Object.fromEntries(lines.map((l) => [`items.${l.packId}`, [l.message]])),
    ),
  paymentUnavailable: (method: string) =>
    fail('PAYMENT_METHOD_UNAVAILABLE', { method }).withErrors({ payment_method: ['Not available for this order'] }),
  priceChanged: (amount: number) => fail('PRICE_CHANGED', { amount }),
  slotFull: () => fail('SLOT_FULL'),
  slotInvalid: () => fail('SLOT_INVALID').withErrors({ slot: [errorMessage('SLOT_INVALID')] }),
  outOfStock: (label: string) => fail('OUT_OF_STOCK', { item: label }),
  notCancellable: () => fail('NOT_CANCELLABLE'),
};
