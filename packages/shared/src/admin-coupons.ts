import { z } from 'zod';
import { instantSchema } from './days';

/**
 * Administration's coupon calls (`/s/api/admin/coupons*`). Money is integer paise here (the
 * screen shows and takes rupees); a percent coupon's `value` is basis points (1000 = 10%), a
 * flat one's paise, as in the table and in the one coupon rule (coupon.ts `couponDiscount`).
 */
export const COUPON_KINDS = ['flat', 'percent'] as const;

/** Coupon codes: what a shopper can type and read aloud (stored upper-case). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

const count = z.number().int().min(1, 'Must be at least 1').max(1_000_000).nullable();
const paise = z.number().int('Whole paise only').min(0, 'Cannot be negative').max(100_000_000);
const instant = instantSchema.nullable();

export const adminCouponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Enter a code')
      .max(40, 'At most 40 characters')
      .transform((s) => s.toUpperCase())
      .refine((s) => COUPON_CODE_PATTERN.test(s), 'Use letters, digits, - or _ (no spaces)'),
    description: z.string().trim().max(200, 'At most 200 characters').default(''),
    kind: z.enum(COUPON_KINDS),
    value: z.number().int('Whole numbers only').min(1, 'Must be more than 0').max(100_000_000),
    maxDiscount: paise.min(1, 'Must be more than 0').nullable(),
    minOrder: paise,
    startsAt: instant,
    endsAt: instant,
    usageLimit: count,
    perCustomerLimit: count,
    firstOrderOnly: z.boolean(),
    active: z.boolean(),
    /** offered to shoppers in the cart and on /offers (an unlisted code works only when typed) */
    listed: z.boolean().default(false),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 10_000)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100%' });
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after the start' });
    if (c.usageLimit !== null && c.perCustomerLimit !== null && c.perCustomerLimit > c.usageLimit)
      ctx.addIssue({ code: 'custom', path: ['perCustomerLimit'], message: 'Cannot be more than the total limit' });
  });
export type AdminCouponInput = z.input<typeof adminCouponInputSchema>;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minOrder: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  listed: z.boolean(),
  /** redemptions held by orders (a cancelled order gives its use back) */
  uses: z.number().int(),
  /** paise of discount on those orders */
  discountGiven: z.number().int(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListSchema = z.object({ data: z.array(adminCouponSchema) });

/** POST /s/api/admin/coupons/:id/active: pause (false) or resume (true). */
export const adminCouponActiveSchema = z.object({ active: z.boolean() });

/** The editor's payload for a coupon as read. */
export function couponToInput(c: AdminCoupon): z.output<typeof adminCouponInputSchema> {
  const { id: _id, uses: _u, discountGiven: _d, createdAt: _c, ...input } = c;
  return input;
}

/** What a coupon gives, in words for the list ("₹50 off", "10% off up to ₹100"). */
export function couponOffer(c: Pick<AdminCoupon, 'kind' | 'value' | 'maxDiscount'>, inr: (paise: number) => string): string {
  if (c.kind === 'flat') return `${inr(c.value)} off`;
  const pct = `${c.value / 100}% off`;
  return c.maxDiscount === null ? pct : `${pct} up to ${inr(c.maxDiscount)}`;
}
