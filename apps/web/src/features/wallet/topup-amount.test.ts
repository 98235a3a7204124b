import { describe, expect, it } from 'vitest';
import { topupAmount } from './topup-amount';

const limits = { min_paise: 1_000, max_paise: 1_000_000 };

describe('topupAmount', () => {
  it('whole rupees within the limits, in paise', () => {
    expect(topupAmount('500', limits)).toEqual({ paise: 50_000 });
    expect(topupAmount(' ₹1,000 ', limits)).toEqual({ paise: 100_000 });
    expect(topupAmount('10', limits)).toEqual({ paise: 1_000 });
    expect(topupAmount('10000', limits)).toEqual({ paise: 1_000_000 });
  });
  it('says why anything else cannot be added', () => {
    expect(topupAmount('', limits)).toEqual({ problem: 'Enter an amount to add.' });
    expect(topupAmount('12.50', limits)).toEqual({ problem: 'Enter whole rupees, like 500.' });
    expect(topupAmount('-5', limits)).toEqual({ problem: 'Enter whole rupees, like 500.' });
    expect(topupAmount('9', limits)).toEqual({ problem: 'Add at least ₹10.' });
    expect(topupAmount('10001', limits)).toEqual({ problem: 'Add at most ₹10,000 at a time.' });
  });
});
