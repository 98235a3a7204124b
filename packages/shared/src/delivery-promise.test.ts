import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryPromise, indiaToday, slotLabel, slotWindow } from './delivery-promise';

describe('the delivery promise', () => {
  it("says today, tomorrow or the date, and the window in the spec's 'h:mm A'", () => {
    expect(deliveryPromise({ date: '2026-11-24', start_time: '18:00', end_time: '21:00' }, '2026-11-24')).toBe('Today 6:00 PM – 9:00 PM');
    expect(deliveryPromise({ date: '2026-11-25', start_time: '07:00', end_time: '10:00' }, '2026-11-24')).toBe(
      'Tomorrow 7:00 AM – 10:00 AM',
    );
    expect(deliveryPromise({ date: '2026-11-26', start_time: '11:00', end_time: '14:00' }, '2026-11-24')).toBe(
      'Nov 26, 2026 · 11:00 AM – 2:00 PM',
    );
    expect(slotLabel({ date: '2026-11-29', start_time: '07:00', end_time: '10:00' })).toBe('Nov 29, 2026 · 7:00 AM – 10:00 AM');
    expect(slotWindow('09:30', '12:00')).toBe('9:30 AM – 12:00 PM');
    expect(slotWindow('00:00', '06:00')).toBe('12:00 AM – 6:00 AM');
  });

  it('counts today in India: 20:00 UTC is already tomorrow there', () => {
    expect(indiaToday(Date.parse('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(indiaToday(Date.parse('2026-11-24T18:29:00Z'))).toBe('2026-11-24');
  });

  it("prints every window as 'h:mm A – h:mm A', never 24-hour (property)", () => {
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${m ? '30' : '00'}`);
    fc.assert(
      fc.property(hhmm, hhmm, (a, b) => {
        const w = slotWindow(a, b);
        expect(w).toMatch(/^(1[0-2]|[1-9]):[0-5]\d [AP]M – (1[0-2]|[1-9]):[0-5]\d [AP]M$/);
        const [from, to] = w.split(' – ');
        expect(from!.endsWith(a >= '12:00' ? 'PM' : 'AM')).toBe(true);
        expect(to!.endsWith(b >= '12:00' ? 'PM' : 'AM')).toBe(true);
      }),
    );
  });
});
