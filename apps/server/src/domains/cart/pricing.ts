import { couponDiscount, type CouponResult, type CouponRule, type CouponUsage } from '@grocer/shared/coupon';

/**
 * Cart arithmetic, pure and in integer paise. Only valid lines count towards the items total
 * (an out-of-stock line stays visible but is not paid for). The coupon is judged on the items
 * total; delivery is free from the zone's threshold; amount = total − discount + delivery.
 */
export interface PricingLine {
  pricePaise: number;
  quantity: number;
  valid: boolean;
}

export interface PricingInput {
  lines: PricingLine[];
  coupon: { rule: CouponRule; usage: CouponUsage } | null;
  delivery: { chargePaise: number; freeAbovePaise: number | null } | null;
  now: Date;
}

export interface PricingResult {
  quantity: number;
  lineAmounts: number[];
  itemsTotal: number;
  coupon: CouponResult | null;
  discount: number;
  deliveryCharge: number;
  finalDelivery: number;
  amount: number;
}

export function priceCart({ lines, coupon, delivery, now }: PricingInput): PricingResult {
  const lineAmounts = lines.map((l) => l.pricePaise * l.quantity);
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  const itemsTotal = lines.reduce((sum, l, i) => sum + (l.valid ? lineAmounts[i]! : 0), 0);
  const couponResult = coupon ? couponDiscount(coupon.rule, itemsTotal, now, coupon.usage) : null;
  const discount = couponResult?.ok ? couponResult.discountPaise : 0;
  const deliveryCharge = delivery?.chargePaise ?? 0;
  const free = itemsTotal === 0 || (delivery?.freeAbovePaise != null && itemsTotal >= delivery.freeAbovePaise);
  const finalDelivery = free ? 0 : deliveryCharge;
  return {
    quantity,
    lineAmounts,
    itemsTotal,
    coupon: couponResult,
    discount,
    deliveryCharge,
    finalDelivery,
    amount: itemsTotal - discount + finalDelivery,
  };
}
