import type { PaymentMethod } from '@grocer/shared/cart';
import { AppError, Errors } from '../../http/errors';
import { notDeliveredTo, type DeliveryZone, type SlotOffer } from '../delivery/service';

/** Who is asking: a signed-in user's cart is theirs; a guest's cart hangs on the session row. */
export interface CartContext {
  websiteId: number;
  userId: number | null;
  sessionId: string | null;
  /** the pincode delivery is priced for (session pincode, or an address's at checkout) */
  pincode: string | null;
  now?: Date;
}

/** One priced line, in paise, with what checkout needs to write an order line. */
export interface PricedLine {
  packId: number;
  productId: number;
  productName: string;
  packName: string;
  slug: string;
  image: string;
  hsnCode: string;
  gstRate: number;
  /** the warehouse that serves this line for the cart's pincode (stock is taken there) */
  warehouseId: number;
  quantity: number;
  available: number;
  pricePaise: number;
  actPricePaise: number;
  amountPaise: number;
  valid: boolean;
  message: string | null;
}

/** The server's own view of a cart: every amount in paise, priced from its own data. */
export interface PricedCart {
  cartId: number | null;
  websiteId: number;
  userId: number | null;
  pincode: string | null;
  serviceable: boolean;
  zone: DeliveryZone | null;
  lines: PricedLine[];
  quantity: number;
  itemsTotalPaise: number;
  coupon: { id: number; code: string } | null;
  discountPaise: number;
  deliveryChargePaise: number;
  finalDeliveryPaise: number;
  amountPaise: number;
  codAllowed: boolean;
  slot: SlotOffer | null;
  notes: string | null;
  /** a note for the shopper about a change the server made (a coupon dropped) */
  message: string | null;
  /** every line valid, the pincode served, and something to buy: checkout may proceed */
  valid: boolean;
}

export const cartErrors = {
  packNotFound: () => new AppError(404, 'PACK_NOT_FOUND', 'This product is no longer available'),
  notDelivered: (pincode: string) => Errors.conflict('NOT_DELIVERABLE', notDeliveredTo(pincode)),
  notAtLocation: (label: string, pincode: string | null) =>
    Errors.conflict('NOT_DELIVERABLE', pincode ? `${label} is not delivered to ${pincode}` : `${label} is not available at your location`),
  outOfStock: (label: string) => Errors.conflict('OUT_OF_STOCK', `${label} is out of stock`),
  notEnough: (available: number) => Errors.conflict('NOT_ENOUGH_STOCK', `Only ${available} left in stock`),
  couponRefused: (reason: string) => new AppError(422, 'COUPON_REFUSED', reason, { code: [reason] }),
};

export const PAYMENT_METHODS: Record<PaymentMethod['code'], string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Pay Online (Razorpay)',
  cashfree: 'Pay Online (Cashfree)',
};

