import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatINR, toPaise, toRupees } from './money';

describe('money', () => {
  it('round-trips integer paise through rupees', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (p) => toPaise(toRupees(p)) === p));
  });
  it('formats with en-IN grouping and the rupee sign', () => {
    expect(formatINR(123456.5)).toBe('₹1,23,456.5');
    expect(formatINR(299)).toBe('₹299');
  });
});
