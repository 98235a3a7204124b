import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatINR, toPaise, toRupees } from './money';

describe('money', () => {
  it('round-trips integer paise through rupees', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (p) => toPaise(toRupees(p)) === p));
  });
  it('formats with en-IN grouping and the rupee sign', () => {
    expect(formatINR(123456.5)).toBe('₹1,23,456.50');
    expect(formatINR(299)).toBe('₹299');
    expect(formatINR(3408)).toBe('₹3,408');
    expect(formatINR(628.2)).toBe('₹628.20');
    expect(formatINR(-69.8)).toBe('-₹69.80');
  });
  it('shows paise with two decimals or none, never one, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (p) => {
        const s = formatINR(toRupees(p));
        const decimals = s.includes('.') ? s.split('.')[1]!.length : 0;
        return p % 100 === 0 ? decimals === 0 : decimals === 2;
      }),
    );
  });
  // (up to ₹10 lakh crore: beyond, Intl is handed an amount a double cannot hold to the paisa)
  it('writes what Intl.NumberFormat en-IN writes in rupees, for any amount', () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits });
    const [whole, withPaise] = [intl(0), intl(2)];
    const expected = (paise: number) => (paise % 100 === 0 ? whole : withPaise).format(paise / 100);
    for (const p of [1, 99, 100, 12_345, 99_999_99, 1_00_000_00, -1, -100, -12_34_567_89, 1e15 - 1, -(1e15 - 1)])
      expect(formatINR(toRupees(p))).toBe(expected(p));
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(1e20)).toBe(whole.format(1e20)); // past exact paise: Intl's own text
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), fc.integer({ min: -1e15, max: 1e15 })), (p) => {
        if (p !== 0) expect(formatINR(toRupees(p))).toBe(expected(p));
      }),
      { numRuns: 2000 },
    );
  });
});
