/**
 * The trip builder (issue 45 §2): a slot's packed orders grouped into trips a rider can carry, and
 * each trip's stops put in a route order. Pure: the service reads the orders and writes the trips.
 *
 * Trips never mix zones (a zone is one warehouse's area). Within a zone the orders are taken by
 * pincode, then area (the address's second line), so neighbours ride together; a trip takes up to
 * `maxStops`. Inside a trip, when every stop has coordinates (from the shopper's device), the
 * stops follow a nearest-neighbour walk from the store (or the first stop); otherwise they keep
 * the pincode/area order. A heuristic, not an optimum: a shop's trip is a dozen stops, and a
 * dispatcher moves an order by hand when they know better.
 */

export interface TripOrder {
  id: string;
  /** the order's delivery zone (null: the slot's zone) */
  zoneId: number | null;
  pincode: string;
  /** a street or locality to keep neighbours together (the address's second line) */
  area: string;
  /** a tie-breaker that reads well on the sheet */
  ordernumber: string;
  lat?: number | null;
  lng?: number | null;
}

export interface PlannedTrip {
  zoneId: number | null;
  /** pincodes the trip covers, in route order */
  pincodes: string[];
  orderIds: string[];
}

export interface Point {
  lat: number;
  lng: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Great-circle distance in metres (haversine): enough to compare neighbours in one town. */
export function distance(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const located = (o: TripOrder): o is TripOrder & Point =>
  typeof o.lat === 'number' && typeof o.lng === 'number' && Number.isFinite(o.lat) && Number.isFinite(o.lng);

/** Stops in nearest-neighbour order from `start` (ties by the given order), or as given when any lacks coordinates. */
export function routeOrder(stops: TripOrder[], start?: Point): TripOrder[] {
  if (stops.length < 2 || !stops.every(located)) return stops;
  const left = [...stops] as Array<TripOrder & Point>;
  const out: TripOrder[] = [];
  let at: Point = start ?? left[0]!;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (distance(at, left[i]!) < distance(at, left[best]!)) best = i;
    const [next] = left.splice(best, 1);
    out.push(next!);
    at = next!;
  }
  return out;
}

/**
 * Trips for `orders` (each id once; a repeated id is taken once), at most `maxStops` stops each.
 * Every order is in exactly one trip (property-tested in trip-builder.unit.test.ts).
 */
export function buildTrips(orders: readonly TripOrder[], opts: { maxStops: number; start?: Point }): PlannedTrip[] {
  const max = Math.max(1, Math.floor(opts.maxStops));
  const seen = new Set<string>();
  const unique = orders.filter((o) => !seen.has(o.id) && (seen.add(o.id), true));
  const zones = new Map<string, TripOrder[]>();
  for (const o of unique) {
    const key = String(o.zoneId ?? '');
    zones.set(key, [...(zones.get(key) ?? []), o]);
  }
  const trips: PlannedTrip[] = [];
  for (const key of [...zones.keys()].sort(byText)) {
    const sorted = zones
      .get(key)!
      .sort(
        (a, b) =>
          byText(a.pincode, b.pincode) ||
          byText(a.area.toLowerCase(), b.area.toLowerCase()) ||
          byText(a.ordernumber, b.ordernumber) ||
          byText(a.id, b.id),
      );
    for (let i = 0; i < sorted.length; i += max) {
      const stops = routeOrder(sorted.slice(i, i + max), opts.start);
      trips.push({
        zoneId: stops[0]!.zoneId,
        pincodes: [...new Set(stops.map((s) => s.pincode))],
        orderIds: stops.map((s) => s.id),
      });
    }
  }
  return trips;
}
