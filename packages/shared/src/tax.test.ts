import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDiscount, gstIncluded, splitGst, sumSplits } from './tax';

const amount = fc.integer({ min: 0, max: 10_000_000 });
const rate = fc.constantFrom(0, 500, 1200, 1800, 2800);

describe('GST split', () => {
  it('CGST + SGST within the state equals IGST across states equals the GST included', () => {
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const intra = splitGst(a, r, true);
        const inter = splitGst(a, r, false);
        expect(intra.cgst + intra.sgst).toBe(inter.igst);
        expect(intra.gst).toBe(gstIncluded(a, r));
        expect(intra.taxable + intra.gst).toBe(a);
        expect(Number.isInteger(intra.cgst) && Number.isInteger(intra.sgst)).toBe(true);
        expect(Math.abs(intra.sgst - intra.cgst)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('is the rate applied to the taxable value, within half a paisa', () => {
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const s = splitGst(a, r, false);
        expect(Math.abs(s.gst - (s.taxable * r) / 10_000)).toBeLessThanOrEqual(0.5 + r / 10_000);
      }),
    );
  });

  it('sums lines exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, rate, fc.boolean()), { maxLength: 20 }), (lines) => {
        const total = sumSplits(lines.map(([a, r, i]) => splitGst(a, r, i)));
        expect(total.taxable + total.gst).toBe(lines.reduce((s, [a]) => s + a, 0));
      }),
    );
  });

  it('₹105 at 5 % holds ₹5 of GST: ₹2.50 CGST and ₹2.50 SGST', () => {
    expect(splitGst(10_500, 500, true)).toEqual({ taxable: 10_000, cgst: 250, sgst: 250, igst: 0, gst: 500 });
  });
});

describe('a coupon spread over the lines', () => {
  it('sums to the discount (at most the lines), never more than a line, never negative, in whole paise', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), fc.integer({ min: 0, max: 20_000_000 }), (lines, discount) => {
        const shares = allocateDiscount(lines, discount);
        const total = lines.reduce((a, b) => a + b, 0);
        expect(shares).toHaveLength(lines.length);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(discount, total));
        shares.forEach((s, i) => {
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(lines[i]!);
        });
      }),
    );
  });

  it('is in proportion to the lines, within a paisa', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, discount) => {
          const total = lines.reduce((a, b) => a + b, 0);
          const shares = allocateDiscount(lines, discount);
          shares.forEach((s, i) => {
            expect(Math.abs(s - (lines[i]! * Math.min(discount, total)) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('₹50 off ₹300 + ₹100 + ₹100: ₹30, ₹10, ₹10; GST is then on what was paid', () => {
    expect(allocateDiscount([30_000, 10_000, 10_000], 5_000)).toEqual([3_000, 1_000, 1_000]);
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(splitGst(10_500 - 1_050, 500, true).gst).toBe(450);
  });
});
