import fc from 'fast-check';
import { addShopDays, shopDayStart } from '@grocer/shared/shop-time';
import { SCHEDULE_KINDS } from '@grocer/shared/subscriptions';
import { describe, expect, it } from 'vitest';
import { changeable, changesCloseAt, daysBetween, deliveriesIn, firstChangeableDay, scheduleIn, weekdayOf, type Plan } from './rules';

const day = fc.integer({ min: 0, max: 2000 }).map((n) => addShopDays('2025-01-01', n));
const plan = fc.record({
  schedule: fc.constantFrom(...SCHEDULE_KINDS),
  weekdays: fc.integer({ min: 1, max: 127 }),
  everyDays: fc.integer({ min: 2, max: 60 }),
  startDate: day,
  quantity: fc.integer({ min: 1, max: 99 }),
  status: fc.constantFrom('active' as const, 'active' as const, 'paused' as const, 'cancelled' as const),
  pauses: fc.array(
    fc.tuple(day, fc.integer({ min: 0, max: 20 })).map(([from, n]) => ({ from, to: addShopDays(from, n) })),
    { maxLength: 3 },
  ),
  days: fc.array(fc.tuple(day, fc.integer({ min: 0, max: 99 })), { maxLength: 6 }).map((e) => new Map(e)),
}) satisfies fc.Arbitrary<Plan>;

describe('which dates a subscription delivers', () => {
  it('never before the start, never paused, cancelled or skipped, and each with its day’s own quantity', () => {
    fc.assert(
      fc.property(plan, day, fc.integer({ min: 0, max: 60 }), (p, from, span) => {
        const to = addShopDays(from, span);
        for (const d of deliveriesIn(p, from, to)) {
          expect(d.date >= p.startDate && d.date >= from && d.date <= to).toBe(true);
          expect(p.status).toBe('active');
          expect(p.pauses.some((r) => r.from <= d.date && d.date <= r.to)).toBe(false);
          expect(d.quantity).toBe(p.days.get(d.date) ?? p.quantity);
          expect(d.quantity).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('the schedule alone: daily every day, alternate every second, every N each Nth, weekdays on theirs', () => {
    fc.assert(
      fc.property(plan, fc.integer({ min: 0, max: 60 }), (raw, span) => {
        const p: Plan = { ...raw, status: 'active', pauses: [], days: new Map() };
        const to = addShopDays(p.startDate, span);
        const dates = deliveriesIn(p, p.startDate, to).map((d) => d.date);
        const expected: string[] = [];
        for (let i = 0; i <= span; i++) {
          const d = addShopDays(p.startDate, i);
          const due =
            p.schedule === 'daily'
              ? true
              : p.schedule === 'alternate'
                ? i % 2 === 0
                : p.schedule === 'every_n'
                  ? i % p.everyDays === 0
                  : (p.weekdays >> weekdayOf(d)) % 2 === 1;
          if (due) expected.push(d);
        }
        expect(dates).toEqual(expected);
      }),
    );
  });

  it('a range is the union of its parts (no date counted twice or lost at a boundary)', () => {
    fc.assert(
      fc.property(plan, day, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 30 }), (p, from, a, b) => {
        const mid = addShopDays(from, a);
        const end = addShopDays(mid, b);
        expect(scheduleIn(p, from, end)).toEqual([...scheduleIn(p, from, mid), ...scheduleIn(p, addShopDays(mid, 1), end)]);
      }),
    );
  });

  it('examples: milk daily from Monday, Saturday skipped, a 3-day holiday, 2 on Wednesday', () => {
    const p: Plan = {
      schedule: 'daily',
      weekdays: 127,
      everyDays: 1,
      startDate: '2026-11-30',
      quantity: 1,
      status: 'active',
      pauses: [{ from: '2026-12-08', to: '2026-12-10' }],
      days: new Map([
        ['2026-12-05', 0],
        ['2026-12-02', 2],
      ]),
    };
    const got = deliveriesIn(p, '2026-11-29', '2026-12-11');
    expect(got.map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-06',
      '2026-12-07',
      '2026-12-11',
    ]);
    expect(got.find((d) => d.date === '2026-12-02')!.quantity).toBe(2);
    expect(daysBetween('2026-11-30', '2026-12-11')).toBe(11);
  });
});

describe('the cut-off', () => {
  it('changes for a day close at the cut-off the evening before, shop time (22:00 IST = 16:30 UTC)', () => {
    expect(changesCloseAt('2026-12-01', '22:00').toISOString()).toBe('2026-11-30T16:30:00.000Z');
    expect(changeable('2026-12-01', '22:00', new Date('2026-11-30T16:29:59Z'))).toBe(true);
    expect(changeable('2026-12-01', '22:00', new Date('2026-11-30T16:30:00Z'))).toBe(false);
    expect(firstChangeableDay(new Date('2026-11-30T16:29:00Z'), '22:00')).toBe('2026-12-01');
    expect(firstChangeableDay(new Date('2026-11-30T16:31:00Z'), '22:00')).toBe('2026-12-02');
    // just after midnight in India (18:30 UTC the day before) it is already the next shop day
    expect(firstChangeableDay(new Date('2026-11-30T18:31:00Z'), '22:00')).toBe('2026-12-02');
  });

  it('a day is changeable exactly before its close, and never today or earlier', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 3 * 86_400_000 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (d, offset, h, m) => {
          const cutoff = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const now = new Date(shopDayStart(addShopDays(d, -2)).getTime() + offset);
          expect(changeable(d, cutoff, now)).toBe(now < changesCloseAt(d, cutoff));
          if (now >= shopDayStart(d)) expect(changeable(d, cutoff, now)).toBe(false);
          const first = firstChangeableDay(now, cutoff);
          expect(changeable(first, cutoff, now)).toBe(true);
          expect(changeable(addShopDays(first, -1), cutoff, now)).toBe(false);
        },
      ),
    );
  });
});
