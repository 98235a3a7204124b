import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryPromise, indiaToday, slotWindow } from './delivery-promise';

describe('the delivery promise', () => {
  it('says today, tomorrow or the day, and the window as Indians write it', () => {
    expect(deliveryPromise({ date: '2026-11-24', start_time: '18:00', end_time: '21:00' }, '2026-11-24')).toBe('Today 6–9 PM');
    expect(deliveryPromise({ date: '2026-11-25', start_time: '07:00', end_time: '10:00' }, '2026-11-24')).toBe('Tomorrow 7–10 AM');
    expect(deliveryPromise({ date: '2026-11-26', start_time: '11:00', end_time: '14:00' }, '2026-11-24')).toBe('Thu, 26 Nov 11 AM–2 PM');
    expect(slotWindow('09:30', '12:00')).toBe('9:30 AM–12 PM');
    expect(slotWindow('00:00', '06:00')).toBe('12–6 AM');
  });

  it('counts today in India: 20:00 UTC is already tomorrow there', () => {
    expect(indiaToday(Date.parse('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(indiaToday(Date.parse('2026-11-24T18:29:00Z'))).toBe('2026-11-24');
  });

  it('prints every window with its hours in order and one AM/PM per half of the day (property)', () => {
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${m ? '30' : '00'}`);
    fc.assert(
      fc.property(hhmm, hhmm, (a, b) => {
        const w = slotWindow(a, b);
        expect(w).toMatch(/^\d{1,2}(:30)?( [AP]M)?–\d{1,2}(:30)? [AP]M$/);
        expect((w.match(/[AP]M/g) ?? []).length).toBe(Number(a >= '12:00') === Number(b >= '12:00') ? 1 : 2);
      }),
    );
  });
});
