import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftCreateBodySchema, draftNumber } from './order-drafts';
import { staffEditDifferenceText } from './order-edit';

describe('draft orders and staff edits (issue 40 §12)', () => {
  it('numbers a draft D… so it is never read as an order number', () => {
    fc.assert(fc.property(fc.integer({ min: 1001, max: 2_000_000_000 }), (n) => /^D\d+$/.test(draftNumber(n))));
  });

  it('takes an existing customer or a name and a valid mobile, and refuses the rest', () => {
    expect(draftCreateBodySchema.safeParse({ customer_id: 7 }).success).toBe(true);
    expect(draftCreateBodySchema.safeParse({ customer: { name: 'Priya', phone: '9876543210' } }).success).toBe(true);
    expect(draftCreateBodySchema.safeParse({ customer: { name: 'Priya', phone: '12345' } }).success).toBe(false);
    expect(draftCreateBodySchema.safeParse({}).success).toBe(false);
  });

  it('says the difference of a staff edit in the shop’s words, the amount always shown positive', () => {
    expect(staffEditDifferenceText(18, 'cod')).toBe('Collect ₹18 more on delivery');
    expect(staffEditDifferenceText(-120, 'cod')).toBe('Collect ₹120 less on delivery');
    expect(staffEditDifferenceText(-150, 'razorpay')).toBe("₹150 refunded to the customer's payment");
    expect(staffEditDifferenceText(0, 'cashfree')).toBe('No change to the total');
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.constantFrom('cod', 'razorpay', 'cashfree' as const),
        (paise, m) => !/₹-|-₹/.test(staffEditDifferenceText(paise / 100, m)),
      ),
    );
  });
});
