import { couponDiscount, type CouponResult, type CouponRule, type CouponUsage } from '@grocer/shared/coupon';
import { lineAmountPaise } from '@grocer/shared/weighed';

/**
 * Cart arithmetic, pure and in integer paise. Only valid lines count towards the items total
 * (an out-of-stock line stays visible but is not paid for). The coupon is judged on the items
 * total; delivery is free from the zone's threshold; amount = total − discount + delivery.
 * Automatic promotions (issue 40 §19, `applyPromotions`) come in already decided: a line's
 * `promotionPaise` lowers its amount (so the items total, the coupon's base and the free-delivery
 * threshold are after it), and the cart promotion joins the coupon in `discount`, never beyond
 * the items.
 */
export interface PricingLine {
  /** per unit, or per kg of a line `soldByWeight` (its quantity then grams, issue 40.5) */
  pricePaise: number;
  quantity: number;
  soldByWeight?: boolean;
  valid: boolean;
  /** taken off the line by a line promotion (at most price × quantity) */
  promotionPaise?: number;
}

export interface PricingInput {
  lines: PricingLine[];
  coupon: { rule: CouponRule; usage: CouponUsage } | null;
  delivery: { chargePaise: number; freeAbovePaise: number | null } | null;
  /** the cart promotion's discount, judged on the items total after line promotions */
  cartPromotionPaise?: number;
  now: Date;
}

export interface PricingResult {
  /** the items: units, and 1 for each line sold by weight */
  quantity: number;
  lineAmounts: number[];
  itemsTotal: number;
  coupon: CouponResult | null;
  /** the cart promotion's part of `discount` */
  promotionDiscount: number;
  discount: number;
  deliveryCharge: number;
  finalDelivery: number;
  amount: number;
}

export function priceCart({ lines, coupon, delivery, cartPromotionPaise = 0, now }: PricingInput): PricingResult {
  const lineAmounts = lines.map((l) => {
    const gross = lineAmountPaise(l.pricePaise, l.quantity, l.soldByWeight ?? false);
    return gross - Math.min(l.promotionPaise ?? 0, gross);
  });
  const quantity = lines.reduce((n, l) => n + (l.soldByWeight ? 1 : l.quantity), 0);
  const itemsTotal = lines.reduce((sum, l, i) => sum + (l.valid ? lineAmounts[i]! : 0), 0);
  const couponResult = coupon ? couponDiscount(coupon.rule, itemsTotal, now, coupon.usage) : null;
  const couponPaise = couponResult?.ok ? couponResult.discountPaise : 0;
  const promotionDiscount = Math.max(0, Math.min(cartPromotionPaise, itemsTotal - couponPaise));
  const discount = couponPaise + promotionDiscount;
  const deliveryCharge = delivery?.chargePaise ?? 0;
  const free = itemsTotal === 0 || (delivery?.freeAbovePaise != null && itemsTotal >= delivery.freeAbovePaise);
  const finalDelivery = free ? 0 : deliveryCharge;
  return {
    quantity,
    lineAmounts,
    itemsTotal,
    coupon: couponResult,
    promotionDiscount,
    discount,
    deliveryCharge,
    finalDelivery,
    amount: itemsTotal - discount + finalDelivery,
  };
}
