import type { AdminDelivery, AdminSlotInput, AdminZone, AdminZoneInput } from '@grocer/shared/admin-delivery';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryClosures, deliverySlots, deliveryZones, warehouses, websites, zonePincodes } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { nextSlots, shopDate, slotOpen, takeSlot, weekdayOf } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;
let staff: ReturnType<typeof staffClients>;
let other: { zoneId: number; slotId: number };

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  staff = staffClients(t, shop.websiteId);
  owner = await staff.as({ hasAdminAccess: true });
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  const [wh] = await t.db
    .insert(warehouses)
    .values({ websiteId: site!.id, name: 'Pune', code: 'PUN', city: 'Pune', state: 'Maharashtra' })
    .returning();
  const [zone] = await t.db.insert(deliveryZones).values({ websiteId: site!.id, name: 'Pune', warehouseId: wh!.id }).returning();
  await t.db.insert(zonePincodes).values({ websiteId: site!.id, zoneId: zone!.id, pincode: '411001' });
  const [slot] = await t.db
    .insert(deliverySlots)
    .values({ websiteId: site!.id, zoneId: zone!.id, startTime: '09:00', endTime: '12:00', capacity: 5 })
    .returning();
  other = { zoneId: zone!.id, slotId: slot!.id };
}, 120_000);
afterAll(() => t.close());

const delivery = async (): Promise<AdminDelivery> => (await owner.get('/s/api/admin/delivery')).json();
const zoneNamed = async (name: string): Promise<AdminZone> => (await delivery()).zones.find((z) => z.name === name)!;
const zoneInput = (z: AdminZone, change: Partial<AdminZoneInput> = {}): AdminZoneInput => ({
  name: z.name,
  warehouseId: z.warehouseId,
  deliveryCharge: z.deliveryCharge,
  freeAbove: z.freeAbove,
  codAllowed: z.codAllowed,
  codMax: z.codMax,
  leadDays: z.leadDays,
  ...change,
});
const slotInput = (change: Partial<AdminSlotInput> = {}): AdminSlotInput => ({
  startTime: '20:00',
  endTime: '22:00',
  capacity: 10,
  weekdays: 127,
  cutoffMinutes: 60,
  ...change,
});
const snapshot = async () => ({
  zones: await t.db.select().from(deliveryZones).where(eq(deliveryZones.websiteId, shop.websiteId)),
  pins: (await t.db.select().from(zonePincodes).where(eq(zonePincodes.websiteId, shop.websiteId))).map((p) => p.pincode).sort(),
  slots: await t.db.select().from(deliverySlots).where(eq(deliverySlots.websiteId, shop.websiteId)),
  closures: await t.db.select().from(deliveryClosures).where(eq(deliveryClosures.websiteId, shop.websiteId)),
});

describe('roles on the delivery staff calls', () => {
  it('401 signed out, 403 for a shopper or agent, 2xx for admin and superadmin; a refused write changes nothing', async () => {
    const who = await staff.everyone();
    const blr = await zoneNamed('Bengaluru');
    const slotId = blr.slots[0]!.id;
    const before = await snapshot();
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      const ok = ROLE_STATUS[name];
      expect([name, (await c.get('/s/api/admin/delivery')).statusCode]).toEqual([name, ok]);
      expect([name, (await c.get(`/s/api/admin/delivery/slots/${slotId}/bookings`)).statusCode]).toEqual([name, ok]);
      if (ok === 200) continue;
      const writes = [
        await c.post('/s/api/admin/delivery/zones', zoneInput(blr, { name: 'Hack' })),
        await c.put(`/s/api/admin/delivery/zones/${blr.id}`, zoneInput(blr, { deliveryCharge: 1 })),
        await c.post(`/s/api/admin/delivery/zones/${blr.id}/pincodes`, { pincodes: '560099' }),
        await c.request({ method: 'DELETE', url: `/s/api/admin/delivery/zones/${blr.id}/pincodes/560034` }),
        await c.post(`/s/api/admin/delivery/zones/${blr.id}/slots`, slotInput()),
        await c.put(`/s/api/admin/delivery/slots/${slotId}`, slotInput({ capacity: 999 })),
        await c.post('/s/api/admin/delivery/closures', { zoneId: null, date: '2030-01-01', reason: 'Hack' }),
      ];
      expect([name, ...writes.map((r) => r.statusCode)]).toEqual([name, ...writes.map(() => ok)]);
    }
    expect(await snapshot()).toEqual(before);
    expect((await who.superadmin.put(`/s/api/admin/delivery/zones/${blr.id}`, zoneInput(blr))).statusCode).toBe(200);
  });
});

