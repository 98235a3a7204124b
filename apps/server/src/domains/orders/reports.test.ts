import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared/order';
import { toPaise } from '@grocer/shared/money';
import { SALE_STATUSES, SALES_REPORT_TOP } from '@grocer/shared/reports';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { orderLines, orders, users, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { gstReport, salesReport } from '../reports/service';
import { orderDetail } from './queries';
import { foldReportDays, gstByHsnAndRate, salesByProduct } from './reports';

// The GST report against the invoices, on generated orders written straight into a real database
// (PGlite, or PostgreSQL with TEST_DB=postgres): mixed rates, HSN codes, intra- and inter-state
// lines, coupons (even one larger than what is left), every status, orders outside the range, and
// lines removed or reduced after the order was placed (a refund's final state).
const database = await createTestDatabase();
const db = database.db;
afterAll(() => database.close());

const [user] = await db.insert(users).values({ name: 'Prop Shopper', email: 'prop@example.com' }).returning();

const line = fc.record({
  // equal amounts often, so the coupon's odd paise meet ties (the earlier line takes them)
  price: fc.oneof(fc.integer({ min: 1, max: 60_000 }), fc.constantFrom(100, 333, 4999)),
  quantity: fc.integer({ min: 1, max: 6 }),
  rate: fc.constantFrom(0, 500, 1200, 1800, 2800),
  hsn: fc.constantFrom('1006', '0401', '2106', '3401'),
  warehouseState: fc.constantFrom<string | null>('Karnataka', 'Maharashtra', null),
});
const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 5 }),
  state: fc.constantFrom('Karnataka', 'Maharashtra', 'Delhi'),
  /** the coupon as a share of the items (above 1: more than what a later removal leaves) */
  couponShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1.2, noNaN: true })),
  status: fc.constantFrom<OrderStatus>(...ORDER_STATUSES),
  /** hours from the range's start: −30 and 80 fall outside the two days */
  hour: fc.constantFrom(-30, 0, 5, 23, 40, 47, 80),
  /** after placing: nothing, a line removed, a line's quantity reduced, or cancelled */
  change: fc.constantFrom('none', 'remove', 'reduce', 'cancel'),
});

type GenOrder = typeof order extends fc.Arbitrary<infer T> ? T : never;

/** three equal lines of different HSN codes and a coupon of ₹1: its odd paisa is the first line's */
const tieExample: GenOrder = {
  lines: (['1006', '0401', '2106'] as const).map((hsn) => ({
    price: 1000,
    quantity: 1,
    rate: 500 as const,
    hsn,
    warehouseState: 'Karnataka',
  })),
  state: 'Karnataka',
  couponShare: 0.0334,
  status: 'placed',
  hour: 5,
  change: 'none',
};

const FROM = '2026-03-01';
const start = new Date(`${FROM}T00:00:00+05:30`);
const period = { start, end: new Date(start.getTime() + 2 * 86_400_000) };

async function writeOrders(websiteId: number, list: GenOrder[], foldBetween = false) {
  let k = 0;
  const placed: Array<{ o: GenOrder; id: string; first: typeof orderLines.$inferSelect; lines: number }> = [];
  for (const o of list) {
    const id = randomUUID();
    const itemsTotal = o.lines.reduce((a, l) => a + l.price * l.quantity, 0);
    const discount = Math.floor(itemsTotal * Math.min(o.couponShare, 1));
    await db.insert(orders).values({
      id,
      websiteId,
      ordernumber: `P${++k}`,
      userId: user!.id,
      status: o.status,
      paymentMethod: 'cod',
      idempotencyKey: id,
      address: {
        name: 'A',
        phone: '9000000011',
        pincode: '560001',
        line1: 'x',
        line2: 'y',
        landmark: null,
        city: 'c',
        state: o.state,
        type: 'home',
      },
      pincode: '560001',
      itemsTotal,
      discount,
      total: itemsTotal - discount,
      createdAt: new Date(start.getTime() + o.hour * 3_600_000),
      // delivered three hours after placing: an order of 11 PM is a sale of the next day
      deliveredAt: o.status === 'delivered' ? new Date(start.getTime() + (o.hour + 3) * 3_600_000) : null,
    });
    const rows = await db
      .insert(orderLines)
      .values(
        o.lines.map((l, i) => ({
          websiteId,
          orderId: id,
          productName: `Item ${i}`,
          packName: '1 kg',
          hsnCode: l.hsn,
          gstRate: l.rate,
          price: l.price,
          actPrice: l.price,
          quantity: l.quantity,
          amount: l.price * l.quantity,
          warehouseState: l.warehouseState,
        })),
      )
      .returning();
    placed.push({ o, id, first: rows[0]!, lines: rows.length });
  }
  // the job may fold the days between placing and the changes after (a refund's final state)
  if (foldBetween) await foldReportDays(db);
  for (const { o, id, first, lines } of placed) {
    if (o.change === 'remove' && lines > 1) await db.delete(orderLines).where(eq(orderLines.id, first.id));
    if (o.change === 'reduce' && first.quantity > 1)
      await db
        .update(orderLines)
        .set({ quantity: first.quantity - 1, amount: first.price * (first.quantity - 1) })
        .where(eq(orderLines.id, first.id));
    if (o.change === 'cancel' && o.status !== 'delivered') await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
  }
}

