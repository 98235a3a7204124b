import { randomUUID } from 'node:crypto';
import { indiaToday } from '@grocer/shared/delivery-promise';
import { toPaise } from '@grocer/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, users, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// The dashboard and reports over real orders placed through checkout and moved by the owner.
const { t, shop, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());
const { as, everyone } = staffClients(t, shop.websiteId);

let owner: TestClient;
const today = indiaToday();
const range = `from=${today}&to=${today}`;

async function codOrder(items: Array<[number, number]>) {
  const s = await shopper(items);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string; ordernumber: string; total: number };
}

let placed: { id: string; total: number };
let delivered: { id: string; total: number };
let cancelled: { id: string; total: number };
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
  placed = await codOrder([[shop.packs.dal1.id, 2]]);
  delivered = await codOrder([
    [shop.packs.rice5.id, 1],
    [shop.packs.dal1.id, 1],
  ]);
  for (const step of ['confirm', 'pack'])
    expect((await owner.post(`/s/api/admin/orders/${delivered.id}/${step}`, {})).statusCode).toBe(200);
  const delivery = { person: 'Ravi', phone: '9876543210', vehicle: '', tracking: '' };
  expect((await owner.post(`/s/api/admin/orders/${delivered.id}/ship`, { delivery })).statusCode).toBe(200);
  expect((await owner.post(`/s/api/admin/orders/${delivered.id}/deliver`, { cash_collected: delivered.total })).statusCode).toBe(200);
  cancelled = await codOrder([[shop.packs.dal1.id, 3]]);
  expect((await owner.post(`/s/api/admin/orders/${cancelled.id}/cancel`, { reason: 'Shopper asked' })).statusCode).toBe(200);

  // another website's sale, today, with lines: never counted here
  const [other] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  const [u] = await t.db.insert(users).values({ name: 'Elsewhere', email: 'elsewhere@example.com' }).returning();
  const id = randomUUID();
  await t.db.insert(orders).values({
    id,
    websiteId: other!.id,
    ordernumber: 'X1',
    userId: u!.id,
    status: 'delivered',
    paymentMethod: 'cod',
    idempotencyKey: id,
    address: {
      name: 'E',
      phone: '9000000099',
      pincode: '560001',
      line1: 'a',
      line2: 'b',
      landmark: null,
      city: 'c',
      state: 'Karnataka',
      type: 'home',
    },
    pincode: '560001',
    itemsTotal: 999_900,
    total: 999_900,
  });
  await t.db.insert(orderLines).values({
    websiteId: other!.id,
    orderId: id,
    productName: 'Gold',
    packName: '1 g',
    hsnCode: '7108',
    gstRate: 300,
    price: 999_900,
    actPrice: 999_900,
    quantity: 1,
    amount: 999_900,
  });
});

