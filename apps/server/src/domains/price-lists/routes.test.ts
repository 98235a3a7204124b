import { cartSchema } from '@grocer/shared/cart';
import type { CustomerGroup } from '@grocer/shared/price-lists';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerGroupMembers, orderLines, priceListEntries, users } from '../../db/schema';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// Customer groups and their price lists: a member sees and pays the group's price in the cart
// and at checkout; nobody else ever does.
const { t, shop, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());

let owner: TestClient;
let staff: ReturnType<typeof staffClients>;
let group: CustomerGroup;
let member: Awaited<ReturnType<typeof shopper>>;
beforeAll(async () => {
  staff = staffClients(t, shop.websiteId);
  owner = await staff.as({ hasAdminAccess: true });
  const res = await owner.post('/s/api/admin/customer-groups', { name: 'Wholesale' });
  expect(res.statusCode, res.body).toBe(201);
  group = res.json();
  member = await shopper([[shop.packs.dal1.id, 2]]);
  await t.db.update(users).set({ phone: '9811100001' }).where(eq(users.id, member.user.id));
});

describe('customer groups and price lists', () => {
  it('a member pays the group price from its minimum quantity; everyone else the list price', async () => {
    const added = await owner.post(`/s/api/admin/customer-groups/${group.id}/members`, { customer: '+91 98111 00001' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members.map((m: { id: number }) => m.id)).toEqual([member.user.id]);
    const saved = await owner.put(`/s/api/admin/customer-groups/${group.id}/prices`, {
      entries: [{ packId: shop.packs.dal1.id, pricePaise: 15_000, minQuantity: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().prices).toEqual([
      { packId: shop.packs.dal1.id, pricePaise: 15_000, minQuantity: 2, label: 'Toor Dal - 1 kg', listPricePaise: 18_000 },
    ]);

    const mine = cartSchema.parse((await member.c.get(`/s/api/cart?address_id=${member.addressId}`)).json());
    expect(mine.items[0]).toMatchObject({ quantity: 2, price: 150, amount: 300 });
    expect(mine.total).toBe(300);
    // below the minimum: the list price
    expect((await member.c.post('/s/api/cart/remove', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
    const one = cartSchema.parse((await member.c.get('/s/api/cart')).json());
    expect(one.items[0]).toMatchObject({ quantity: 1, price: 180 });
    expect((await member.c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);

    // another shopper and a guest with the same cart: list prices
    const other = await shopper([[shop.packs.dal1.id, 2]]);
    expect(cartSchema.parse(other.cart).items[0]).toMatchObject({ price: 180, amount: 360 });
    const guest = new TestClient(t.app);
    await guest.get('/s/api/check/pincode/560001');
    await guest.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id });
    const g = cartSchema.parse((await guest.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).json());
    expect(g.items[0]).toMatchObject({ price: 180 });

    // the member's order is at the group price, and its total is the cart's
    const cart = cartSchema.parse((await member.c.get(`/s/api/cart?address_id=${member.addressId}`)).json());
    const res = await place(member.c, {
      address_id: member.addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().order;
    expect(o).toMatchObject({ items_total: 300, total: cart.amount });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
    expect(line).toMatchObject({ price: 15_000, amount: 30_000 });
  });

  it('refuses an unknown customer, another shop’s pack or a bad price, changing nothing; audits what it changes', async () => {
    const unknown = await owner.post(`/s/api/admin/customer-groups/${group.id}/members`, { customer: 'nobody@example.com' });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([
      422,
      { customer: ['No customer of this shop has that mobile number or email'] },
    ]);
    const before = await t.db.select().from(priceListEntries);
    const bad = await owner.put(`/s/api/admin/customer-groups/${group.id}/prices`, { entries: [{ packId: 999_999, pricePaise: 100 }] });
    expect(bad.statusCode).toBe(422);
    const zero = await owner.put(`/s/api/admin/customer-groups/${group.id}/prices`, {
      entries: [{ packId: shop.packs.dal1.id, pricePaise: 0 }],
    });
    expect(zero.statusCode).toBe(422);
    expect(await t.db.select().from(priceListEntries)).toEqual(before);
    const dup = await owner.post('/s/api/admin/customer-groups', { name: 'wholesale' });
    expect([dup.statusCode, dup.json().errors]).toEqual([422, { name: ['There is already a group called wholesale'] }]);
    const audits = await t.db.select({ entity: auditLog.entity }).from(auditLog).where(eq(auditLog.websiteId, shop.websiteId));
    expect(audits.map((a) => a.entity).sort()).toEqual(['customer_group', 'customer_group_member', 'price_list']);
  });

  it('is the customers screen: a shopper or a coupons-only person is refused', async () => {
    expect((await (await staff.as({})).get('/s/api/admin/customer-groups')).statusCode).toBe(403);
    const list = await owner.get('/s/api/admin/customer-groups');
    expect(list.json().data).toEqual([{ id: group.id, name: 'Wholesale', members: 1, prices: 1 }]);
  });

  it('at the counter: the lookup gives the member’s price list, and the sale is priced with it', async () => {
    const till = 'Till 9';
    expect((await owner.post('/s/api/pos/shift/open', { till, warehouse_id: shop.warehouses.blr.id, float: 0 })).statusCode).toBe(200);
    const found = await owner.get('/s/api/pos/customers?mobile=9811100001');
    expect(found.json()).toMatchObject({
      found: true,
      group: 'Wholesale',
      prices: [{ pack_id: shop.packs.dal1.id, price: 150, min_quantity: 2 }],
    });
    expect((await owner.get('/s/api/pos/customers?mobile=9811100009')).json()).toMatchObject({ found: false, group: null, prices: [] });
    const sale = (customer: string | null, total: number) =>
      owner.post('/s/api/pos/sales', {
        idempotency_key: key(),
        till,
        lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }],
        expected_total: total,
        payment: { cash: total, cash_tendered: total },
        ...(customer ? { customer: { mobile: customer } } : {}),
      });
    const member = await sale('9811100001', 300);
    expect(member.statusCode, member.body).toBe(200);
    // a walk-in pays the list price: the member's total is refused for them
    expect((await sale(null, 300)).statusCode).toBe(409);
    expect((await sale(null, 360)).statusCode).toBe(200);
  });

  it('a member removed pays list prices again; deleting the group removes its list', async () => {
    expect((await owner.delete(`/s/api/admin/customer-groups/${group.id}/members/${member.user.id}`)).statusCode).toBe(200);
    await member.c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id });
    const again = cartSchema.parse((await member.c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).json());
    expect(again.items[0]).toMatchObject({ price: 180 });
    expect((await owner.delete(`/s/api/admin/customer-groups/${group.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(priceListEntries).where(eq(priceListEntries.groupId, group.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(customerGroupMembers)
        .where(and(eq(customerGroupMembers.websiteId, shop.websiteId), eq(customerGroupMembers.groupId, group.id))),
    ).toEqual([]);
  });
});
