import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDue, lineAmountPaise, shiftCash, splitRefund, upiUri } from './pos';

describe('shift cash', () => {
  it('counted equal to float + cash sales − cash refunds has no difference; any other count differs by exactly the gap', () => {
    const paise = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        paise,
        fc.array(paise, { maxLength: 30 }),
        fc.array(paise, { maxLength: 10 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        (float, sales, refunds, gap) => {
          const cashSales = sales.reduce((a, b) => a + b, 0);
          const cashRefunds = refunds.reduce((a, b) => a + b, 0);
          const exact = shiftCash({ float, cashSales, cashRefunds, counted: float + cashSales - cashRefunds });
          expect(exact.difference).toBe(0);
          const off = shiftCash({ float, cashSales, cashRefunds, counted: exact.expected + gap });
          expect(off.expected).toBe(exact.expected);
          expect(off.difference).toBe(gap);
        },
      ),
    );
  });

  it('change is what was tendered over the cash part, never negative', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (cash, tendered) => {
        const c = changeDue(cash, tendered);
        if (tendered < cash) expect(c).toBeNull();
        else expect(c! + cash).toBe(tendered);
      }),
    );
  });
});

describe('line amounts and the UPI intent', () => {
  it('prices loose goods per kg by the gram', () => {
    expect(lineAmountPaise(12_000, 755, true)).toBe(9_060);
    expect(lineAmountPaise(12_000, 3, false)).toBe(36_000);
  });
  it('asks for the exact amount from the shop’s VPA', () => {
    expect(upiUri({ vpa: 'shop@okaxis', payee: 'Green Grocer', amountPaise: 12_345, note: 'GR1001' })).toBe(
      'upi://pay?pa=shop%40okaxis&pn=Green%20Grocer&am=123.45&cu=INR&tn=GR1001',
    );
  });
});

describe('ean13', () => {
  it('appends the check digit the barcode check accepts', async () => {
    const { isValidBarcode } = await import('./admin-catalogue');
    const { ean13 } = await import('./pos');
    fc.assert(fc.property(fc.stringMatching(/^\d{12}$/), (body) => isValidBarcode(ean13(body))));
    expect(ean13('890100000000')).toHaveLength(13);
  });
});

describe('splitRefund (issue 40.6): cash in whole rupees, the rounding kept', () => {
  const sale = { cash: 3453, upi: 2347, card: 0 };
  it('to the original tenders: UPI to the paisa, cash rounded to the nearest rupee', () => {
    expect(splitRefund(5800, 'original', sale)).toEqual({ cash: 3500, upi: 2347, card: 0, rounding: -47 });
  });
  it('all in cash: 50 paise and up round up, below round down; all by UPI: exact', () => {
    expect(splitRefund(5850, 'cash', sale)).toEqual({ cash: 5900, upi: 0, card: 0, rounding: -50 });
    expect(splitRefund(5849, 'cash', sale)).toEqual({ cash: 5800, upi: 0, card: 0, rounding: 49 });
    expect(splitRefund(5849, 'upi', sale)).toEqual({ cash: 0, upi: 5849, card: 0, rounding: 0 });
  });
  it('never loses a paisa: the total is the refund plus the rounding', () => {
    for (let total = 1; total < 20_000; total += 37)
      for (const tender of ['cash', 'upi', 'original'] as const) {
        const r = splitRefund(total, tender, { cash: 1001, upi: 733, card: 499 });
        expect(r.cash % 100).toBe(0);
        expect(r.cash + r.upi + r.card + r.rounding).toBe(total);
        expect(Math.abs(r.rounding)).toBeLessThanOrEqual(50);
      }
  });
});
