import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addShopDays, shopClockOf, shopDayEnd, shopDayOf, shopDayStart, shopDateTime, SHOP_TIME_ZONE } from './shop-time';

describe('the shop clock', () => {
  it('is India time', () => {
    expect(shopDayOf(new Date('2026-11-28T18:29:59Z'))).toBe('2026-11-28');
    expect(shopDayOf(new Date('2026-11-28T18:30:00Z'))).toBe('2026-11-29');
    expect(shopClockOf(new Date('2026-11-28T18:30:00Z'))).toBe('00:00');
    expect(shopDayStart('2026-11-29').toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(shopDayEnd('2026-11-29').toISOString()).toBe('2026-11-29T18:30:00.000Z');
    expect(addShopDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(shopDateTime('2026-11-28T18:30:00Z')).toMatch(/29 Nov 2026/);
  });

  it('agrees with the time zone database at every moment (the fixed offset is exact for India)', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        expect(shopDayOf(at)).toBe(fmt.format(at));
        const day = shopDayOf(at);
        expect(shopDayStart(day).getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(shopDayEnd(day).getTime());
      }),
    );
  });
});
