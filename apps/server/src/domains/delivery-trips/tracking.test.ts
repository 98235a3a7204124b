import type { OrderTracking, RiderTrip } from '@grocer/shared/delivery-trips';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, riderPositions, users } from '../../db/schema';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { tripsBench } from '../../test/trips-bench';

// The shopper's tracking (issue 45 §5): steps, stops before theirs as the rider settles the
// route, the rider's first name and the shop's number (never the rider's), scoping, and the
// rider's live position: only while the trip is out, only the rider's, gone when it ends.

let b: Awaited<ReturnType<typeof tripsBench>>;
let placed: Array<Awaited<ReturnType<typeof b.packedOrder>>>;
let tripId: number;
/** the orders in route order once the trip is out */
let route: typeof placed;
/** the second trip, taking the order sent back */
let second: number;

const RIDER_PHONE = '9876512345';
const track = async (i: number, c = route[i]!.c) => c.get(`/s/api/orders/${route[i]!.id}/tracking`);
const tracking = async (i: number): Promise<OrderTracking> => {
  const res = await track(i);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const position = (c: TestClient, body: Record<string, unknown>, id = tripId) => c.put(`/s/api/rider/trips/${id}/position`, body);
const heldPositions = async () => (await b.t.db.select().from(riderPositions).where(eq(riderPositions.tripId, tripId))).length;

beforeAll(async () => {
  b = await tripsBench();
  placed = [];
  for (let i = 0; i < 3; i++) placed.push(await b.packedOrder('560001', `${i + 1} Residency Road`));
  tripId = (await b.build()).trips[0]!.id;
  expect((await b.owner.post(`/s/api/admin/dispatch/trips/${tripId}/rider`, { rider_id: b.rider.userId })).statusCode).toBe(200);
  await b.t.db.update(users).set({ name: 'Ravi Kumar', phone: RIDER_PHONE }).where(eq(users.id, b.rider.userId!));
  route = placed;
}, 120_000);
afterAll(() => b.t.close());

describe('the shopper’s tracking', () => {
  it('shows every step, done and ahead, with the slot, before the order goes out', async () => {
    const t = await tracking(0);
    expect(t.status).toBe('packed');
    expect(t.steps.map((s) => [s.step, s.state])).toEqual([
      ['placed', 'done'],
      ['confirmed', 'done'],
      ['packed', 'current'],
      ['shipped', 'ahead'],
      ['delivered', 'ahead'],
    ]);
    expect(t.steps[2]!.at).not.toBeNull();
    expect(t.steps[3]!.at).toBeNull();
    expect(t.slot).toMatchObject({ date: b.slot.date });
    expect(t.out).toBeNull();
    expect(t.refresh).toBe(60);
  });

  it('is the shopper’s own order only: another shopper and a signed-out visitor get nothing', async () => {
    expect((await track(0, placed[1]!.c)).statusCode).toBe(404);
    expect((await track(0, new TestClient(b.t.app))).statusCode).toBe(401);
    expect((await placed[0]!.c.get('/s/api/orders/not-an-id/tracking')).statusCode).toBeGreaterThanOrEqual(400);
    // an order id of no order at all answers like another shopper's
    expect((await placed[0]!.c.get('/s/api/orders/00000000-0000-4000-8000-000000000000/tracking')).statusCode).toBe(404);
  });

  it('refuses positions for a trip not out yet, and while the website has them off', async () => {
    expect((await position(b.rider, { lat: 12.97, lng: 77.59 })).statusCode).toBe(403);
    const on = await b.owner.put('/s/api/admin/dispatch/tracking', { share_position: true, call_number: '+91 80 4000 1234' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ share_position: true, call_number: '+91 80 4000 1234' });
    expect((await b.owner.get('/s/api/admin/dispatch/tracking')).json()).toEqual(on.json());
    expect((await b.owner.put('/s/api/admin/dispatch/tracking', { share_position: true, call_number: 'call me' })).statusCode).toBe(422);
    expect((await position(b.rider, { lat: 12.97, lng: 77.59 })).statusCode).toBe(404);
    expect(await heldPositions()).toBe(0);
  });

  it('once out: the stops before yours in route order, the rider’s first name and the shop’s number, never the rider’s phone', async () => {
    const trip: RiderTrip = (await b.rider.post(`/s/api/rider/trips/${tripId}/pick-up`, {})).json();
    expect(trip.status).toBe('out');
    route = trip.stops_list.map((s) => placed.find((p) => p.id === s.order_id)!);
    const last = await tracking(2);
    expect(last.status).toBe('shipped');
    expect(last.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current', 'ahead']);
    expect(last.out).toEqual({ stops_before: 2, rider: 'Ravi', call_url: 'tel:+918040001234', distance_m: null, position_at: null });
    expect(last.refresh).toBe(20);
    expect((await tracking(0)).out!.stops_before).toBe(0);
    for (let i = 0; i < 3; i++) {
      const body = [(await track(i)).body, (await route[i]!.c.get(`/s/api/orders/${route[i]!.id}`)).body].join('');
      expect(body).not.toContain(RIDER_PHONE);
      expect(body).not.toContain(RIDER_PHONE.slice(-4));
      expect(body).not.toContain('Kumar');
    }
  });

  it('takes the rider’s position only from the rider of a trip that is out, and shows it as a distance', async () => {
    expect((await position(b.rider2, { lat: 12.97, lng: 77.59 })).statusCode).toBe(404);
    expect((await position(b.owner, { lat: 12.97, lng: 77.59 })).statusCode).toBe(403);
    expect((await position(b.rider, { lat: 123, lng: 77.59 })).statusCode).toBe(422);
    // without coordinates on the address: stops only
    const first = await position(b.rider, { lat: 12.9716, lng: 77.5946, accuracy: 12.4 });
    expect(first.statusCode, first.body).toBe(200);
    expect((await tracking(2)).out).toMatchObject({ distance_m: null, position_at: expect.any(String) });
    // the shopper's device gave the address coordinates: about 1.1 km north of the rider
    await b.t.db
      .update(orders)
      .set({ address: sql`${orders.address} || '{"lat": 12.9816, "lng": 77.5946}'::jsonb` })
      .where(eq(orders.id, route[2]!.id));
    const d = (await tracking(2)).out!.distance_m!;
    expect(d).toBeGreaterThan(1_050);
    expect(d).toBeLessThan(1_180);
    // the latest only: one row, overwritten
    expect((await position(b.rider, { lat: 12.9806, lng: 77.5946 })).statusCode).toBe(200);
    expect(await heldPositions()).toBe(1);
    expect((await tracking(2)).out!.distance_m!).toBeLessThan(150);
    expect((await b.rider.get(`/s/api/rider/trips/${tripId}/position`)).json()).toMatchObject({
      allowed: true,
      shared_at: expect.any(String),
    });
    // the stop button: gone, then shared again
    expect((await b.rider.delete(`/s/api/rider/trips/${tripId}/position`)).json()).toEqual({ allowed: true, shared_at: null });
    expect(await heldPositions()).toBe(0);
    expect((await tracking(2)).out!.distance_m).toBeNull();
    expect((await position(b.rider, { lat: 12.9806, lng: 77.5946 })).statusCode).toBe(200);
  });

  it('counts down as the rider settles the stops before, to "you’re next"', async () => {
    const code = (await route[0]!.c.get(`/s/api/orders/${route[0]!.id}`)).json().delivery_code as string;
    const done = await b.rider.post(`/s/api/rider/orders/${route[0]!.id}/deliver`, { code, cash: route[0]!.total });
    expect(done.statusCode, done.body).toBe(200);
    expect((await tracking(2)).out!.stops_before).toBe(1);
    const delivered = await tracking(0);
    expect(delivered.status).toBe('delivered');
    expect(delivered.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current']);
    expect(delivered).toMatchObject({ out: null, refresh: 0 });

    const failed = await b.rider.post(`/s/api/rider/orders/${route[1]!.id}/fail`, { reason: 'not_at_home', next: 'reattempt' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await tracking(2)).out!.stops_before).toBe(0);
    // the order sent back for another trip is packed again: out for delivery is ahead again
    const again = await tracking(1);
    expect(again.steps.map((s) => s.state)).toEqual(['done', 'done', 'current', 'ahead', 'ahead']);
    expect(again.out).toBeNull();
  });

  it('drops the position when the trip ends, and takes none after', async () => {
    expect(await heldPositions()).toBe(1);
    const code = (await route[2]!.c.get(`/s/api/orders/${route[2]!.id}`)).json().delivery_code as string;
    expect((await b.rider.post(`/s/api/rider/orders/${route[2]!.id}/deliver`, { code, cash: route[2]!.total })).statusCode).toBe(200);
    expect(await heldPositions()).toBe(0);
    expect((await position(b.rider, { lat: 12.98, lng: 77.59 })).statusCode).toBe(404);
    expect((await tracking(2)).out).toBeNull();
  });

  it('turning sharing off drops every held position', async () => {
    // a second trip for the order sent back, out with the rider, sharing
    const v = await b.build();
    second = v.trips.find((t: { status: string }) => t.status === 'planned')!.id as number;
    await b.owner.post(`/s/api/admin/dispatch/trips/${second}/rider`, { rider_id: b.rider.userId });
    expect((await b.rider.post(`/s/api/rider/trips/${second}/pick-up`, {})).statusCode).toBe(200);
    expect((await position(b.rider, { lat: 12.98, lng: 77.59 }, second)).statusCode).toBe(200);
    expect((await b.owner.put('/s/api/admin/dispatch/tracking', { share_position: false, call_number: null })).statusCode).toBe(200);
    expect(await b.t.db.select().from(riderPositions).where(eq(riderPositions.tripId, second))).toEqual([]);
    expect((await position(b.rider, { lat: 12.98, lng: 77.59 }, second)).statusCode).toBe(403);
    expect((await tracking(1)).out).toMatchObject({ stops_before: 0, rider: 'Ravi', call_url: null, distance_m: null });
  });

  itOnPostgres('positions racing the trip’s end leave none behind (PostgreSQL)', async () => {
    expect((await b.owner.put('/s/api/admin/dispatch/tracking', { share_position: true, call_number: null })).statusCode).toBe(200);
    const code = (await route[1]!.c.get(`/s/api/orders/${route[1]!.id}`)).json().delivery_code as string;
    const sends = Array.from({ length: 12 }, (_, i) => position(b.rider, { lat: 12.98 + i / 10_000, lng: 77.59 }, second));
    const [end] = await Promise.all([
      b.rider.post(`/s/api/rider/orders/${route[1]!.id}/deliver`, { code, cash: route[1]!.total }),
      ...sends,
    ]);
    expect(end.statusCode, end.body).toBe(200);
    for (const r of await Promise.all(sends)) expect([200, 404]).toContain(r.statusCode);
    expect(await b.t.db.select().from(riderPositions).where(eq(riderPositions.tripId, second))).toEqual([]);
  });
});
