import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { denominationsTotal } from '@grocer/shared/delivery-trips';
import { codRows, type ReportStop, type ReportTrip } from './handover';

const paise = fc.integer({ min: 0, max: 500_000 });

/** Trips over a few days and riders, some counted (with any difference), each with delivered cash-on-delivery stops. */
const world = fc
  .array(
    fc.record({
      date: fc.constantFrom('2026-11-28', '2026-11-29', '2026-11-30'),
      rider: fc.option(fc.constantFrom(1, 2, 3), { nil: null }),
      counted: fc.option(fc.integer({ min: -50_000, max: 50_000 }), { nil: null }),
      deposit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      stops: fc.array(fc.record({ cash: paise, upi: paise, total: paise }), { maxLength: 6 }),
    }),
    { maxLength: 12 },
  )
  .map((xs) => {
    const trips: ReportTrip[] = [];
    const stops: ReportStop[] = [];
    xs.forEach((x, i) => {
      const cash = x.stops.reduce((s, st) => s + st.cash, 0);
      trips.push({
        id: i + 1,
        label: `Trip ${i + 1}`,
        date: x.date,
        rider: x.rider === null ? null : { id: x.rider, name: `Rider ${x.rider}` },
        handover:
          x.counted === null
            ? null
            : {
                id: 100 + i,
                counted: Math.max(0, cash + x.counted),
                difference: Math.max(0, cash + x.counted) - cash,
                at: 'x',
                depositId: x.deposit,
              },
      });
      x.stops.forEach((st, j) => stops.push({ tripId: i + 1, orderId: `o${i}-${j}`, ordernumber: `#${i}${j}`, ...st }));
    });
    return { trips, stops };
  });

describe('the COD report reconciles', () => {
  it('sum of the orders = expected; handed over + pending = expected; counted = handed over + difference (each row and the totals)', () => {
    fc.assert(
      fc.property(world, ({ trips, stops }) => {
        const r = codRows(trips, stops);
        expect(r.orders.length).toBe(stops.length);
        expect(r.orders.reduce((s, o) => s + o.cash, 0)).toBe(r.totals.expected);
        expect(r.orders.reduce((s, o) => s + o.upi, 0)).toBe(r.totals.upi);
        for (const f of [...r.rows, r.totals]) {
          expect(f.handed_over + f.pending).toBe(f.expected);
          expect(f.counted).toBe(f.handed_over + f.difference);
          expect(f.counted).toBe(f.deposited + f.undeposited);
        }
        for (const k of [
          'orders',
          'expected',
          'upi',
          'handed_over',
          'counted',
          'difference',
          'pending',
          'deposited',
          'undeposited',
        ] as const)
          expect(r.rows.reduce((s, x) => s + x[k], 0)).toBe(r.totals[k]);
        // each row's orders are that day's and rider's
        for (const row of r.rows) {
          const mine = r.orders.filter((o) => o.date === row.date && (o.rider?.id ?? null) === (row.rider?.id ?? null));
          expect(mine.length).toBe(row.orders);
          expect(mine.reduce((s, o) => s + o.cash, 0)).toBe(row.expected);
          expect(mine.filter((o) => o.handover_id === null).reduce((s, o) => s + o.cash, 0)).toBe(row.pending);
          // deposited: the counted cash of this row's trips whose handover names a deposit
          const tripsOf = trips.filter((t) => mine.some((o) => o.trip_id === t.id));
          expect(tripsOf.reduce((s, t) => s + (t.handover?.depositId ? t.handover.counted : 0), 0)).toBe(row.deposited);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('notes and coins', () => {
  it('make their total in paise', () => {
    expect(denominationsTotal({ '500': 3, '20': 2, '1': 5 })).toBe(154_500);
    expect(denominationsTotal({})).toBe(0);
  });
});
