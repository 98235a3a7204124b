import { adminCouponInputSchema, couponToInput, type AdminCoupon } from '@grocer/shared/admin-coupons';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponToForm, emptyCouponForm, formToCouponInput } from './coupon-form';

// instants the editor can show: whole minutes (a datetime-local field has no seconds)
const minute = fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }).map((s) => new Date(Math.floor(s / 60) * 60_000).toISOString());
const coupon: fc.Arbitrary<AdminCoupon> = fc.record({
  id: fc.nat(),
  code: fc.stringMatching(/^[A-Z0-9_-]{1,40}$/),
  description: fc.string({ maxLength: 20 }),
  kind: fc.constantFrom('flat' as const, 'percent' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  maxDiscount: fc.option(fc.integer({ min: 1, max: 10_000_000 })),
  minOrder: fc.integer({ min: 0, max: 10_000_000 }),
  startsAt: fc.option(minute),
  endsAt: fc.option(minute),
  usageLimit: fc.option(fc.integer({ min: 1, max: 100_000 })),
  perCustomerLimit: fc.option(fc.integer({ min: 1, max: 100 })),
  firstOrderOnly: fc.boolean(),
  active: fc.boolean(),
  listed: fc.boolean(),
  uses: fc.nat(),
  discountGiven: fc.nat(),
  createdAt: minute,
});

describe('coupon editor: form values <-> API body', () => {
  it('a saved coupon, opened and saved unchanged, sends back what it has (paise, basis points, instants)', () => {
    fc.assert(
      fc.property(coupon, (c) => {
        const sent = formToCouponInput(couponToForm(c));
        // a flat coupon has no cap: the field is hidden and not sent
        expect(sent).toEqual({ ...couponToInput(c), maxDiscount: c.kind === 'percent' ? c.maxDiscount : null });
      }),
    );
  });

  it('reads rupees and percent as typed', () => {
    const form = couponToForm({
      id: 1,
      code: 'DIWALI',
      description: '',
      kind: 'percent',
      value: 1250,
      maxDiscount: 10_050,
      minOrder: 49_900,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      active: true,
      listed: false,
      uses: 0,
      discountGiven: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(form).toMatchObject({ value: '12.5', maxDiscount: '100.5', minOrder: '499', usageLimit: '', perCustomerLimit: '1' });
    expect(formToCouponInput({ ...form, kind: 'flat', value: '49.99' })).toMatchObject({ value: 4999, maxDiscount: null });
  });

  it('sends blanks as "no limit" and typos as they are, for the server to refuse at their field', () => {
    const sent = formToCouponInput({
      ...emptyCouponForm,
      code: 'x1',
      value: '10',
      usageLimit: ' ',
      perCustomerLimit: 'abc',
      endsAt: 'soon',
    });
    expect(sent).toMatchObject({ value: 1000, usageLimit: null, perCustomerLimit: NaN, endsAt: 'soon', startsAt: null, minOrder: 0 });
    const parsed = adminCouponInputSchema.safeParse(sent);
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toContain('perCustomerLimit');
    expect(fields).toContain('endsAt');
    expect(adminCouponInputSchema.parse({ ...sent, perCustomerLimit: null, endsAt: null }).code).toBe('X1');
  });
});
