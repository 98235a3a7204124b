import { afterAll, describe, expect, it } from 'vitest';
import { staffClients } from '../../test/staff-clients';
import { setStock } from '../cart/test-fixture';
import { checkoutBench } from '../orders/test-fixture';

const { t, shop, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());

describe('a coupon made in Administration, through checkout', () => {
  it('is taken by an order (uses and discount given count it), then its total limit refuses the next shopper', async () => {
    await setStock(t.db, shop.websiteId, shop.packs.dal1.id, shop.warehouses.blr.id, 100);
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const created = await owner.post('/s/api/admin/coupons', {
      code: 'ONEONLY',
      description: '',
      kind: 'percent',
      value: 1500,
      maxDiscount: 5000,
      minOrder: 30_000,
      startsAt: null,
      endsAt: null,
      usageLimit: 1,
      perCustomerLimit: 1,
      firstOrderOnly: false,
      active: true,
    });
    expect(created.statusCode).toBe(201);
    // 2 × ₹180 = ₹360: 15% is ₹54, capped at ₹50.
    const a = await shopper([[shop.packs.dal1.id, 2]]);
    expect((await a.c.post('/s/api/apply/coupon', { code: 'oneonly' })).json()).toMatchObject({ offercode: 'ONEONLY', discount: 50 });
    const cart = (await a.c.get(`/s/api/cart?address_id=${a.addressId}`)).json();
    const res = await place(a.c, { address_id: a.addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await owner.get(`/s/api/admin/coupons/${created.json().id}`)).json()).toMatchObject({ uses: 1, discountGiven: 5000 });
    const b = await shopper([[shop.packs.dal1.id, 2]]);
    const refused = await b.c.post('/s/api/apply/coupon', { code: 'ONEONLY' });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'This coupon has been fully used']);
  });
});
