import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACK_STEPS, trackRefreshSeconds, trackSteps } from './delivery-trips';
import { distanceMetres } from './geo';
import { ORDER_STATUSES } from './order';

const RANK = { done: 0, current: 1, ahead: 2, skipped: 2 } as const;

describe('trackSteps (the shopper’s tracker)', () => {
  it('always five steps in order: done, then at most one current, then ahead (or skipped once ended)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.array(fc.record({ status: fc.constantFrom(...ORDER_STATUSES), at: fc.constant('2026-11-29T04:30:00.000Z') }), { maxLength: 8 }),
        (status, history) => {
          const steps = trackSteps(status, history);
          expect(steps.map((s) => s.step)).toEqual([...TRACK_STEPS]);
          const ranks = steps.map((s) => RANK[s.state]);
          expect([...ranks].sort()).toEqual(ranks);
          const ended = status === 'cancelled' || status === 'payment_failed';
          expect(steps.filter((s) => s.state === 'current').length).toBe(ended || status === 'pending_payment' ? 0 : 1);
          if (ended) expect(steps.some((s) => s.state === 'ahead' || s.state === 'current')).toBe(false);
          else expect(steps.some((s) => s.state === 'skipped')).toBe(false);
          for (const s of steps) if (s.state === 'ahead' || s.state === 'skipped') expect(s.at).toBeNull();
        },
      ),
    );
  });

  it('a cancelled order keeps the steps it reached; one sent back for another trip has Out for delivery ahead again', () => {
    const at = '2026-11-29T04:30:00.000Z';
    expect(
      trackSteps('cancelled', [
        { status: 'placed', at },
        { status: 'confirmed', at },
        { status: 'cancelled', at },
      ]).map((s) => s.state),
    ).toEqual(['done', 'done', 'skipped', 'skipped', 'skipped']);
    const back = trackSteps(
      'packed',
      ['placed', 'confirmed', 'packed', 'shipped', 'packed'].map((status) => ({ status, at })),
    );
    expect(back.map((s) => s.state)).toEqual(['done', 'done', 'current', 'ahead', 'ahead']);
    // packed straight from placed: confirmed counts as passed, without a time
    expect(
      trackSteps('packed', [
        { status: 'placed', at },
        { status: 'packed', at },
      ])[1],
    ).toEqual({ step: 'confirmed', state: 'done', at: null });
  });

  it('asks often while out, now and then before, never once it ended', () => {
    expect(ORDER_STATUSES.map((s) => [s, trackRefreshSeconds(s)])).toEqual([
      ['pending_payment', 60],
      ['placed', 60],
      ['confirmed', 60],
      ['packed', 60],
      ['shipped', 20],
      ['delivered', 0],
      ['cancelled', 0],
      ['payment_failed', 0],
    ]);
  });

  it('measures distances as the crow flies', () => {
    expect(distanceMetres({ lat: 12.9716, lng: 77.5946 }, { lat: 12.9716, lng: 77.5946 })).toBe(0);
    // one thousandth of a degree of latitude is about 111 m
    expect(distanceMetres({ lat: 12.9716, lng: 77.5946 }, { lat: 12.9726, lng: 77.5946 })).toBe(111);
    // Bengaluru to Mumbai, about 845 km
    const d = distanceMetres({ lat: 12.9716, lng: 77.5946 }, { lat: 19.076, lng: 72.8777 });
    expect(d).toBeGreaterThan(830_000);
    expect(d).toBeLessThan(860_000);
  });
});
