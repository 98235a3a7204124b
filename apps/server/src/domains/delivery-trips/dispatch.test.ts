import type { DispatchSlot } from '@grocer/shared/delivery-trips';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, outbox, users } from '../../db/schema';
import { tripsBench } from '../../test/trips-bench';

let b: Awaited<ReturnType<typeof tripsBench>>;
let placed: Array<Awaited<ReturnType<typeof b.packedOrder>>>;

beforeAll(async () => {
  b = await tripsBench();
  placed = [
    await b.packedOrder('560001', '12 MG Road'),
    await b.packedOrder('560034', 'Koramangala'),
    await b.packedOrder('560001', 'Church Street'),
  ];
}, 120_000);
afterAll(() => b.t.close());

const view = async (): Promise<DispatchSlot> =>
  (await b.owner.get(`/s/api/admin/dispatch?slot_id=${b.slot.slot_id}&date=${b.slot.date}`)).json();
const statusOf = async (id: string) => (await b.t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

describe('dispatch', () => {
  it('lists the day’s slots with their packed orders', async () => {
    const res = await b.owner.get(`/s/api/admin/dispatch/slots?date=${b.slot.date}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((s: { id: number }) => s.id === b.slot.slot_id)).toMatchObject({ packed: 3, trips: 0 });
  });

  it('builds trips: every packed order of the slot in exactly one, by pincode, audited', async () => {
    expect((await view()).unassigned).toHaveLength(3);
    const v = await b.build(2);
    const ids = v.trips.flatMap((t: DispatchSlot['trips'][number]) => t.stops.map((s) => s.order_id));
    expect(ids.sort()).toEqual(placed.map((p) => p.id).sort());
    expect(v.unassigned).toEqual([]);
    expect(v.trips.map((t: DispatchSlot['trips'][number]) => t.stops.map((s) => s.pincode))).toEqual([['560001', '560001'], ['560034']]);
    // within a pincode, by area (the address's second line)
    expect(v.trips[0].stops.map((s: { area: string }) => s.area)).toEqual(['12 MG Road', 'Church Street']);
    const [audit] = await b.t.db.select().from(auditLog).where(eq(auditLog.entity, 'delivery_trips')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'build', websiteId: b.shop.websiteId });
    // building again replaces the planned trips, the orders still once each
    const again = await b.build(2);
    expect(again.trips.flatMap((t: DispatchSlot['trips'][number]) => t.stops)).toHaveLength(3);
  });

  it('assigns a rider (only a rider), and moves an order between trips', async () => {
    const v = await view();
    const [t1, t2] = v.trips;
    expect(v.riders.map((r) => r.id)).toEqual(expect.arrayContaining([b.rider.userId, b.rider2.userId]));
    const notRider = await b.owner.post(`/s/api/admin/dispatch/trips/${t1!.id}/rider`, { rider_id: b.owner.userId });
    expect(notRider.statusCode).toBe(422);
    expect(notRider.json().code).toBe('NOT_A_RIDER');
    const ok = await b.owner.post(`/s/api/admin/dispatch/trips/${t1!.id}/rider`, { rider_id: b.rider.userId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().trips[0].rider).toMatchObject({ id: b.rider.userId });
    const moving = t2!.stops[0]!.order_id;
    const moved = await b.owner.post('/s/api/admin/dispatch/move', { order_id: moving, to_trip_id: t1!.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const after: DispatchSlot = moved.json();
    expect(after.trips[0]!.stops.map((s) => s.order_id)).toContain(moving);
    expect(after.trips[0]!.stops.map((s) => s.sequence)).toEqual([1, 2, 3]);
    expect(after.trips[1]!.stops).toEqual([]);
  });

  it('refuses to start a trip without a rider, and starts one with: its orders out for delivery, each with a code', async () => {
    const v = await view();
    const [t1, t2] = v.trips;
    const empty = await b.owner.post(`/s/api/admin/dispatch/trips/${t2!.id}/start`, {});
    expect(empty.json().code).toBe('TRIP_NEEDS_RIDER');
    // a rider with no phone on their profile: the order still opens on Administration
    await b.t.db.update(users).set({ phone: null }).where(eq(users.id, b.rider.userId!));
    const res = await b.owner.post(`/s/api/admin/dispatch/trips/${t1!.id}/start`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trips[0]).toMatchObject({ status: 'out' });
    for (const p of placed) expect(await statusOf(p.id)).toBe('shipped');
    const page = (await placed[0]!.c.get(`/s/api/orders/${placed[0]!.id}`)).json();
    expect(page.delivery_code).toMatch(/^\d{4}$/);
    expect(page.timeline.at(-1).note).toContain('Out for delivery with Staff');
    const admin = await b.owner.get(`/s/api/admin/orders/${placed[0]!.id}`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().delivery).toMatchObject({ person: expect.stringContaining('Staff'), phone: '' });
    const [msg] = await b.t.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.websiteId, b.shop.websiteId), like(outbox.body, `%${placed[0]!.ordernumber}%Delivery code: ${page.delivery_code}%`)),
      );
    expect(msg).toMatchObject({ channel: 'email', sensitive: true });
    // out: no more changes to it
    const late = await b.owner.post(`/s/api/admin/dispatch/trips/${t1!.id}/rider`, { rider_id: b.rider2.userId });
    expect(late.json().code).toBe('TRIP_NOT_PLANNED');
  });

  it('prints the trip sheet', async () => {
    const [t1] = (await view()).trips;
    const res = await b.owner.get(`/s/api/admin/dispatch/trips/${t1!.id}/sheet`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const p of placed) expect(res.body).toContain(p.ordernumber);
    expect(res.body).toContain('Cash to collect');
  });

  it('keeps the calls to who may make them', async () => {
    const packer = await b.staff.as({ isPacker: true });
    const manager = await b.staff.as({ isDeliveryManager: true });
    expect((await b.rider.get(`/s/api/admin/dispatch/slots?date=${b.slot.date}`)).statusCode).toBe(403);
    expect((await packer.get(`/s/api/admin/dispatch/slots?date=${b.slot.date}`)).statusCode).toBe(200);
    expect((await packer.post('/s/api/admin/dispatch/build', { slot_id: b.slot.slot_id, date: b.slot.date })).statusCode).toBe(403);
    expect((await manager.put('/s/api/admin/dispatch/settings', { code_mode: 'cod' })).statusCode).toBe(200);
    expect((await b.owner.get('/s/api/admin/dispatch/settings')).json()).toEqual({ code_mode: 'cod' });
    // overriding the shopper's code is the order manager's (the owner's), not the dispatcher's
    const override = { reason: 'Customer lost the message, known to us' };
    expect((await manager.post(`/s/api/admin/dispatch/orders/${placed[0]!.id}/code-override`, override)).statusCode).toBe(403);
    expect((await b.owner.post(`/s/api/admin/dispatch/orders/${placed[0]!.id}/code-override`, override)).statusCode).toBe(200);
    const [audit] = await b.t.db.select().from(auditLog).where(eq(auditLog.action, 'delivery_code_override'));
    expect(audit).toMatchObject({ entityId: placed[0]!.id });
    expect((await placed[0]!.c.get(`/s/api/orders/${placed[0]!.id}`)).json().delivery_code).toBeNull();
    expect((await b.owner.get('/s/api/admin/dispatch/trips/999999/sheet')).statusCode).toBe(404);
  });
});
