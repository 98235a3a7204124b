import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changePackPrice, changedFields } from './admin-catalogue-edit';

describe('changePackPrice', () => {
  it('moves by a percent (to the paisa) or an amount; the MRP is kept unless the price passes it', () => {
    expect(changePackPrice({ price: 29_900, actPrice: 35_000 }, { by: 'percent', value: 10, mrp: 'keep' })).toEqual({
      price: 32_890,
      actPrice: 35_000,
      problem: null,
    });
    expect(changePackPrice({ price: 30_000, actPrice: 32_000 }, { by: 'percent', value: 10, mrp: 'keep' })).toEqual({
      price: 33_000,
      actPrice: 33_000,
      problem: null,
    });
    expect(changePackPrice({ price: 30_000, actPrice: 32_000 }, { by: 'amount', value: -20.5, mrp: 'same' })).toEqual({
      price: 27_950,
      actPrice: 29_950,
      problem: null,
    });
    expect(changePackPrice({ price: 9_000, actPrice: 9_000 }, { by: 'amount', value: -90, mrp: 'keep' }).problem).toBe(
      'The price would be 0 or less',
    );
  });

  it('never leaves the MRP below the price, and flags every price of 0 or less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('percent' as const, 'amount' as const),
        fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0),
        fc.constantFrom('keep' as const, 'same' as const),
        (price, extra, by, hundredths, mrp) => {
          const next = changePackPrice({ price, actPrice: price + extra }, { by, value: hundredths / 100, mrp });
          expect(next.actPrice).toBeGreaterThanOrEqual(next.price);
          expect(Number.isInteger(next.price)).toBe(true);
          if (next.price <= 0) expect(next.problem).not.toBeNull();
          else if (next.price <= 1_000_000_000) expect(next.problem).toBeNull();
        },
      ),
    );
  });
});

describe('changedFields', () => {
  it('lists the top-level fields that differ, creates and deletes included', () => {
    expect(changedFields({ name: 'a', slug: 's', packs: [1] }, { name: 'b', slug: 's', packs: [2] })).toEqual(['name', 'packs']);
    expect(changedFields(null, { name: 'a' })).toEqual(['name']);
    expect(changedFields({ name: 'a' }, null)).toEqual(['name']);
  });
});
