import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adminPromotionInputSchema,
  applyPromotions,
  cartPromotionDiscount,
  promotionSummary,
  type Promotion,
  type PromotionLine,
} from './promotions';

const now = new Date('2030-01-01T00:00:00Z');
const PACKS = [1, 2, 3, 4, 5];

const lineArb = (packId: number) =>
  fc.record({
    packId: fc.constant(packId),
    brandId: fc.option(fc.constantFrom(1, 2), { nil: null }),
    categoryIds: fc.subarray([10, 11]),
    pricePaise: fc.integer({ min: 1, max: 100_000 }),
    quantity: fc.integer({ min: 1, max: 12 }),
  });
// a cart holds each pack at most once
const linesArb: fc.Arbitrary<PromotionLine[]> = fc.subarray(PACKS).chain((ids) => fc.tuple(...ids.map(lineArb)));

const targetArb = fc.oneof(
  fc.record({ type: fc.constant('pack' as const), packIds: fc.subarray(PACKS, { minLength: 1 }) }),
  fc.record({ type: fc.constant('category' as const), categoryId: fc.constantFrom(10, 11) }),
  fc.record({ type: fc.constant('brand' as const), brandId: fc.constantFrom(1, 2) }),
);
const ruleArb = fc.oneof(
  fc.record({
    kind: fc.constant('buy_x_get_y' as const),
    buy: targetArb,
    buyQuantity: fc.integer({ min: 1, max: 4 }),
    getQuantity: fc.integer({ min: 1, max: 3 }),
    getPackId: fc.option(fc.constantFrom(...PACKS), { nil: null }),
    percentOff: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('combo' as const),
    items: fc
      .subarray(PACKS, { minLength: 2 })
      .chain((ids) =>
        fc.tuple(...ids.map((packId) => fc.record({ packId: fc.constant(packId), quantity: fc.integer({ min: 1, max: 3 }) }))),
      ),
    pricePaise: fc.integer({ min: 1, max: 200_000 }),
  }),
  fc.record({
    kind: fc.constant('cart' as const),
    minPaise: fc.integer({ min: 0, max: 500_000 }),
    flatPaise: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    percentBp: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
    capPaise: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  }),
);
const promotionsArb: fc.Arbitrary<Promotion[]> = fc
  .array(fc.record({ rule: ruleArb, active: fc.boolean() }), { maxLength: 5 })
  .map((ps) => ps.map((p, i) => ({ id: i + 1, name: `P${i + 1}`, rule: p.rule, active: p.active, startsAt: null, endsAt: null })));

const lineTotal = (l: PromotionLine) => l.pricePaise * l.quantity;

describe('applyPromotions over random carts and promotions', () => {
  it('never gives a negative discount, nor more than a line or the cart is worth', () => {
    fc.assert(
      fc.property(linesArb, promotionsArb, (lines, promotions) => {
        const r = applyPromotions(lines, promotions, now);
        r.lines.forEach((a, i) => {
          const d = a?.discountPaise ?? 0;
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(lineTotal(lines[i]!));
        });
        const items = lines.reduce((n, l) => n + lineTotal(l), 0);
        expect(r.linesDiscountPaise).toBe(r.lines.reduce((n, a) => n + (a?.discountPaise ?? 0), 0));
        const cart = r.cart?.discountPaise ?? 0;
        expect(cart).toBeGreaterThanOrEqual(0);
        expect(r.linesDiscountPaise + cart).toBeLessThanOrEqual(items);
      }),
    );
  });

  it('does not depend on the order of the lines or of the promotions', () => {
    fc.assert(
      fc.property(linesArb, promotionsArb, fc.integer(), (lines, promotions, seed) => {
        const shuffle = <T>(xs: T[]) =>
          xs
            .map((x, i) => [x, (i * 7919 + seed) % 101] as const)
            .sort((a, b) => a[1] - b[1])
            .map(([x]) => x);
        const a = applyPromotions(lines, promotions, now);
        const shuffled = shuffle(lines);
        const b = applyPromotions(shuffled, shuffle(promotions), now);
        const byPack = (ls: PromotionLine[], r: typeof a) => Object.fromEntries(ls.map((l, i) => [l.packId, r.lines[i]]));
        expect(byPack(shuffled, b)).toEqual(byPack(lines, a));
        expect(b.cart).toEqual(a.cart);
      }),
    );
  });

  it('applies nothing paused, not started or ended', () => {
    fc.assert(
      fc.property(linesArb, promotionsArb, (lines, promotions) => {
        const over = promotions.map((p) => ({ ...p, endsAt: new Date(now.getTime() - 1) }));
        const later = promotions.map((p) => ({ ...p, startsAt: new Date(now.getTime() + 1) }));
        const paused = promotions.map((p) => ({ ...p, active: false }));
        for (const ps of [over, later, paused]) {
          const r = applyPromotions(lines, ps, now);
          expect(r.linesDiscountPaise).toBe(0);
          expect(r.cart).toBeNull();
        }
      }),
    );
  });

  it('gives each line at most one line promotion', () => {
    fc.assert(
      fc.property(linesArb, promotionsArb, (lines, promotions) => {
        const r = applyPromotions(lines, promotions, now);
        for (const a of r.lines) if (a) expect(promotions.find((p) => p.id === a.promotionId)?.rule.kind).not.toBe('cart');
      }),
    );
  });
});

