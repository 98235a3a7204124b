import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentRateBodySchema, bpsToPercent, commissionPaise, percentToBps, salesRangeQuerySchema } from './agents';
import { agentReportCsv } from './report-csv';

const sales = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const bps = fc.integer({ min: 0, max: 10_000 });

describe('commission arithmetic (integer paise)', () => {
  it('is sales × rate rounded half up, exactly, even where sales × 10,000 leaves the safe integers', () => {
    fc.assert(
      fc.property(sales, bps, (s, r) => {
        const exact = (BigInt(s) * BigInt(r) + 5_000n) / 10_000n;
        expect(BigInt(commissionPaise(s, r))).toBe(exact);
      }),
    );
  });

  it('is whole paise, between nothing and the sales, and grows with sales and with the rate', () => {
    fc.assert(
      fc.property(sales, sales, bps, bps, (a, b, r, q) => {
        const c = commissionPaise(a, r);
        expect(Number.isInteger(c) && c >= 0 && c <= a).toBe(true);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(commissionPaise(lo, r)).toBeLessThanOrEqual(commissionPaise(hi, r));
        const [rl, rh] = r <= q ? [r, q] : [q, r];
        expect(commissionPaise(a, rl)).toBeLessThanOrEqual(commissionPaise(a, rh));
      }),
    );
  });

  it('on two periods adds up to the commission on both within a paisa (each rounds once)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), bps, (a, b, r) => {
        expect(Math.abs(commissionPaise(a, r) + commissionPaise(b, r) - commissionPaise(a + b, r))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('examples: 2.5% of ₹1,000 is ₹25; 2.5% of 1 paisa rounds to nothing; 100% is everything', () => {
    expect(commissionPaise(100_000, 250)).toBe(2_500);
    expect(commissionPaise(1, 250)).toBe(0);
    expect(commissionPaise(20, 250)).toBe(1); // 0.5 paise rounds up
    expect(commissionPaise(123_456, 10_000)).toBe(123_456);
    expect(() => commissionPaise(-1, 100)).toThrow(RangeError);
    expect(() => commissionPaise(1.5, 100)).toThrow(RangeError);
    expect(() => commissionPaise(100, 10_001)).toThrow(RangeError);
  });

  it('a rate in percent with two decimals survives the trip through basis points', () => {
    fc.assert(
      fc.property(bps, (r) => {
        expect(percentToBps(bpsToPercent(r))).toBe(r);
        expect(agentRateBodySchema.safeParse({ commission_rate: bpsToPercent(r) }).success).toBe(true);
      }),
    );
    expect(agentRateBodySchema.safeParse({ commission_rate: 2.555 }).success).toBe(false);
  });
});

describe('ranges and the CSV', () => {
  it('refuses a reversed range or one longer than a year', () => {
    expect(salesRangeQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(salesRangeQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(true);
    expect(salesRangeQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-03' }).success).toBe(false);
  });

  it('quotes what needs quoting and keeps formulas as text', () => {
    const csv = agentReportCsv({
      from: '2026-01-01',
      to: '2026-01-31',
      data: [
        { agent_id: 1, name: 'Rao, "Sunny"', commission_rate: 2.5, orders: 2, customers: 1, sales: 1000, commission: 25 },
        { agent_id: 2, name: '=HYPERLINK("x")', commission_rate: 0, orders: 0, customers: 0, sales: 0, commission: 0 },
      ],
      total: { orders: 2, sales: 1000, commission: 25 },
    });
    expect(csv.split('\r\n')).toEqual([
      'Agent,Commission rate (%),Orders,Customers,Sales (INR),Commission (INR)',
      '"Rao, ""Sunny""",2.5,2,1,1000.00,25.00',
      `"'=HYPERLINK(""x"")",0,0,0,0.00,0.00`,
      'Total,,2,,1000.00,25.00',
      '',
    ]);
  });
});
