import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWholeSteps, lineAmountPaise, perKgLabel, quantityLabel, stepOf, weighedLineText, weightLabel } from './weighed';

describe('lineAmountPaise (cart, placement, invoices and the till)', () => {
  it('units × price for a counted pack, round(price per kg × grams / 1000) by weight', () => {
    expect(lineAmountPaise(2_500, 3, false)).toBe(7_500);
    expect(lineAmountPaise(4_000, 1_000, true)).toBe(4_000);
    expect(lineAmountPaise(3_700, 750, true)).toBe(2_775);
    expect(lineAmountPaise(3_333, 500, true)).toBe(1_667); // 1666.5 rounds up
  });

  it('for any price and weight: a whole number of paise within half a paisa of the exact amount, and never decreasing with weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000 }), (price, grams) => {
        const a = lineAmountPaise(price, grams, true);
        expect(Number.isInteger(a)).toBe(true);
        expect(Math.abs(a - (price * grams) / 1000)).toBeLessThanOrEqual(0.5);
        expect(lineAmountPaise(price, grams + 1, true)).toBeGreaterThanOrEqual(a);
      }),
    );
  });

  it('n steps cost the same as n taps added one at a time, to within a paisa per step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 20 }),
        (price, step, n) => {
          const whole = lineAmountPaise(price, step * n, true);
          const taps = n * lineAmountPaise(price, step, true);
          expect(Math.abs(whole - taps)).toBeLessThanOrEqual(n);
        },
      ),
    );
  });
});

describe('steps', () => {
  it('a counted pack moves by one, a weighed pack by its step', () => {
    expect(stepOf({ soldByWeight: false, stepGrams: 500 })).toBe(1);
    expect(stepOf({ soldByWeight: true, stepGrams: 250 })).toBe(250);
  });

  it('isWholeSteps: exactly the non-negative integer multiples of the step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 200 }), (step, n) => {
        expect(isWholeSteps(step * n, step)).toBe(true);
        if (step > 1) expect(isWholeSteps(step * n + 1, step)).toBe(false);
        expect(isWholeSteps(-step, step)).toBe(false);
      }),
    );
    expect(isWholeSteps(700, 500)).toBe(false);
    expect(isWholeSteps(1.5, 1)).toBe(false);
  });
});

describe('labels', () => {
  it('reads grams as a shopper does', () => {
    expect(weightLabel(500)).toBe('500 g');
    expect(weightLabel(1000)).toBe('1 kg');
    expect(weightLabel(1500)).toBe('1.5 kg');
    expect(weightLabel(1250)).toBe('1.25 kg');
    expect(quantityLabel(3, false)).toBe('3');
    expect(quantityLabel(750, true)).toBe('750 g');
    expect(perKgLabel(40)).toBe('₹40/kg');
    expect(weighedLineText(1500, 40)).toBe('1.5 kg × ₹40/kg');
  });

  it('any weight of 1 kg or more reads back as the same grams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 100_000 }), (g) => {
        expect(Math.round(Number.parseFloat(weightLabel(g)) * 1000)).toBe(g);
      }),
    );
  });
});
