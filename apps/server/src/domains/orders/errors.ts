import { AppError, Errors } from '../../http/errors';
import type { orders } from './tables';

export type OrderRow = typeof orders.$inferSelect;
export interface Shopper {
  websiteId: number;
  userId: number;
}

export const orderErrors = {
  notFound: () => new AppError(404, 'ORDER_NOT_FOUND', 'Order not found'),
  cartEmpty: () => Errors.conflict('CART_EMPTY', 'Your cart is empty'),
  cartOrdered: (ordernumber: string) => Errors.conflict('CART_ALREADY_ORDERED', `This cart has just been ordered (order ${ordernumber}). You can find it in My Orders.`),
  couponUnavailable: (reason: string) => Errors.conflict('COUPON_UNAVAILABLE', `${reason}. Please review your cart and place the order again.`),
  addressNotFound: () => new AppError(404, 'ADDRESS_NOT_FOUND', 'Address not found'),
  notDeliverable: (pincode: string) => Errors.conflict('NOT_DELIVERABLE', `Sorry, we do not deliver to ${pincode} yet.`),
  linesUnavailable: (lines: Array<{ packId: number; label: string; message: string }>) =>
    new AppError(409, 'LINES_UNAVAILABLE', `${lines[0]!.label}: ${lines[0]!.message}`, Object.fromEntries(lines.map((l) => [`items.${l.packId}`, [l.message]]))),
  paymentUnavailable: (method: string) => new AppError(422, 'PAYMENT_METHOD_UNAVAILABLE', method === 'cod' ? 'Cash on delivery is not available for this order' : 'This payment method is not available', { payment_method: ['Not available for this order'] }),
  priceChanged: (amount: number) => Errors.conflict('PRICE_CHANGED', `Prices changed since you saw your cart: the total is now ₹${amount}. Please review and place the order again.`),
  slotFull: () => Errors.conflict('SLOT_FULL', 'That delivery slot has just filled up. Please choose another.'),
  slotInvalid: () => new AppError(422, 'SLOT_INVALID', 'Choose one of the delivery slots offered', { slot: ['Choose one of the delivery slots offered'] }),
  outOfStock: (label: string) => Errors.conflict('OUT_OF_STOCK', `${label} has just sold out. Please review your cart.`),
  notCancellable: () => Errors.conflict('NOT_CANCELLABLE', 'This order can no longer be cancelled'),
};