describe('the dashboard', () => {
  it('sums today’s sales (the delivered order: not the placed one, nor the cancelled one), per day, waiting per status and low stock', async () => {
    const res = await owner.get(`/s/api/admin/reports/dashboard?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    // a sale is worth its goods: items less the coupon, never the delivery charge (orders/sales.ts)
    const o = (await owner.get(`/s/api/admin/orders/${delivered.id}`)).json();
    const revenue = o.items_total - o.discount;
    expect(d).toMatchObject({ from: today, to: today, orders: 1, new_customers: 1 });
    expect(toPaise(d.revenue)).toBe(toPaise(revenue));
    expect(toPaise(d.average_order_value)).toBe(toPaise(revenue));
    expect(d.by_day).toEqual([{ date: today, revenue: d.revenue, orders: 1 }]);
    expect(d.waiting).toEqual([
      { status: 'placed', count: 1 },
      { status: 'confirmed', count: 0 },
      { status: 'packed', count: 0 },
      { status: 'shipped', count: 0 },
    ]);
    // the cart shop's ghee is at 0 and 1 kg rice at 3 in Bengaluru; vada at 5 in Mumbai: at or under 5
    expect(d.low_stock.threshold).toBe(5);
    const low = d.low_stock.data.map((l: { pack: string; product: string; available: number; warehouse: string }) => [
      l.warehouse,
      l.available,
    ]);
    expect(low).toEqual(
      expect.arrayContaining([
        ['Bengaluru Central', 0],
        ['Bengaluru Central', 3],
        ['Mumbai Fort', 5],
      ]),
    );
    expect(d.low_stock.total).toBe(d.low_stock.data.length);
    expect(d.low_stock.data.map((l: { available: number }) => l.available)).toEqual(
      [...d.low_stock.data.map((l: { available: number }) => l.available)].sort((a, b) => a - b),
    );
  });

  it('low stock honours a pack’s own threshold over the shop default', async () => {
    // 1 kg rice (3 in Bengaluru) is fine at its own 0; 5 kg rice at its own 1,000 is low everywhere
    const set = (packId: number, threshold: number | null) => owner.put(`/s/api/admin/stock/packs/${packId}/threshold`, { threshold });
    expect((await set(shop.packs.rice1.id, 0)).statusCode).toBe(200);
    expect((await set(shop.packs.rice5.id, 1000)).statusCode).toBe(200);
    try {
      const d = (await owner.get(`/s/api/admin/reports/dashboard?${range}`)).json();
      const rows = d.low_stock.data as Array<{ pack_id: number; threshold: number; available: number }>;
      expect(rows.filter((l) => l.pack_id === shop.packs.rice1.id)).toEqual([]);
      const big = rows.filter((l) => l.pack_id === shop.packs.rice5.id);
      expect(big.length).toBeGreaterThan(0);
      expect(big.every((l) => l.threshold === 1000)).toBe(true);
      expect(rows.filter((l) => l.pack_id !== shop.packs.rice5.id).every((l) => l.threshold === 5)).toBe(true);
    } finally {
      await set(shop.packs.rice1.id, null);
      await set(shop.packs.rice5.id, null);
    }
  });

  it('fills every day of a longer range, and a day without sales is zero', async () => {
    const d = (await owner.get(`/s/api/admin/reports/dashboard?to=${today}`)).json();
    expect(d.by_day).toHaveLength(7);
    expect(d.by_day.at(-1)).toMatchObject({ date: today, orders: 1 });
    expect(d.by_day[0]).toMatchObject({ revenue: 0, orders: 0 });
    const before = (await owner.get(`/s/api/admin/reports/dashboard?from=2020-01-01&to=2020-01-31`)).json();
    expect(before).toMatchObject({ revenue: 0, orders: 0, average_order_value: 0, new_customers: 0 });
  });
});

describe('new customers', () => {
  it('are people whose first sale on the website is in the range: an earlier order makes a buyer a returning one', async () => {
    const [row] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, delivered.id));
    const id = randomUUID();
    await t.db.insert(orders).values({
      id,
      websiteId: shop.websiteId,
      ordernumber: 'OLD1',
      userId: row!.userId,
      status: 'delivered',
      paymentMethod: 'cod',
      idempotencyKey: id,
      address: {
        name: 'A',
        phone: '9000000011',
        pincode: '560001',
        line1: 'a',
        line2: 'b',
        landmark: null,
        city: 'c',
        state: 'Karnataka',
        type: 'home',
      },
      pincode: '560001',
      itemsTotal: 100,
      total: 100,
      createdAt: new Date('2025-01-15T10:00:00+05:30'),
      deliveredAt: new Date('2025-01-16T10:00:00+05:30'),
    });
    const d = (await owner.get(`/s/api/admin/reports/dashboard?${range}`)).json();
    expect(d).toMatchObject({ orders: 1, new_customers: 0 });
    await t.db.delete(orders).where(eq(orders.id, id));
    expect((await owner.get(`/s/api/admin/reports/dashboard?${range}`)).json().new_customers).toBe(1);
  });
});

describe('the GST report', () => {
  it('equals the two invoices’ tax lines to the paisa, and downloads as CSV', async () => {
    const invoices = await Promise.all([placed, delivered].map(async (o) => (await owner.get(`/s/api/admin/orders/${o.id}`)).json()));
    const lines = invoices.flatMap((i) => i.lines as Array<{ tax: Record<string, number>; quantity: number }>);
    const sum = (k: string) => lines.reduce((a, l) => a + toPaise(l.tax[k]!), 0);
    const r = (await owner.get(`/s/api/admin/reports/gst?${range}`)).json();
    expect(r.invoices).toBe(2);
    expect(r.rows).toEqual([expect.objectContaining({ hsn_code: '1006', rate: 5, quantity: 4 })]);
    expect([r.totals.taxable, r.totals.cgst, r.totals.sgst, r.totals.igst].map(toPaise)).toEqual([
      sum('taxable'),
      sum('cgst'),
      sum('sgst'),
      sum('igst'),
    ]);
    expect(sum('cgst') + sum('sgst')).toBeGreaterThan(0);

    const csv = await owner.get(`/s/api/admin/reports/gst.csv?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="gst-hsn-summary-${today}-to-${today}.csv"`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'HSN,GST rate (%),Quantity,Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Total tax (INR),Total value (INR)',
    );
    expect(rows[1]).toBe(
      `1006,5,4,${r.totals.taxable.toFixed(2)},${r.totals.cgst.toFixed(2)},${r.totals.sgst.toFixed(2)},0.00,${r.totals.tax.toFixed(2)},${r.totals.total.toFixed(2)}`,
    );
    expect(rows[2]).toMatch(/^Total,,4,/);
  });
});

describe('sales and cash on delivery', () => {
  it('sales by product and by category count quantities and net revenue of the delivered orders only', async () => {
    const r = (await owner.get(`/s/api/admin/reports/sales?${range}`)).json();
    const dal = r.by_product.find((p: { name: string }) => p.name === 'Toor Dal');
    expect(dal).toMatchObject({ quantity: 1, category: 'Uncategorised' });
    expect(r.products).toBe(r.by_product.length);
    expect(r.total.quantity).toBe(2);
    expect(r.by_category).toEqual([expect.objectContaining({ category: 'Uncategorised', quantity: 2 })]);
    expect(r.total.net_revenue).toBe((await owner.get(`/s/api/admin/reports/dashboard?${range}`)).json().revenue);
    const csv = await owner.get(`/s/api/admin/reports/sales.csv?${range}&by=category`);
    expect(csv.body.split('\r\n')[0]).toBe('Category,Products,Quantity,Net revenue (INR)');
  });

  it('COD: the placed order is to deliver, the delivered one collected, per delivery date', async () => {
    const r = (
      await owner.get(
        `/s/api/admin/reports/cod?from=${today}&to=${new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10)}`,
      )
    ).json();
    expect(r.totals.to_deliver).toEqual({ orders: 1, amount: placed.total });
    expect(r.totals.to_collect).toEqual({ orders: 1, amount: placed.total });
    expect(r.totals.out_for_delivery).toEqual({ orders: 0, amount: 0 });
    expect(r.totals.collected).toEqual({ orders: 1, amount: delivered.total });
  });
});

describe('who may see them, and bad ranges', () => {
  it('answers the role matrix: 401 signed out, 403 shopper and agent, 200 admin and superadmin', async () => {
    const clients = await everyone();
    for (const path of ['dashboard', 'gst', 'gst.csv', 'sales', 'sales.csv', 'cod', 'cod.csv'])
      for (const [role, c] of Object.entries(clients)) {
        const res = await c.get(`/s/api/admin/reports/${path}?${range}`);
        expect([path, role, res.statusCode]).toEqual([path, role, ROLE_STATUS[role as RoleName]]);
      }
  });

  it('refuses a reversed, malformed or too long range with 422 at its field', async () => {
    for (const [q, field] of [
      ['from=2026-03-10&to=2026-03-01', 'from'],
      ['from=2026-13-45x', 'from'],
      ['from=yesterday', 'from'],
      ['from=2024-01-01&to=2026-01-01', 'to'],
    ] as const) {
      for (const path of ['dashboard', 'gst', 'gst.csv', 'cod']) {
        const res = await owner.get(`/s/api/admin/reports/${path}?${q}`);
        expect([q, path, res.statusCode]).toEqual([q, path, 422]);
        expect(res.json().errors).toHaveProperty(field);
      }
    }
  });
});
