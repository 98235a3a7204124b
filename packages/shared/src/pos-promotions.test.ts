import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterBill } from './pos';
import { applyPromotions, apportionPromotions, type AppliedPromotion, type Promotion } from './promotions';

// The POS records a promotion's discount spread over the lines that took part in it, by value
// (issue 40 §19): what a return of some units refunds is their part of what was paid.

/** Lines with a value each and, for some, a promotion (by id) with a discount no larger than the promotion's lines. */
const scenario = fc
  .array(fc.record({ amount: fc.integer({ min: 0, max: 500_000 }), promo: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }) }), {
    minLength: 1,
    maxLength: 12,
  })
  .chain((lines) => {
    const ids = [...new Set(lines.flatMap((l) => (l.promo === null ? [] : [l.promo])))];
    const caps = ids.map((id) => lines.reduce((n, l) => n + (l.promo === id ? l.amount : 0), 0));
    return fc.tuple(fc.constant(lines), fc.constant(ids), fc.tuple(...caps.map((c) => fc.integer({ min: 0, max: c }))));
  })
  .map(([lines, ids, discounts]) => {
    // the promotion's discount put on its lines any way (applyPromotions puts it on the units it discounts)
    const left = new Map(ids.map((id, k) => [id, discounts[k]!]));
    const applied: Array<AppliedPromotion | null> = lines.map((l) => {
      if (l.promo === null) return null;
      const d = Math.min(left.get(l.promo)!, l.amount);
      left.set(l.promo, left.get(l.promo)! - d);
      return { promotionId: l.promo, name: `P${l.promo}`, discountPaise: d };
    });
    return { amounts: lines.map((l) => l.amount), applied, ids, discounts };
  });

describe('apportionPromotions', () => {
  it('each promotion’s shares sum to its discount, never negative, never above a line, only on its lines', () => {
    fc.assert(
      fc.property(scenario, ({ amounts, applied, ids }) => {
        const shares = apportionPromotions(amounts, applied);
        for (const id of ids) {
          const at = applied.flatMap((a, i) => (a?.promotionId === id ? [i] : []));
          const discount = at.reduce((n, i) => n + applied[i]!.discountPaise, 0);
          expect(at.reduce((n, i) => n + shares[i]!, 0)).toBe(discount);
        }
        shares.forEach((s, i) => {
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(amounts[i]!);
          if (applied[i] === null) expect(s).toBe(0);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('spreads a buy 2 get 1 by value: ₹120 off ₹360 + ₹120 is ₹90 and ₹30', () => {
    const applied = [
      { promotionId: 1, name: 'Pantry 3 for 2', discountPaise: 0 },
      { promotionId: 1, name: 'Pantry 3 for 2', discountPaise: 12_000 },
    ];
    expect(apportionPromotions([36_000, 12_000], applied)).toEqual([9_000, 3_000]);
  });

  it('the counter bill: same total as applyPromotions says, whatever the promotions, lines and the cashier’s discounts', () => {
    const promotions: Promotion[] = [
      {
        id: 1,
        name: 'Buy 2 get 1 free',
        active: true,
        startsAt: null,
        endsAt: null,
        rule: {
          kind: 'buy_x_get_y',
          buy: { type: 'pack', packIds: [1, 2] },
          buyQuantity: 2,
          getQuantity: 1,
          getPackId: null,
          percentOff: 100,
        },
      },
      {
        id: 2,
        name: 'Combo',
        active: true,
        startsAt: null,
        endsAt: null,
        rule: {
          kind: 'combo',
          items: [
            { packId: 3, quantity: 1 },
            { packId: 4, quantity: 1 },
          ],
          pricePaise: 10_000,
        },
      },
      {
        id: 3,
        name: '₹50 off ₹500',
        active: true,
        startsAt: null,
        endsAt: null,
        rule: { kind: 'cart', minPaise: 50_000, flatPaise: 5_000, percentBp: null, capPaise: null },
      },
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            packId: fc.integer({ min: 1, max: 5 }),
            price: fc.integer({ min: 100, max: 50_000 }),
            quantity: fc.integer({ min: 1, max: 6 }),
            off: fc.integer({ min: 0, max: 5_000 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 20_000 }),
        (lines, cartOff) => {
          const promoted = applyPromotions(
            lines.map((l) => ({ packId: l.packId, brandId: null, categoryIds: [], pricePaise: l.price, quantity: l.quantity })),
            promotions,
            new Date(),
          );
          const bill = counterBill(
            lines.map((l) => ({ grossPaise: l.price * l.quantity, discountPaise: l.off })),
            promoted,
            cartOff,
          );
          const gross = lines.reduce((n, l) => n + l.price * l.quantity, 0);
          expect(bill.itemsTotal).toBe(gross - promoted.linesDiscountPaise);
          expect(bill.promotions.reduce((n, p) => n + p.discountPaise, 0)).toBe(
            promoted.linesDiscountPaise + (bill.cartPromotion?.discountPaise ?? 0),
          );
          expect(bill.total).toBe(bill.itemsTotal - bill.discount);
          expect(bill.total).toBeGreaterThanOrEqual(0);
          bill.lines.forEach((l) => expect(l.amountPaise).toBeGreaterThanOrEqual(0));
        },
      ),
      { numRuns: 300 },
    );
  });
});