describe('zones and pincodes', () => {
  it('lists zones with warehouse, money in paise, COD ceiling, pincodes and slot templates; never another website’s', async () => {
    const d = await delivery();
    expect(d.zones.map((z) => z.name)).toEqual(['Bengaluru', 'Mumbai', 'Delhi']);
    expect(d.zones[0]).toMatchObject({
      warehouse: 'Bengaluru Central',
      deliveryCharge: 3000,
      freeAbove: 49_900,
      codAllowed: true,
      codMax: 500_000,
      leadDays: 1,
      pincodes: ['560001', '560034'],
    });
    expect(d.zones[0]!.slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(['07:00-10:00', '10:00-13:00', '17:00-20:00']);
    expect(d.warehouses.map((w) => w.name)).toEqual(['Bengaluru Central', 'Mumbai Fort', 'Delhi CP']);
  });

  it('a pasted list adds to a zone at once: the storefront’s pincode call answers serviceable (even after a cached refusal)', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/s/api/check/pincode/560095')).json()).toMatchObject({ code: 'PINCODE_NOT_SERVICEABLE' });
    const blr = await zoneNamed('Bengaluru');
    const res = await owner.post(`/s/api/admin/delivery/zones/${blr.id}/pincodes`, { pincodes: '560095\n560096, 560001 560095' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().added).toEqual(['560095', '560096']);
    expect(res.json().zone.pincodes).toEqual(['560001', '560034', '560095', '560096']);
    const check = await visitor.get('/s/api/check/pincode/560095');
    expect([check.statusCode, check.json().zone, check.json().cod]).toEqual([200, 'Bengaluru', true]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delivery_zone'), eq(auditLog.action, 'add_pincodes')));
    expect(audit.at(-1)!.after).toEqual(['560095', '560096']);
    // Removing one stops delivery there at once.
    const removed = await owner.request({ method: 'DELETE', url: `/s/api/admin/delivery/zones/${blr.id}/pincodes/560096` });
    expect(removed.json().pincodes).toEqual(['560001', '560034', '560095']);
    expect((await visitor.get('/s/api/check/pincode/560096')).statusCode).toBe(422);
  });

  it('names invalid pincodes and ones another zone serves (422/409), adding none of the list', async () => {
    const blr = await zoneNamed('Bengaluru');
    const before = await snapshot();
    const bad = await owner.post(`/s/api/admin/delivery/zones/${blr.id}/pincodes`, { pincodes: '560097, 56009, 060001, 5600x1' });
    expect([bad.statusCode, bad.json().code]).toEqual([422, 'PINCODES_INVALID']);
    expect(bad.json().message).toBe(
      'These are not valid pincodes (6 digits, not starting with 0): 56009, 060001, 5600x1. Nothing was added.',
    );
    const taken = await owner.post(`/s/api/admin/delivery/zones/${blr.id}/pincodes`, { pincodes: '560097 400001' });
    expect([taken.statusCode, taken.json().code, taken.json().message]).toEqual([
      409,
      'PINCODES_TAKEN',
      'Already served by another zone: 400001. Remove them there first. Nothing was added.',
    ]);
    const empty = await owner.post(`/s/api/admin/delivery/zones/${blr.id}/pincodes`, { pincodes: ' \n ' });
    expect(empty.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('creates a zone and edits charge, free-delivery threshold and COD with its ceiling; bad input 422 with nothing changed', async () => {
    const created = await owner.post('/s/api/admin/delivery/zones', {
      name: 'Mysuru',
      warehouseId: shop.warehouses.blr.id,
      deliveryCharge: 4000,
      freeAbove: null,
      codAllowed: true,
      codMax: 200_000,
      leadDays: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const zone = created.json() as AdminZone;
    expect(zone).toMatchObject({ name: 'Mysuru', warehouse: 'Bengaluru Central', pincodes: [], slots: [], codMax: 200_000 });
    await owner.post(`/s/api/admin/delivery/zones/${zone.id}/pincodes`, { pincodes: '570001' });
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/s/api/check/pincode/570001')).json()).toMatchObject({ delivery_charge: 40, free_above: null, cod: true });
    const edited = await owner.put(
      `/s/api/admin/delivery/zones/${zone.id}`,
      zoneInput(zone, { freeAbove: 60_000, codAllowed: false, codMax: 100 }),
    );
    expect(edited.json()).toMatchObject({ freeAbove: 60_000, codAllowed: false, codMax: null });
    expect((await visitor.get('/s/api/check/pincode/570001')).json()).toMatchObject({ free_above: 600, cod: false });
    const before = await snapshot();
    const bad: Array<[Partial<AdminZoneInput>, string]> = [
      [{ name: '' }, 'name'],
      [{ deliveryCharge: -1 }, 'deliveryCharge'],
      [{ deliveryCharge: 10.5 }, 'deliveryCharge'],
      [{ leadDays: 31 }, 'leadDays'],
      [{ codAllowed: true, codMax: 0 }, 'codMax'],
      [{ warehouseId: 999_999 }, 'warehouseId'],
    ];
    for (const [change, field] of bad) {
      const res = await owner.put(`/s/api/admin/delivery/zones/${zone.id}`, zoneInput(zone, change));
      expect([JSON.stringify(change), res.statusCode]).toEqual([JSON.stringify(change), 422]);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another website's zone and slot are 404 and stay as they were", async () => {
    const blr = await zoneNamed('Bengaluru');
    expect((await owner.put(`/s/api/admin/delivery/zones/${other.zoneId}`, zoneInput(blr))).statusCode).toBe(404);
    expect((await owner.post(`/s/api/admin/delivery/zones/${other.zoneId}/pincodes`, { pincodes: '411002' })).statusCode).toBe(404);
    expect((await owner.request({ method: 'DELETE', url: `/s/api/admin/delivery/zones/${other.zoneId}/pincodes/411001` })).statusCode).toBe(
      404,
    );
    expect((await owner.post(`/s/api/admin/delivery/zones/${other.zoneId}/slots`, slotInput())).statusCode).toBe(404);
    expect((await owner.put(`/s/api/admin/delivery/slots/${other.slotId}`, slotInput())).statusCode).toBe(404);
    expect((await owner.get(`/s/api/admin/delivery/slots/${other.slotId}/bookings`)).statusCode).toBe(404);
    // A zone may not ship from another website's warehouse either.
    const [theirWh] = await t.db.select().from(deliveryZones).where(eq(deliveryZones.id, other.zoneId));
    expect(
      (await owner.put(`/s/api/admin/delivery/zones/${blr.id}`, zoneInput(blr, { warehouseId: theirWh!.warehouseId }))).statusCode,
    ).toBe(422);
    const pins = await t.db.select().from(zonePincodes).where(eq(zonePincodes.zoneId, other.zoneId));
    expect(pins.map((p) => p.pincode)).toEqual(['411001']);
    const [slot] = await t.db.select().from(deliverySlots).where(eq(deliverySlots.id, other.slotId));
    expect(slot).toMatchObject({ capacity: 5, startTime: '09:00' });
  });
});

describe('slot templates', () => {
  it('a template on chosen weekdays with a cut-off: offered only on those days and until the cut-off', () => {
    const slot = { startTime: '18:00', weekdays: 0b0000010 /* Monday */, cutoffMinutes: 120 };
    expect(weekdayOf('2026-11-23')).toBe(1);
    // Monday 23 Nov 2026, shop time 15:59 (10:29 UTC): open; 16:00 is the cut-off.
    expect(slotOpen(slot, '2026-11-23', new Date('2026-11-23T10:29:00Z'))).toBe(true);
    expect(slotOpen(slot, '2026-11-23', new Date('2026-11-23T10:30:00Z'))).toBe(false);
    expect(slotOpen(slot, '2026-11-24', new Date('2026-11-23T10:00:00Z'))).toBe(false);
    expect(slotOpen({ ...slot, weekdays: 127, cutoffMinutes: 0 }, '2026-11-23', new Date('2026-11-23T12:29:00Z'))).toBe(true);
    expect(slotOpen({ ...slot, weekdays: 127, cutoffMinutes: 0 }, '2026-11-23', new Date('2026-11-23T12:30:00Z'))).toBe(false);
  });

  it('creates a template; checkout’s slot list offers it on its days; bad input 422', async () => {
    const mum = await zoneNamed('Mumbai');
    const weekend = 0b1000001;
    const res = await owner.post(
      `/s/api/admin/delivery/zones/${mum.id}/slots`,
      slotInput({ startTime: '21:00', endTime: '23:00', weekdays: weekend, capacity: 3 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const slot = res.json();
    const offers = (await new TestClient(t.app).get('/s/api/delivery/slots?pincode=400001')).json().data as Array<{
      slot_id: number;
      date: string;
    }>;
    const mine = offers.filter((o) => o.slot_id === slot.id);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.every((o) => [0, 6].includes(weekdayOf(o.date)))).toBe(true);
    const before = await snapshot();
    for (const [change, field] of [
      [{ startTime: '25:00' }, 'startTime'],
      [{ startTime: '10:00', endTime: '09:00' }, 'endTime'],
      [{ capacity: 0 }, 'capacity'],
      [{ weekdays: 0 }, 'weekdays'],
      [{ weekdays: 128 }, 'weekdays'],
      [{ cutoffMinutes: -5 }, 'cutoffMinutes'],
    ] as Array<[Partial<AdminSlotInput>, string]>) {
      const bad = await owner.post(`/s/api/admin/delivery/zones/${mum.id}/slots`, slotInput(change));
      expect([JSON.stringify(change), bad.statusCode, Object.keys(bad.json().errors ?? {})]).toEqual([
        JSON.stringify(change),
        422,
        [field],
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("shows a slot's bookings per date; a full slot's capacity raised takes bookings again at once", async () => {
    const del = await zoneNamed('Delhi');
    const slot = del.slots[2]!;
    const [first] = await nextSlots(t.db, shop.websiteId, del.id, new Date(), 7);
    const date = (await nextSlots(t.db, shop.websiteId, del.id, new Date(), 7)).find((o) => o.slotId === slot.id)!.date;
    expect(first).toBeDefined();
    await t.db.update(deliverySlots).set({ capacity: 2 }).where(eq(deliverySlots.id, slot.id));
    expect(await takeSlot(t.db, shop.websiteId, slot.id, date)).toBe(true);
    expect(await takeSlot(t.db, shop.websiteId, slot.id, date)).toBe(true);
    expect(await takeSlot(t.db, shop.websiteId, slot.id, date)).toBe(false);
    const bookings = (await owner.get(`/s/api/admin/delivery/slots/${slot.id}/bookings`)).json();
    expect(bookings.data.find((b: { date: string }) => b.date === date)).toEqual({ date, used: 2, capacity: 2 });
    expect(bookings.data[0].date >= shopDate(new Date())).toBe(true);
    const raised = await owner.put(`/s/api/admin/delivery/slots/${slot.id}`, { ...slot, capacity: 3, id: undefined, zoneId: undefined });
    expect([raised.statusCode, raised.json().capacity]).toEqual([200, 3]);
    expect(await takeSlot(t.db, shop.websiteId, slot.id, date)).toBe(true);
    const after = (await owner.get(`/s/api/admin/delivery/slots/${slot.id}/bookings`)).json();
    expect(after.data.find((b: { date: string }) => b.date === date)).toEqual({ date, used: 3, capacity: 3 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delivery_slot'), eq(auditLog.entityId, String(slot.id))));
    expect(audit.map((a) => a.action)).toEqual(['update']);
  });

  it('a closure (holiday) takes that date out of the offers, for one zone or all; removed, the date is back', async () => {
    const del = await zoneNamed('Delhi');
    const offered = async (pincode: string) =>
      ((await new TestClient(t.app).get(`/s/api/delivery/slots?pincode=${pincode}`)).json().data as Array<{ date: string }>).map(
        (o) => o.date,
      );
    const day = (await offered('110001'))[0]!;
    const one = await owner.post('/s/api/admin/delivery/closures', { zoneId: del.id, date: day, reason: 'Holi' });
    expect(one.statusCode, one.body).toBe(201);
    expect(await offered('110001')).not.toContain(day);
    expect(await offered('560001')).toContain(day);
    const all = await owner.post('/s/api/admin/delivery/closures', { zoneId: null, date: day, reason: 'Diwali' });
    expect(await offered('560001')).not.toContain(day);
    expect((await delivery()).closures.map((c) => [c.zoneId, c.reason])).toEqual([
      [del.id, 'Holi'],
      [null, 'Diwali'],
    ]);
    expect((await owner.request({ method: 'DELETE', url: `/s/api/admin/delivery/closures/${all.json().id}` })).statusCode).toBe(200);
    expect(await offered('560001')).toContain(day);
    for (const body of [
      { zoneId: null, date: '2020-01-01', reason: '' },
      { zoneId: null, date: '31/12/2026', reason: '' },
      { zoneId: other.zoneId, date: day, reason: '' },
    ]) {
      const res = await owner.post('/s/api/admin/delivery/closures', body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 422]);
    }
    expect((await delivery()).closures).toHaveLength(1);
  });
});