describe('the promotions by example', () => {
  const pack = (packId: number, pricePaise: number, quantity: number): PromotionLine => ({
    packId,
    brandId: null,
    categoryIds: [],
    pricePaise,
    quantity,
  });
  const promo = (id: number, rule: Promotion['rule'], name = `P${id}`): Promotion => ({
    id,
    name,
    rule,
    active: true,
    startsAt: null,
    endsAt: null,
  });
  const b2g1 = (id: number) =>
    promo(
      id,
      { kind: 'buy_x_get_y', buy: { type: 'pack', packIds: [1] }, buyQuantity: 2, getQuantity: 1, getPackId: null, percentOff: 100 },
      'Buy 2 get 1 free',
    );

  it('buy 2 get 1 free: 3 bought, one free; 5 bought, still one; 6 bought, two', () => {
    expect(applyPromotions([pack(1, 4500, 3)], [b2g1(1)], now).lines[0]).toEqual({
      promotionId: 1,
      name: 'Buy 2 get 1 free',
      discountPaise: 4500,
    });
    expect(applyPromotions([pack(1, 4500, 5)], [b2g1(1)], now).linesDiscountPaise).toBe(4500);
    expect(applyPromotions([pack(1, 4500, 6)], [b2g1(1)], now).linesDiscountPaise).toBe(9000);
    expect(applyPromotions([pack(1, 4500, 2)], [b2g1(1)], now).lines[0]).toBeNull();
  });

  it('buy a category, the cheapest free; or another pack at 50% off', () => {
    const cat = promo(1, {
      kind: 'buy_x_get_y',
      buy: { type: 'category', categoryId: 10 },
      buyQuantity: 2,
      getQuantity: 1,
      getPackId: null,
      percentOff: 100,
    });
    const lines = [
      { ...pack(1, 5000, 1), categoryIds: [10] },
      { ...pack(2, 3000, 1), categoryIds: [10] },
      { ...pack(3, 9000, 1), categoryIds: [10] },
    ];
    expect(applyPromotions(lines, [cat], now).lines.map((l) => l?.discountPaise ?? 0)).toEqual([0, 3000, 0]);
    const other = promo(2, {
      kind: 'buy_x_get_y',
      buy: { type: 'pack', packIds: [1] },
      buyQuantity: 2,
      getQuantity: 1,
      getPackId: 2,
      percentOff: 50,
    });
    expect(applyPromotions([pack(1, 5000, 4), pack(2, 3000, 5)], [other], now).lines.map((l) => l?.discountPaise ?? 0)).toEqual([0, 3000]);
  });

  it('a combo at a fixed price, the best single promotion per line, then the best cart discount', () => {
    const combo = promo(1, {
      kind: 'combo',
      items: [
        { packId: 1, quantity: 1 },
        { packId: 2, quantity: 1 },
      ],
      pricePaise: 10_000,
    });
    const r = applyPromotions([pack(1, 8000, 1), pack(2, 4000, 1)], [combo, b2g1(2)], now);
    expect(r.linesDiscountPaise).toBe(2000);
    // with 3 of pack 1, buy-2-get-1 saves 8000 > the combo's 2000: it takes pack 1, the combo has nothing left
    const r2 = applyPromotions([pack(1, 8000, 3), pack(2, 4000, 1)], [combo, b2g1(2)], now);
    expect(r2.lines.map((l) => l?.promotionId ?? null)).toEqual([2, null]);
    const spend = promo(3, { kind: 'cart', minPaise: 20_000, flatPaise: null, percentBp: 1000, capPaise: 1500 });
    const flat = promo(4, { kind: 'cart', minPaise: 10_000, flatPaise: 1000, percentBp: null, capPaise: null });
    expect(applyPromotions([pack(1, 25_000, 1)], [spend, flat], now).cart).toEqual({ promotionId: 3, name: 'P3', discountPaise: 1500 });
    expect(applyPromotions([pack(1, 15_000, 1)], [spend, flat], now).cart).toEqual({ promotionId: 4, name: 'P4', discountPaise: 1000 });
    expect(cartPromotionDiscount({ kind: 'cart', minPaise: 0, flatPaise: 5000, percentBp: null, capPaise: null }, 3000)).toBe(3000);
  });

  it('says what it gives, and refuses a cart discount with both or neither amount', () => {
    expect(promotionSummary(b2g1(1).rule)).toBe('Buy 2 get 1 free');
    const base = { name: 'X', startsAt: null, endsAt: null, active: true };
    const cart = { kind: 'cart' as const, minPaise: 0, capPaise: null };
    expect(adminPromotionInputSchema.safeParse({ ...base, rule: { ...cart, flatPaise: 100, percentBp: 100 } }).success).toBe(false);
    expect(adminPromotionInputSchema.safeParse({ ...base, rule: { ...cart, flatPaise: null, percentBp: null } }).success).toBe(false);
    expect(adminPromotionInputSchema.safeParse({ ...base, rule: { ...cart, flatPaise: 100, percentBp: null } }).success).toBe(true);
  });
});
