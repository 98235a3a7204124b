import { z } from 'zod';
import { formatINR, toRupees } from './money';

/**
 * A coupon as the pricing rule sees it. Money is integer paise; a percent coupon's value is in
 * basis points (1000 = 10%). maxDiscount caps a percent coupon (a flat one is capped by its value).
 */
export interface CouponRule {
  code: string;
  kind: 'flat' | 'percent';
  value: number;
  maxDiscount: number | null;
  minOrder: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** total redemptions allowed across all shoppers; null = unlimited */
  usageLimit: number | null;
  /** redemptions allowed per shopper; null = unlimited */
  perCustomerLimit: number | null;
  /** only for a shopper's first order */
  firstOrderOnly?: boolean;
  active: boolean;
}

/** How often a coupon has been redeemed in total and by the shopper asking. */
export interface CouponUsage {
  total: number;
  byCustomer: number;
  /** the shopper's earlier orders that went through (0 for a guest: checked again at checkout, signed in) */
  priorOrders?: number;
}

/** Why a coupon does not apply, for a caller that words it in another language (messages `storefront.coupon`). */
export type CouponRefusal =
  | { kind: 'unknown' | 'not_started' | 'expired' | 'used_up' | 'first_order' | 'used_by_you' }
  | { kind: 'minimum'; code: string; shortPaise: number };

/** `reason`: the refusal in English (the words the shop always sent) */
export type CouponResult = { ok: true; discountPaise: number } | { ok: false; reason: string; refusal: CouponRefusal };

export const COUPON_UNKNOWN = 'This coupon code is not valid';
export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_NOT_STARTED = 'This coupon is not active yet';
export const COUPON_USED_UP = 'This coupon has been fully used';
export const COUPON_USED_BY_YOU = 'You have already used this coupon';
export const COUPON_FIRST_ORDER = 'This coupon is for your first order only';
export const couponMinimumReason = (code: string, shortPaise: number) => `Add ${formatINR(toRupees(shortPaise))} more to use ${code}`;

/**
 * The one coupon rule: whether `coupon` applies to an items total (paise) at `now`, and the
 * discount. The discount is an integer number of paise, never above the coupon's cap and never
 * above the items total. Order of refusals: unknown/inactive, window, usage (total, first order, per customer), minimum.
 */
export function couponDiscount(coupon: CouponRule | null, itemsTotalPaise: number, now: Date, usage: CouponUsage): CouponResult {
  const no = (reason: string, refusal: CouponRefusal): CouponResult => ({ ok: false, reason, refusal });
  if (!coupon || !coupon.active) return no(COUPON_UNKNOWN, { kind: 'unknown' });
  if (coupon.startsAt && now < coupon.startsAt) return no(COUPON_NOT_STARTED, { kind: 'not_started' });
  if (coupon.endsAt && now >= coupon.endsAt) return no(COUPON_EXPIRED, { kind: 'expired' });
  if (coupon.usageLimit !== null && usage.total >= coupon.usageLimit) return no(COUPON_USED_UP, { kind: 'used_up' });
  if (coupon.firstOrderOnly && (usage.priorOrders ?? 0) > 0) return no(COUPON_FIRST_ORDER, { kind: 'first_order' });
  if (coupon.perCustomerLimit !== null && usage.byCustomer >= coupon.perCustomerLimit)
    return no(COUPON_USED_BY_YOU, { kind: 'used_by_you' });
  if (itemsTotalPaise < coupon.minOrder) {
    const shortPaise = coupon.minOrder - itemsTotalPaise;
    return no(couponMinimumReason(coupon.code, shortPaise), { kind: 'minimum', code: coupon.code, shortPaise });
  }
  const total = Math.max(0, Math.floor(itemsTotalPaise));
  let discount = coupon.kind === 'flat' ? coupon.value : Math.floor((total * coupon.value) / 10_000);
  if (coupon.maxDiscount !== null) discount = Math.min(discount, coupon.maxDiscount);
  discount = Math.max(0, Math.min(discount, total));
  return { ok: true, discountPaise: discount };
}

export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a coupon code')
  .max(40, 'This coupon code is not valid')
  .transform((s) => s.toUpperCase());

export const applyCouponBodySchema = z.object({ code: couponCodeSchema });

/**
 * GET /s/api/cart/offers: the coupons the shop lists for shoppers, each judged against the
 * asking shopper's cart by the one rule above. Money in rupees; usable ones first, biggest saving
 * first. `reason` says what is missing ("Add ₹120 more to use SAVE10") when it is not usable.
 */
export const cartOfferSchema = z.object({
  code: z.string(),
  description: z.string(),
  min_order: z.number(),
  ends_at: z.string().nullable(),
  first_order_only: z.boolean(),
  applied: z.boolean(),
  usable: z.boolean(),
  saving: z.number(),
  reason: z.string().nullable(),
});
export type CartOffer = z.infer<typeof cartOfferSchema>;
export const cartOffersSchema = z.object({ data: z.array(cartOfferSchema) });
