import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUPON_EXPIRED,
  COUPON_NOT_STARTED,
  COUPON_UNKNOWN,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
  couponDiscount,
  type CouponRule,
} from './coupon';

const now = new Date('2030-06-01T10:00:00Z');
const base: CouponRule = {
  code: 'X',
  kind: 'flat',
  value: 5000,
  maxDiscount: null,
  minOrder: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: true,
};
const none = { total: 0, byCustomer: 0 };

const couponArb = fc.record({
  code: fc.constantFrom('WELCOME50', 'SAVE10'),
  kind: fc.constantFrom('flat' as const, 'percent' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  maxDiscount: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  minOrder: fc.integer({ min: 0, max: 200_000 }),
  startsAt: fc.constant(null),
  endsAt: fc.constant(null),
  usageLimit: fc.constant(null),
  perCustomerLimit: fc.constant(null),
  active: fc.constant(true),
});

describe('couponDiscount', () => {
  it('gives an integer discount within [0, cap] and never above the items total', () => {
    fc.assert(
      fc.property(couponArb, fc.integer({ min: 0, max: 10_000_000 }), (coupon, total) => {
        const r = couponDiscount(coupon, total, now, none);
        if (!r.ok) return total < coupon.minOrder;
        expect(Number.isInteger(r.discountPaise)).toBe(true);
        expect(r.discountPaise).toBeGreaterThanOrEqual(0);
        expect(r.discountPaise).toBeLessThanOrEqual(total);
        if (coupon.maxDiscount !== null) expect(r.discountPaise).toBeLessThanOrEqual(coupon.maxDiscount);
        if (coupon.kind === 'flat') expect(r.discountPaise).toBe(Math.min(coupon.value, coupon.maxDiscount ?? Infinity, total));
        else expect(r.discountPaise).toBeLessThanOrEqual(Math.floor((total * coupon.value) / 10_000));
        return true;
      }),
    );
  });

  it('refuses below the minimum with how much more to add', () => {
    const welcome = { ...base, code: 'WELCOME50', minOrder: 49_900 };
    expect(couponDiscount(welcome, 18_000, now, none)).toMatchObject({ ok: false, reason: 'Add ₹319 more to use WELCOME50' });
    expect(couponDiscount(welcome, 49_900, now, none)).toEqual({ ok: true, discountPaise: 5000 });
  });

  it('caps a percent coupon (SAVE10: 10% up to ₹100)', () => {
    const save10 = { ...base, code: 'SAVE10', kind: 'percent' as const, value: 1000, maxDiscount: 10_000 };
    expect(couponDiscount(save10, 55_000, now, none)).toEqual({ ok: true, discountPaise: 5500 });
    expect(couponDiscount(save10, 165_000, now, none)).toEqual({ ok: true, discountPaise: 10_000 });
  });

  it('gives each refusal its reason', () => {
    expect(couponDiscount(null, 1, now, none)).toMatchObject({ ok: false, reason: COUPON_UNKNOWN });
    expect(couponDiscount({ ...base, active: false }, 1, now, none)).toMatchObject({ ok: false, reason: COUPON_UNKNOWN });
    expect(couponDiscount({ ...base, endsAt: now }, 1, now, none)).toMatchObject({ ok: false, reason: COUPON_EXPIRED });
    expect(couponDiscount({ ...base, startsAt: new Date(now.getTime() + 1) }, 1, now, none)).toMatchObject({
      ok: false,
      reason: COUPON_NOT_STARTED,
    });
    expect(couponDiscount({ ...base, usageLimit: 3 }, 1, now, { total: 3, byCustomer: 0 })).toMatchObject({
      ok: false,
      reason: COUPON_USED_UP,
    });
    expect(couponDiscount({ ...base, perCustomerLimit: 1 }, 1, now, { total: 1, byCustomer: 1 })).toMatchObject({
      ok: false,
      reason: COUPON_USED_BY_YOU,
    });
  });
});
