import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANCELLABLE, ORDER_STATUSES, ORDER_TRANSITIONS, canMove, type OrderStatus } from './order';

describe('order lifecycle table', () => {
  it('never leaves a final state and never returns to awaiting payment', () => {
    for (const s of ['delivered', 'cancelled', 'payment_failed'] as const) expect(ORDER_TRANSITIONS[s]).toEqual([]);
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (from) => {
        expect(canMove(from, 'pending_payment')).toBe(false);
      }),
    );
  });

  it('only moves forward: no walk through the table visits a status twice', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (choices) => {
        let at: OrderStatus = 'pending_payment';
        const seen = new Set<OrderStatus>([at]);
        for (const c of choices) {
          const next: readonly OrderStatus[] = ORDER_TRANSITIONS[at];
          if (next.length === 0) break;
          at = next[c % next.length]!;
          expect(seen.has(at)).toBe(false);
          seen.add(at);
        }
      }),
    );
  });

  it('cancellable means the table allows cancelled: until shipped', () => {
    expect([...CANCELLABLE].sort()).toEqual(ORDER_STATUSES.filter((s) => canMove(s, 'cancelled')).sort());
    expect(canMove('shipped', 'cancelled')).toBe(false);
  });
});
