import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from './pricing';

const lineArb = fc.record({
  pricePaise: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  valid: fc.boolean(),
});
const couponArb = fc.option(
  fc.record({
    rule: fc.record({
      code: fc.constant('C'),
      kind: fc.constantFrom('flat' as const, 'percent' as const),
      value: fc.integer({ min: 1, max: 10_000 }),
      maxDiscount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      minOrder: fc.integer({ min: 0, max: 100_000 }),
      startsAt: fc.constant(null),
      endsAt: fc.constant(null),
      usageLimit: fc.constant(null),
      perCustomerLimit: fc.constant(null),
      active: fc.constant(true),
    }),
    usage: fc.constant({ total: 0, byCustomer: 0 }),
  }),
  { nil: null },
);
const deliveryArb = fc.option(
  fc.record({
    chargePaise: fc.integer({ min: 0, max: 10_000 }),
    freeAbovePaise: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
  }),
  {
    nil: null,
  },
);
const now = new Date('2030-01-01T00:00:00Z');

describe('priceCart over random carts', () => {
  it('keeps every amount in integer paise and totals equal to the sum of the lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), couponArb, deliveryArb, (lines, coupon, delivery) => {
        const p = priceCart({ lines, coupon, delivery, now });
        for (const v of [p.itemsTotal, p.discount, p.finalDelivery, p.amount, ...p.lineAmounts]) expect(Number.isInteger(v)).toBe(true);
        expect(p.lineAmounts).toEqual(lines.map((l) => l.pricePaise * l.quantity));
        expect(p.itemsTotal).toBe(lines.reduce((s, l) => s + (l.valid ? l.pricePaise * l.quantity : 0), 0));
        expect(p.quantity).toBe(lines.reduce((s, l) => s + l.quantity, 0));
        expect(p.amount).toBe(p.itemsTotal - p.discount + p.finalDelivery);
      }),
    );
  });

  it('never discounts beyond the cap or the items total, and never below zero', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), couponArb, deliveryArb, (lines, coupon, delivery) => {
        const p = priceCart({ lines, coupon, delivery, now });
        expect(p.discount).toBeGreaterThanOrEqual(0);
        expect(p.discount).toBeLessThanOrEqual(p.itemsTotal);
        if (coupon?.rule.maxDiscount != null) expect(p.discount).toBeLessThanOrEqual(coupon.rule.maxDiscount);
        if (coupon?.rule.kind === 'flat') expect(p.discount).toBeLessThanOrEqual(coupon.rule.value);
        if (!coupon || p.itemsTotal < coupon.rule.minOrder) expect(p.discount).toBe(0);
        expect(p.amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('with automatic promotions: lines after their promotion, the cart promotion and the coupon together never beyond the items', () => {
    const promotedArb = fc.array(
      lineArb.chain((l) =>
        fc.record({
          ...Object.fromEntries(Object.entries(l).map(([k, v]) => [k, fc.constant(v)])),
          promotionPaise: fc.integer({ min: 0, max: l.pricePaise * l.quantity + 5 }),
        }),
      ),
      { maxLength: 20 },
    ) as fc.Arbitrary<Array<{ pricePaise: number; quantity: number; valid: boolean; promotionPaise: number }>>;
    fc.assert(
      fc.property(
        promotedArb,
        couponArb,
        deliveryArb,
        fc.integer({ min: 0, max: 200_000 }),
        (lines, coupon, delivery, cartPromotionPaise) => {
          const p = priceCart({ lines, coupon, delivery, cartPromotionPaise, now });
          p.lineAmounts.forEach((a, i) => {
            expect(a).toBeGreaterThanOrEqual(0);
            expect(a).toBe(
              lines[i]!.pricePaise * lines[i]!.quantity - Math.min(lines[i]!.promotionPaise, lines[i]!.pricePaise * lines[i]!.quantity),
            );
          });
          expect(p.promotionDiscount).toBeGreaterThanOrEqual(0);
          expect(p.promotionDiscount).toBeLessThanOrEqual(cartPromotionPaise);
          expect(p.discount).toBeLessThanOrEqual(p.itemsTotal);
          expect(p.amount).toBe(p.itemsTotal - p.discount + p.finalDelivery);
          expect(p.amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('charges delivery exactly below the free threshold and only when something is paid for', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), deliveryArb, (lines, delivery) => {
        const p = priceCart({ lines, coupon: null, delivery, now });
        const below = delivery && p.itemsTotal > 0 && (delivery.freeAbovePaise === null || p.itemsTotal < delivery.freeAbovePaise);
        expect(p.finalDelivery).toBe(below ? delivery.chargePaise : 0);
        expect(p.deliveryCharge).toBe(delivery?.chargePaise ?? 0);
      }),
    );
  });
});
