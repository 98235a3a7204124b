import type { DispatchSlot, RiderTrip } from '@grocer/shared/delivery-trips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCodes, orders, stock, tripStops } from '../../db/schema';
import { tripsBench } from '../../test/trips-bench';

let b: Awaited<ReturnType<typeof tripsBench>>;
let placed: Array<Awaited<ReturnType<typeof b.packedOrder>>>;
let tripId: number;

const statusOf = async (id: string) => (await b.t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const dalStock = async () =>
  (
    await b.t.db
      .select()
      .from(stock)
      .where(and(eq(stock.packId, b.shop.packs.dal1.id), eq(stock.warehouseId, b.shop.warehouses.blr.id)))
  )[0]!.available;
const codeOf = async (i: number) => (await placed[i]!.c.get(`/s/api/orders/${placed[i]!.id}`)).json().delivery_code as string | null;
const deliver = (i: number, body: Record<string, unknown>) => b.rider.post(`/s/api/rider/orders/${placed[i]!.id}/deliver`, body);

beforeAll(async () => {
  b = await tripsBench();
  placed = [];
  for (let i = 0; i < 4; i++) placed.push(await b.packedOrder('560001', `${i + 1} Residency Road`));
  const v: DispatchSlot = await b.build();
  tripId = v.trips[0]!.id;
  expect((await b.owner.post(`/s/api/admin/dispatch/trips/${tripId}/rider`, { rider_id: b.rider.userId })).statusCode).toBe(200);
}, 120_000);
afterAll(() => b.t.close());

describe('the rider', () => {
  it('sees today’s trips of their own, and nobody else’s trip or order', async () => {
    const mine = (await b.rider.get('/s/api/rider/trips')).json();
    expect(mine.data).toEqual([expect.objectContaining({ id: tripId, status: 'planned', stops: 4, left: 4 })]);
    expect((await b.rider2.get('/s/api/rider/trips')).json().data).toEqual([]);
    expect((await b.rider2.get(`/s/api/rider/trips/${tripId}`)).statusCode).toBe(404);
    expect((await b.rider2.post(`/s/api/rider/trips/${tripId}/pick-up`, {})).statusCode).toBe(404);
    // the owner is not a rider: the rider app is not theirs
    expect((await b.owner.get('/s/api/rider/trips')).statusCode).toBe(403);
  });

  it('picks the trip up: it starts, and each stop has the call and maps links', async () => {
    const res = await b.rider.post(`/s/api/rider/trips/${tripId}/pick-up`, {});
    expect(res.statusCode, res.body).toBe(200);
    const trip: RiderTrip = res.json();
    expect(trip.status).toBe('out');
    const s = trip.stops_list[0]!;
    expect(s).toMatchObject({ picked_up: true, code_required: true, payment_method: 'cod', pincode: '560001' });
    expect(s.call_url).toMatch(/^tel:\+9190000\d{5}$/);
    expect(s.phone_masked).toMatch(/^90•+\d{3}$/);
    expect(s.maps_url).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(decodeURIComponent(s.maps_url!)).toContain('Residency Road');
    expect(decodeURIComponent(s.maps_url!)).toContain('560001');
    expect(s.geo_url).toMatch(/^geo:0,0\?q=/);
    expect(s.collect).toBe(placed[trip.stops_list.findIndex((x) => x.order_id === placed[0]!.id)]!.total);
    for (const p of placed) expect(await statusOf(p.id)).toBe('shipped');
    // another rider asking for an order of this trip: 404, nothing changed
    expect((await b.rider2.post(`/s/api/rider/orders/${placed[0]!.id}/deliver`, { cash: 0 })).statusCode).toBe(404);
  });

  it('needs the code: wrong ones counted, five lock it, the owner can stand in', async () => {
    expect((await deliver(0, { cash: placed[0]!.total })).json().code).toBe('DELIVERY_CODE_REQUIRED');
    const right = (await codeOf(0))!;
    const wrong = right === '0000' ? '1111' : '0000';
    const first = await deliver(0, { code: wrong, cash: placed[0]!.total });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'DELIVERY_CODE_WRONG', message: 'That is not the delivery code: 4 tries left' });
    for (let i = 0; i < 3; i++) expect((await deliver(0, { code: wrong })).json().code).toBe('DELIVERY_CODE_WRONG');
    const fifth = await deliver(0, { code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('DELIVERY_CODE_LOCKED');
    // locked: even the right code waits
    expect((await deliver(0, { code: right, cash: placed[0]!.total })).json().code).toBe('DELIVERY_CODE_LOCKED');
    expect(await statusOf(placed[0]!.id)).toBe('shipped');
    expect(
      (await b.owner.post(`/s/api/admin/dispatch/orders/${placed[0]!.id}/code-override`, { reason: 'Customer at the door, phone lost' }))
        .statusCode,
    ).toBe(200);
    const done = await deliver(0, { cash: placed[0]!.total });
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(placed[0]!.id)).toBe('delivered');
  });

  it('delivers with the code and the cash and UPI collected; the code is then gone from the order page', async () => {
    const code = (await codeOf(1))!;
    const half = Math.floor(placed[1]!.total / 2);
    const short = await deliver(1, { code, cash: half, upi: 0 });
    expect(short.json().code).toBe('CASH_MISMATCH');
    const res = await deliver(1, { code, cash: half, upi: placed[1]!.total - half });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stops_list.find((s: { order_id: string }) => s.order_id === placed[1]!.id)).toMatchObject({ outcome: 'delivered' });
    const [stop] = await b.t.db.select().from(tripStops).where(eq(tripStops.orderId, placed[1]!.id));
    expect(stop).toMatchObject({ outcome: 'delivered', cashPaise: half, upiPaise: placed[1]!.total - half });
    const page = (await placed[1]!.c.get(`/s/api/orders/${placed[1]!.id}`)).json();
    expect(page.status).toBe('delivered');
    expect(page.delivery_code).toBeUndefined();
    const [row] = await b.t.db.select().from(deliveryCodes).where(eq(deliveryCodes.orderId, placed[1]!.id));
    expect(row!.verifiedAt).not.toBeNull();
    // the table keeps an HMAC, never the digits
    expect(row!.codeHash).not.toContain(code);
    expect((await deliver(1, { code })).json().code).toBe('STOP_CLOSED');
  });

  it('fails a stop: a reattempt keeps the stock and comes back in a new trip; a return to store releases it', async () => {
    const before = await dalStock();
    const again = await b.rider.post(`/s/api/rider/orders/${placed[2]!.id}/fail`, { reason: 'not_at_home', next: 'reattempt' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusOf(placed[2]!.id)).toBe('packed');
    expect(await dalStock()).toBe(before);
    const back = await b.rider.post(`/s/api/rider/orders/${placed[3]!.id}/fail`, { reason: 'refused', next: 'return_to_store' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await statusOf(placed[3]!.id)).toBe('cancelled');
    expect(await dalStock()).toBe(before + 1);
    // every stop has its outcome: the trip is done, and the rider no longer sees addresses or phones
    const trip: RiderTrip = back.json();
    expect(trip.status).toBe('done');
    expect(trip.stops_list.every((s) => s.address === null && s.call_url === null && s.name === null)).toBe(true);
    expect(trip.stops_list.find((s) => s.order_id === placed[3]!.id)).toMatchObject({ outcome: 'failed', fail_reason: 'refused' });
    // the reattempt is packed again: the next build puts it in a new trip as attempt 2
    const v: DispatchSlot = await b.build();
    const stops = v.trips.flatMap((t) => t.stops.filter((s) => s.outcome === null));
    expect(stops).toEqual([expect.objectContaining({ order_id: placed[2]!.id, attempt: 2 })]);
  });
});
