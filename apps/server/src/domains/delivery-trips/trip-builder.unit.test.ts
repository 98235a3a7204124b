import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTrips, distance, routeOrder, type TripOrder } from './trip-builder';

const order = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  zoneId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  pincode: fc.constantFrom('560001', '560002', '560034', '411001'),
  area: fc.constantFrom('MG Road', 'Indiranagar', 'koramangala', ''),
  ordernumber: fc.string({ maxLength: 4 }),
  lat: fc.option(fc.double({ min: 12.8, max: 13.1, noNaN: true }), { nil: null }),
  lng: fc.option(fc.double({ min: 77.4, max: 77.8, noNaN: true }), { nil: null }),
}) satisfies fc.Arbitrary<TripOrder>;

describe('buildTrips', () => {
  it('puts every packed order of the slot in exactly one trip, none twice, within the bag size and one zone', () => {
    fc.assert(
      // order ids are unique (the primary key)
      fc.property(fc.uniqueArray(order, { selector: (o) => o.id, maxLength: 60 }), fc.integer({ min: 1, max: 15 }), (orders, maxStops) => {
        const trips = buildTrips(orders, { maxStops });
        const placed = trips.flatMap((t) => t.orderIds);
        expect(new Set(placed).size).toBe(placed.length);
        expect(new Set(placed)).toEqual(new Set(orders.map((o) => o.id)));
        const zoneOf = new Map(orders.map((o) => [o.id, o.zoneId]));
        for (const t of trips) {
          expect(t.orderIds.length).toBeGreaterThan(0);
          expect(t.orderIds.length).toBeLessThanOrEqual(maxStops);
          expect(new Set(t.orderIds.map((id) => zoneOf.get(id)))).toEqual(new Set([t.zoneId]));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps pincodes together and in order', () => {
    const mk = (id: string, pincode: string, area = ''): TripOrder => ({ id, zoneId: 1, pincode, area, ordernumber: id });
    const trips = buildTrips([mk('a', '560034'), mk('b', '560001', 'MG Road'), mk('c', '560001', 'Church Street'), mk('d', '560034')], {
      maxStops: 2,
    });
    expect(trips.map((t) => t.orderIds)).toEqual([
      ['c', 'b'],
      ['a', 'd'],
    ]);
  });

  it('walks to the nearest stop next when every stop has coordinates', () => {
    const at = (id: string, lat: number, lng: number): TripOrder => ({
      id,
      zoneId: 1,
      pincode: '560001',
      area: '',
      ordernumber: id,
      lat,
      lng,
    });
    const store = { lat: 12.97, lng: 77.59 };
    const far = at('far', 13.05, 77.59);
    const near = at('near', 12.975, 77.59);
    const mid = at('mid', 13.0, 77.59);
    expect(routeOrder([far, near, mid], store).map((s) => s.id)).toEqual(['near', 'mid', 'far']);
    // one stop without coordinates: the pincode/area order stands
    expect(routeOrder([far, { ...near, lat: null }, mid], store).map((s) => s.id)).toEqual(['far', 'near', 'mid']);
    expect(Math.round(distance(store, { lat: 12.98, lng: 77.59 }))).toBe(1112);
  });
});
