import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseOrderInputSchema, transferInputSchema, transferReceiptSchema, weightedAverageCost } from './admin-purchasing';

describe('weightedAverageCost', () => {
  it('stays between the old and the new cost, is whole paise, and equals the receipt cost with nothing on hand', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (cost, onHand, quantity, unitCost) => {
          const avg = weightedAverageCost({ cost, onHand }, { quantity, unitCost });
          expect(Number.isInteger(avg)).toBe(true);
          expect(avg).toBeGreaterThanOrEqual(Math.min(cost, unitCost));
          expect(avg).toBeLessThanOrEqual(Math.max(cost, unitCost));
          if (onHand === 0) expect(avg).toBe(unitCost);
          // the value of the shelf is kept to within half a paisa per unit
          expect(Math.abs(avg * (onHand + quantity) - (cost * onHand + unitCost * quantity))).toBeLessThanOrEqual((onHand + quantity) / 2);
        },
      ),
    );
  });

  it('takes the receipt’s cost when no cost is known yet', () => {
    expect(weightedAverageCost({ cost: null, onHand: 40 }, { quantity: 10, unitCost: 5000 })).toBe(5000);
    expect(weightedAverageCost({ cost: 4000, onHand: 10 }, { quantity: 10, unitCost: 5000 })).toBe(4500);
  });
});

describe('document inputs', () => {
  it('refuses the same pack twice, two equal warehouses, and short units without a reason', () => {
    expect(
      purchaseOrderInputSchema.safeParse({
        supplier_id: 1,
        warehouse_id: 1,
        lines: [
          { pack_id: 1, quantity: 1, unit_cost: 1 },
          { pack_id: 1, quantity: 2, unit_cost: 1 },
        ],
      }).success,
    ).toBe(false);
    const same = transferInputSchema.safeParse({ from_warehouse_id: 2, to_warehouse_id: 2, lines: [{ pack_id: 1, quantity: 1 }] });
    expect(same.success ? [] : same.error.issues.map((i) => i.path.join('.'))).toEqual(['to_warehouse_id']);
    expect(transferReceiptSchema.safeParse({ lines: [{ line_id: 1, short: 1 }] }).success).toBe(false);
    expect(transferReceiptSchema.safeParse({ lines: [{ line_id: 1, short: 1, short_reason: 'lost' }] }).success).toBe(true);
    expect(transferReceiptSchema.safeParse({ lines: [{ line_id: 1 }] }).success).toBe(false);
  });
});