/** The invoices' tax lines (as `orderDetail` prints them) of the orders that count, summed per HSN and rate, in paise. */
async function invoiceSums(websiteId: number) {
  const sums = new Map<string, { quantity: number; taxable: number; cgst: number; sgst: number; igst: number }>();
  const all = await db.select().from(orders).where(eq(orders.websiteId, websiteId));
  for (const o of all) {
    if (!SALE_STATUSES.includes(o.status) || o.createdAt < period.start || o.createdAt >= period.end) continue;
    for (const l of (await orderDetail(db, o)).lines) {
      const key = `${l.hsn_code}|${Math.round(l.gst_rate * 100)}`;
      const s = sums.get(key) ?? { quantity: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
      sums.set(key, {
        quantity: s.quantity + l.quantity,
        taxable: s.taxable + toPaise(l.tax.taxable),
        cgst: s.cgst + toPaise(l.tax.cgst),
        sgst: s.sgst + toPaise(l.tax.sgst),
        igst: s.igst + toPaise(l.tax.igst),
      });
    }
  }
  return sums;
}

describe('the GST report equals the sum of the invoices', () => {
  it('per HSN and rate and in total, to the paisa, for any set of orders', async () => {
    let site = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 8 }), fc.boolean(), async (list, foldBetween) => {
        const [w] = await db
          .insert(websites)
          .values({ name: `Prop ${++site}` })
          .returning();
        await writeOrders(w!.id, list, foldBetween);
        const expected = await invoiceSums(w!.id);
        // the summaries give the live answer with some days noted since the fold, and with none
        const live = await gstByHsnAndRate(db, w!.id, period, { live: true });
        const sold = await salesByProduct(db, w!.id, period, { live: true });
        expect(await gstByHsnAndRate(db, w!.id, period)).toEqual(live);
        expect(await salesByProduct(db, w!.id, period)).toEqual(sold);
        await foldReportDays(db, 1000);
        expect(await gstByHsnAndRate(db, w!.id, period)).toEqual(live);
        expect(await salesByProduct(db, w!.id, period)).toEqual(sold);
        const { rows } = live;
        const got = new Map(
          rows.map((r) => [
            `${r.hsnCode}|${r.rateBp}`,
            { quantity: r.quantity, taxable: r.taxable, cgst: r.cgst, sgst: r.sgst, igst: r.igst },
          ]),
        );
        expect(got).toEqual(expected);
        // and the answer the route gives (rupees), in total
        const report = await gstReport(db, w!.id, { from: FROM, to: '2026-03-02' });
        const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => [...expected.values()].reduce((a, s) => a + s[k], 0);
        expect(report.totals).toMatchObject({
          taxable: sum('taxable') / 100,
          cgst: sum('cgst') / 100,
          sgst: sum('sgst') / 100,
          igst: sum('igst') / 100,
        });
        expect(toPaise(report.totals.tax)).toBe(sum('cgst') + sum('sgst') + sum('igst'));
      }),
      {
        numRuns: 25,
        examples: [[[tieExample], false]],
      },
    );
  }, 180_000);
});

describe('the sales report', () => {
  it(`lists the best ${SALES_REPORT_TOP} products and how many were sold; the CSV's answer lists every one`, async () => {
    const [w] = await db.insert(websites).values({ name: 'Many products' }).returning();
    // one delivered order of 60 products, the nth sold for n rupees
    const lines = Array.from({ length: 60 }, (_, i) => ({
      price: (i + 1) * 100,
      quantity: 1,
      rate: 500 as const,
      hsn: '1006' as const,
      warehouseState: 'Karnataka',
    }));
    await writeOrders(w!.id, [{ lines, state: 'Karnataka', couponShare: 0, status: 'delivered', hour: 5, change: 'none' }]);
    const q = { from: FROM, to: '2026-03-02' };
    const top = await salesReport(db, w!.id, q);
    expect(top.products).toBe(60);
    expect(top.by_product.map((p) => p.net_revenue)).toEqual(Array.from({ length: SALES_REPORT_TOP }, (_, i) => 60 - i));
    expect(top.total).toEqual({ quantity: 60, net_revenue: (60 * 61) / 2 });
    expect(top.by_category).toEqual([{ category: 'Uncategorised', products: 60, quantity: 60, net_revenue: (60 * 61) / 2 }]);
    const all = await salesReport(db, w!.id, q, { all: true });
    expect(all.by_product).toHaveLength(60);
    expect(all.by_product.slice(0, SALES_REPORT_TOP)).toEqual(top.by_product);
  });
});
