import { expect } from 'vitest';
import { users, websiteMembers } from '../db/schema';
import { createTestApp } from './app';
import { TestClient } from './client';
import { staffClients } from './staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../domains/cart/test-fixture';

/**
 * Own delivery's test bench: the small cart shop (Bengaluru serves 560001 and 560034), an owner,
 * two riders, and shoppers who place cash-on-delivery orders in one slot that the owner confirms
 * and packs, through the real routes.
 */
export async function tripsBench(opts: { env?: Record<string, string> } = {}) {
  let shop!: CartShop;
  const t = await createTestApp({ env: opts.env, seed: async (db) => (shop = await seedCartShop(db)) });
  const staff = staffClients(t, shop.websiteId);
  const owner = await staff.as({ hasAdminAccess: true });
  const rider = await staff.as({ isRider: true });
  const rider2 = await staff.as({ isRider: true });
  let n = 0;
  const key = () => `trip-key-${++n}-${Math.random().toString(36).slice(2)}`;
  const slots = (await owner.get('/s/api/delivery/slots?pincode=560001')).json().data as Array<{ slot_id: number; date: string }>;
  const slot = slots[0]!;

  /** A new shopper who places a cash-on-delivery order in the slot; the owner confirms and packs it. */
  async function packedOrder(pincode = '560001', line2 = '12 MG Road') {
    const [u] = await t.db
      .insert(users)
      .values({ name: `Shopper ${++n}`, email: `trip-s${n}-${Date.now()}@example.com`, phone: null })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
    const c = new TestClient(t.app);
    await c.get(`/s/api/check/pincode/${pincode}`);
    await signInAs(t.db, c, u!.id);
    expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
    const addr = (
      await c.post('/s/api/addresses', {
        name: `Customer ${n}`,
        phone: `90000${String(n).padStart(5, '0')}`,
        pincode,
        line1: `Flat ${n}`,
        line2,
        city: 'Bengaluru',
        state: 'Karnataka',
        type: 'home',
      })
    ).json();
    const cart = (await c.get(`/s/api/cart?address_id=${addr.id}`)).json();
    const res = await c.post('/s/api/orders', {
      address_id: addr.id,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: key(),
      slot: { slot_id: slot.slot_id, date: slot.date },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().order as { id: string; ordernumber: string; total: number };
    // the order's answer is in rupees; the rider API in paise
    const order = { ...answer, total: Math.round(answer.total * 100) };
    expect((await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode).toBe(200);
    expect((await owner.post(`/s/api/admin/orders/${order.id}/pack`, {})).statusCode).toBe(200);
    return { ...order, c, userId: u!.id };
  }

  const build = async (maxStops = 12) => {
    const res = await owner.post('/s/api/admin/dispatch/build', { slot_id: slot.slot_id, date: slot.date, max_stops: maxStops });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  return { t, shop, staff, owner, rider, rider2, slot, packedOrder, build };
}
