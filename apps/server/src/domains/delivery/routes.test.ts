import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySlots, sessions, slotBookings } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, sessionIdOf, type CartShop } from '../cart/test-fixture';
import { nextSlots, resolvePincode, shopDate, takeSlot } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

describe('GET /s/api/check/pincode/:pincode', () => {
  it('stores a delivered-to pincode on the session and answers what the zone offers', async () => {
    const c = new TestClient(t.app);
    const res = await c.get('/s/api/check/pincode/560001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pincode: '560001',
      serviceable: true,
      zone: 'Bengaluru',
      delivery_charge: 30,
      free_above: 499,
      cod: true,
    });
    expect(res.json().del_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(c)));
    expect(row!.pincode).toBe('560001');
    const init = await c.get('/s/api/cart');
    expect(init.json().pincode).toBe('560001');
  });

  it("refuses a malformed pincode with 'Please enter a valid pincode' and keeps the old one", async () => {
    const c = new TestClient(t.app);
    await c.get('/s/api/check/pincode/560034');
    for (const bad of ['12345', 'abcdef', '0123456', '012345']) {
      const res = await c.get(`/s/api/check/pincode/${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: 'Please enter a valid pincode', code: 'PINCODE_INVALID' });
    }
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(c)));
    expect(row!.pincode).toBe('560034');
  });

  it('says plainly when nobody delivers to the pincode, and stores nothing', async () => {
    const c = new TestClient(t.app);
    const res = await c.get('/s/api/check/pincode/999999');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Sorry, we do not deliver to 999999 yet.', code: 'PINCODE_NOT_SERVICEABLE' });
    expect(c.cookies.has('sid')).toBe(false);
  });

  it('reports COD per zone: Mumbai has none, Delhi has it', async () => {
    const mum = await new TestClient(t.app).get('/s/api/check/pincode/400001');
    expect(mum.json()).toMatchObject({ zone: 'Mumbai', cod: false });
    const del = await new TestClient(t.app).get('/s/api/check/pincode/110001');
    expect(del.json()).toMatchObject({ zone: 'Delhi', cod: true });
  });
});

describe('zones and slots', () => {
  it('resolves pincodes per website only', async () => {
    expect((await resolvePincode(t.db, shop.websiteId, '560034'))?.name).toBe('Bengaluru');
    expect(await resolvePincode(t.db, shop.websiteId, '999999')).toBeNull();
    expect(await resolvePincode(t.db, shop.websiteId + 999, '560034')).toBeNull();
  });

  it('offers slots from the lead day on, earliest first, and stops offering a full one', async () => {
    const zone = (await resolvePincode(t.db, shop.websiteId, '110001'))!;
    const now = new Date('2030-01-10T12:00:00+05:30');
    const slots = await nextSlots(t.db, shop.websiteId, zone.id, now, 2);
    expect(slots.map((s) => `${s.date} ${s.startTime}-${s.endTime}`)).toEqual([
      '2030-01-11 07:00-10:00',
      '2030-01-11 10:00-13:00',
      '2030-01-11 17:00-20:00',
      '2030-01-12 07:00-10:00',
      '2030-01-12 10:00-13:00',
      '2030-01-12 17:00-20:00',
    ]);
    const first = slots[0]!;
    const [slot] = await t.db.select().from(deliverySlots).where(eq(deliverySlots.id, first.slotId));
    for (let i = 0; i < slot!.capacity; i++) expect(await takeSlot(t.db, shop.websiteId, first.slotId, first.date)).toBe(true);
    expect(await takeSlot(t.db, shop.websiteId, first.slotId, first.date)).toBe(false);
    const [booking] = await t.db.select().from(slotBookings).where(eq(slotBookings.slotId, first.slotId));
    expect(booking!.used).toBe(slot!.capacity);
    const after = await nextSlots(t.db, shop.websiteId, zone.id, now, 2);
    expect(after[0]).toMatchObject({ date: '2030-01-11', startTime: '10:00' });
  });

  it("answers the delivery promise in the store data: the earliest open slot for the shopper's pincode, none where nobody delivers", async () => {
    const c = new TestClient(t.app);
    expect((await c.get('/s/api/check/pincode/560034')).statusCode).toBe(200);
    const zone = (await resolvePincode(t.db, shop.websiteId, '560034'))!;
    const [first] = await nextSlots(t.db, shop.websiteId, zone.id, new Date());
    expect(first).toBeDefined();
    expect((await c.get('/s/api/init')).json().earliest_slot).toEqual({
      date: first!.date,
      start_time: first!.startTime,
      end_time: first!.endTime,
    });
    // a signed-out visitor without a pincode is promised the default zone's earliest slot
    expect((await new TestClient(t.app).get('/s/api/init')).json().earliest_slot).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // a pincode nobody delivers to is never stored, so the promise stays the one of the pincode before
    await c.get('/s/api/check/pincode/999999');
    expect((await c.get('/s/api/init')).json().earliest_slot).toEqual({
      date: first!.date,
      start_time: first!.startTime,
      end_time: first!.endTime,
    });
  });

  it('uses the shop clock (IST) for dates', () => {
    expect(shopDate(new Date('2030-01-10T20:00:00Z'))).toBe('2030-01-11');
  });
});
