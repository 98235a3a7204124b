import type { CouponRefusal } from '@grocer/shared/coupon';
import type { Language } from '@grocer/shared/languages';
import type { AppliedPromotion } from '@grocer/shared/promotions';
import { weightLabel } from '@grocer/shared/weighed';
import { Errors, fail } from '../../http/errors';
import type { DeliveryZone, SlotOffer } from '../delivery';

/** Who is asking: a signed-in user's cart is theirs; a guest's cart hangs on the session row. */
export interface CartContext {
  websiteId: number;
  userId: number | null;
  sessionId: string | null;
  /** the pincode delivery is priced for (session pincode, or an address's at checkout) */
  pincode: string | null;
  now?: Date;
  /** the language the cart's notes are written in (issue 46: the request's on the storefront); English when absent */
  language?: Language;
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
  /** units, or grams of a pack sold by weight */
  quantity: number;
  available: number;
  /** a loose good (issue 40.5): price per kg, quantity and stock in grams, bought in `stepGrams` */
  soldByWeight: boolean;
  stepGrams: number;
  /**
   * what a unit costs this shopper: the pack's price, or their customer group's (`memberPrices`);
   * per kg for a pack sold by weight (the list price: group prices are per unit, as at the till)
   */
  pricePaise: number;
  actPricePaise: number;
  /** `lineAmountPaise(price, quantity)` − `promotion`'s discount */
  amountPaise: number;
  /** the automatic promotion that took something off this line (issue 40 §19) */
  promotion: AppliedPromotion | null;
  valid: boolean;
  message: string | null;
}

/** The server's own view of a cart: every amount in paise, priced from its own data. */
export interface PricedCart {
  cartId: number | null;
  /** the cart row's version as read with its lines (`xmin`): checkout orders the cart only as priced */
  version: string | null;
  websiteId: number;
  userId: number | null;
  pincode: string | null;
  serviceable: boolean;
  zone: DeliveryZone | null;
  lines: PricedLine[];
  quantity: number;
  itemsTotalPaise: number;
  coupon: { id: number; code: string } | null;
  /** the automatic cart promotion (its part of `discountPaise`), or null */
  promotion: AppliedPromotion | null;
  /** the coupon's and the cart promotion's discount together */
  discountPaise: number;
  deliveryChargePaise: number;
  finalDeliveryPaise: number;
  amountPaise: number;
  codAllowed: boolean;
  /** the first slot with room */
  slot: SlotOffer | null;
  /** every slot of the next 7 days, full ones too (checkout takes a place from these) */
  offers: SlotOffer[];
  notes: string | null;
  /** a note for the shopper about a change the server made (a coupon dropped) */
  message: string | null;
  /** the language its notes are in (`CartContext.language`) */
  language: Language;
  /** every line valid, the pincode served, and something to buy: checkout may proceed */
  valid: boolean;
}

export const cartErrors = {
  packNotFound: () => fail('PACK_NOT_FOUND'),
  notDelivered: (pincode: string) => fail('NOT_DELIVERABLE', { pincode }),
  notAtLocation: (label: string, pincode: string | null) => fail('NOT_DELIVERABLE', { pincode, item: label }),
  outOfStock: (label: string) => fail('OUT_OF_STOCK', { item: label }),
  notEnough: (available: number, soldByWeight = false) =>
    fail('NOT_ENOUGH_STOCK', soldByWeight ? { available, weight: weightLabel(available) } : { available }),
  /** a quantity of a pack sold by weight that is not a whole number of its steps (issue 40.5) */
  notWholeSteps: (step: number) => Errors.invalid({ quantity: [`Choose a multiple of ${weightLabel(step)}`] }),
  couponRefused: (reason: string, refusal?: CouponRefusal) => fail('COUPON_REFUSED', { reason, refusal }).withErrors({ code: [reason] }),
};
