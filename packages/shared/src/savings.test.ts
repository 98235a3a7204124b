import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { cartSavings, freeDeliveryProgress } from './savings';

const item = (price: number, act: number, quantity: number, valid = true) => ({ price, act_price: act, quantity, valid }) as CartItem;

describe('what the shopper saves', () => {
  it('adds the packs’ discounts, the coupon and a waived delivery charge', () => {
    const cart = { items: [item(61.5, 70, 2), item(100, 100, 1)], discount: 50, delivery_charge: 30, finalDelivery: 0, serviceable: true };
    expect(cartSavings(cart)).toBe(17 + 50 + 30);
    expect(cartSavings({ ...cart, finalDelivery: 30 })).toBe(67);
    // a line that cannot be bought saves nothing
    expect(cartSavings({ ...cart, items: [item(61.5, 70, 2, false)], discount: 0, finalDelivery: 30 })).toBe(0);
  });

  it('is never negative and is exact to the paisa (property)', () => {
    const rupees = fc.integer({ min: 1, max: 500_000 }).map((p) => p / 100);
    fc.assert(
      fc.property(fc.array(fc.tuple(rupees, rupees, fc.integer({ min: 1, max: 20 })), { maxLength: 8 }), (lines) => {
        const cart = {
          items: lines.map(([a, b, q]) => item(Math.min(a, b), Math.max(a, b), q)),
          discount: 0,
          delivery_charge: 0,
          finalDelivery: 0,
          serviceable: true,
        };
        const saved = cartSavings(cart);
        expect(saved).toBeGreaterThanOrEqual(0);
        expect(Math.round(saved * 100)).toBe(
          lines.reduce((s, [a, b, q]) => s + Math.abs(Math.round(a * 100) - Math.round(b * 100)) * q, 0),
        );
      }),
    );
  });

  it('shows progress towards free delivery only while delivery is charged', () => {
    const cart = { total: 240, finalDelivery: 30, serviceable: true, free_delivery_above: 499 };
    expect(freeDeliveryProgress(cart)).toBeCloseTo(240 / 499);
    expect(freeDeliveryProgress({ ...cart, finalDelivery: 0 })).toBeNull();
    expect(freeDeliveryProgress({ ...cart, free_delivery_above: null })).toBeNull();
    expect(freeDeliveryProgress({ ...cart, serviceable: false })).toBeNull();
  });
});
