import { describe, expect, it } from 'vitest';
import { editDifferenceText, isEditable, orderEditBodySchema } from './order-edit';

describe('changing an order (issue 39 §14)', () => {
  it('says the difference the way the shopper settles it', () => {
    expect(editDifferenceText(24, 'cod')).toBe('You pay ₹24 more');
    expect(editDifferenceText(-30, 'cod')).toBe('You pay ₹30 less');
    expect(editDifferenceText(-30, 'razorpay')).toBe('₹30 will be refunded');
    expect(editDifferenceText(0, 'cashfree')).toBe('No change to the total');
    expect(editDifferenceText(1234.5, 'cod')).toBe('You pay ₹1,234.50 more');
  });

  it('is open until the order is packed, for online orders', () => {
    expect(isEditable({ status: 'placed', payment_method: 'cod' })).toBe(true);
    expect(isEditable({ status: 'confirmed', payment_method: 'razorpay' })).toBe(true);
    for (const status of ['pending_payment', 'packed', 'shipped', 'delivered', 'cancelled', 'payment_failed'] as const)
      expect(isEditable({ status, payment_method: 'cod' })).toBe(false);
    expect(isEditable({ status: 'placed', payment_method: 'pos' })).toBe(false);
  });

  it('takes each pack once, quantities 0 to 100,000 (grams of a weighed pack; the server holds unit packs to 99)', () => {
    expect(orderEditBodySchema.safeParse({ lines: [{ pack_id: 1, quantity: 0 }] }).success).toBe(true);
    expect(orderEditBodySchema.safeParse({ lines: [] }).success).toBe(false);
    expect(orderEditBodySchema.safeParse({ lines: [{ pack_id: 1, quantity: 100_000 }] }).success).toBe(true);
    expect(orderEditBodySchema.safeParse({ lines: [{ pack_id: 1, quantity: 100_001 }] }).success).toBe(false);
    expect(
      orderEditBodySchema.safeParse({
        lines: [
          { pack_id: 1, quantity: 1 },
          { pack_id: 1, quantity: 2 },
        ],
      }).success,
    ).toBe(false);
  });
});
