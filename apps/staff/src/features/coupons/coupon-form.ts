import { toPaise, toRupees } from '@grocer/shared/money';
import type { AdminCoupon, AdminCouponInput } from '@grocer/shared/admin-coupons';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

/**
 * The editor's fields as typed: rupees for money, a percent for percent coupons, local date and
 * time for the window, '' for "no limit". Converted to the API's paise and basis points on save.
 */
export interface CouponForm {
  code: string;
  description: string;
  kind: 'flat' | 'percent';
  /** rupees (flat) or percent */
  value: string;
  maxDiscount: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  active: boolean;
  listed: boolean;
}

export const emptyCouponForm: CouponForm = {
  code: '',
  description: '',
  kind: 'flat',
  value: '',
  maxDiscount: '',
  minOrder: '0',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  active: true,
  listed: false,
};

// '' is "none"; anything else goes to the server as a number, so a typo is refused there by field.
const num = (v: string) => (v.trim() === '' ? null : Number(v));

export function couponToForm(c: AdminCoupon): CouponForm {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    value: String(c.kind === 'flat' ? toRupees(c.value) : c.value / 100),
    maxDiscount: c.maxDiscount === null ? '' : String(toRupees(c.maxDiscount)),
    minOrder: String(toRupees(c.minOrder)),
    startsAt: toLocalInput(c.startsAt),
    endsAt: toLocalInput(c.endsAt),
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
    perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    listed: c.listed,
  };
}

export function formToCouponInput(f: CouponForm): AdminCouponInput {
  const value = num(f.value);
  const maxDiscount = num(f.maxDiscount);
  return {
    code: f.code,
    description: f.description,
    kind: f.kind,
    value: value === null ? 0 : f.kind === 'flat' ? toPaise(value) : Math.round(value * 100),
    maxDiscount: f.kind === 'percent' && maxDiscount !== null ? toPaise(maxDiscount) : null,
    minOrder: toPaise(num(f.minOrder) ?? 0),
    startsAt: fromLocalInput(f.startsAt),
    endsAt: fromLocalInput(f.endsAt),
    usageLimit: num(f.usageLimit),
    perCustomerLimit: num(f.perCustomerLimit),
    firstOrderOnly: f.firstOrderOnly,
    active: f.active,
    listed: f.listed,
  };
}
