import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstIncluded, splitGst, sumSplits } from './tax';

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
