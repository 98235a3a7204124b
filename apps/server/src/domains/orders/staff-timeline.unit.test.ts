import { ORDER_STATUSES } from '@grocer/shared/order';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paidNote, staffTimeline, staffWording, type HistoryRow } from './staff-timeline';

const t0 = Date.parse('2026-11-01T10:00:00Z');
const who = (actor: string) => (actor === 'system' ? 'the system' : actor);

const history = fc
  .array(
    fc.record({
      status: fc.constantFrom(...ORDER_STATUSES),
      actor: fc.constantFrom('user:1', 'razorpay', 'system'),
      note: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      gap: fc.integer({ min: 0, max: 5_000 }),
    }),
    { maxLength: 12 },
  )
  .map((rows) => {
    let at = t0;
    return rows.map(({ gap, ...r }): HistoryRow => ({ ...r, createdAt: new Date((at += gap)) }));
  });
const notes = fc.array(fc.record({ text: fc.string({ minLength: 1, maxLength: 20 }), at: fc.integer({ min: -10_000, max: 70_000 }) }), {
  maxLength: 5,
});

describe('the staff timeline', () => {
  it('has a status entry exactly where the status changes, keeps the history in order and every note once', () => {
    fc.assert(
      fc.property(history, notes, (h, n) => {
        const out = staffTimeline(
          h,
          n.map((x) => ({ text: x.text, createdAt: new Date(t0 + x.at), author: 'Asha' })),
          { who, paid: null },
        );
        expect(out).toHaveLength(h.length + n.length);
        const rows = out.filter((e) => e.kind !== 'note');
        expect(rows.map((e) => e.status)).toEqual(h.map((e) => e.status));
        rows.forEach((e, i) => expect(e.kind).toBe(i === 0 || h[i - 1]!.status !== h[i]!.status ? 'status' : 'change'));
        // never the same status entered twice in a row
        const statuses = rows.filter((e) => e.kind === 'status').map((e) => e.status);
        statuses.forEach((s, i) => i > 0 && expect(s).not.toBe(statuses[i - 1]));
        expect(
          out
            .filter((e) => e.kind === 'note')
            .map((e) => e.note)
            .sort(),
        ).toEqual(n.map((x) => x.text).sort());
        // a note sits after the rows written at or before it and before the rows written after it
        out.forEach((e, i) => {
          if (e.kind !== 'note') return;
          const at = Date.parse(e.at);
          out.slice(0, i).forEach((r) => r.kind !== 'note' && expect(Date.parse(r.at)).toBeLessThanOrEqual(at));
          out.slice(i + 1).forEach((r) => r.kind !== 'note' && expect(Date.parse(r.at)).toBeGreaterThan(at));
        });
      }),
    );
  });

  it('says a substitution on a placed order as a change, in the staff’s words, and how it was paid', () => {
    const at = (s: number) => new Date(t0 + s * 1000);
    const out = staffTimeline(
      [
        { status: 'pending_payment', actor: 'user:7', note: null, createdAt: at(0) },
        { status: 'placed', actor: 'razorpay', note: 'Paid online (Razorpay)', createdAt: at(1) },
        {
          status: 'placed',
          actor: 'user:2',
          note: '1 × Curd - 400 g replaced by 1 × Yoghurt - 400 g (not available): ₹4 refunded to your Razorpay payment',
          createdAt: at(2),
        },
      ],
      [{ text: 'Called the customer', createdAt: at(1.5), author: 'Asha' }],
      { who, paid: { provider: 'razorpay', amount: 8_800, via: 'upi' } },
    );
    expect(out[1]!.by).toBe('Razorpay');
    expect(out.map((e) => [e.kind, e.status, e.note])).toEqual([
      ['status', 'pending_payment', null],
      ['status', 'placed', 'Paid ₹88 by UPI (Razorpay)'],
      ['note', 'placed', 'Called the customer'],
      [
        'change',
        'placed',
        "1 × Curd - 400 g replaced by 1 × Yoghurt - 400 g (not available): ₹4 refunded to the customer's Razorpay payment",
      ],
    ]);
  });

  it('words the shopper’s phrases for the staff', () => {
    expect(staffWording('2 × Dal removed (at your request): ₹10 refunded to your Cashfree payment')).toBe(
      "2 × Dal removed (at the customer's request): ₹10 refunded to the customer's Cashfree payment",
    );
    expect(staffWording('Order changed: Toor Dal - 1 kg 3 → 2. You pay ₹1,270.50 less')).toBe(
      'Order changed: Toor Dal - 1 kg 3 → 2. The customer pays ₹1,270.50 less',
    );
    expect(paidNote({ provider: 'cashfree', amount: 12_345, via: null })).toBe('Paid ₹123.45 online (Cashfree)');
  });
});
