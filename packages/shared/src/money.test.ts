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
});
