import { indiaToday } from '@grocer/shared/delivery-promise';
import { toRupees } from '@grocer/shared/money';
import {
  SALES_REPORT_TOP,
  WAITING_STATUSES,
  type CodReport,
  type Dashboard,
  type GstReport,
  type ReportRangeQuery,
  type SalesReport,
} from '@grocer/shared/reports';
import type { DbOrTx } from '../../db/client';
import { productCategoryPaths } from '../catalogue';
import { defaultThreshold, warehousesOf, type Inventory } from '../inventory';
import {
  codByDeliveryDate,
  gstByHsnAndRate,
  gstOfReturnedLines,
  salesByProduct,
  salesPerDay,
  ordersByIds,
  salesTotals,
  waitingCounts,
  type GstRow,
  type Period,
} from '../orders/service';
import { cashAwaitingHandover } from '../payments';
import { returnedLinesIn } from '../pos';
import { addShopDays, shopDayEnd, shopDayStart } from '@grocer/shared/shop-time';

/**
 * Administration's dashboard and reports (issue 14, item 7). This domain owns no table: it composes
 * the sums of the orders domain (`orders/reports.ts`) with the catalogue's names and categories and
 * the inventory's warehouses. Which orders count: `@grocer/shared/reports`.
 */
const addDays = addShopDays;

/** What the reports use of the modules app.ts makes (issue 41 §1). */
export interface ReportsNeeds {
  /** inventory: the dashboard's low stock */
  lowStockPacks: Inventory['lowStockPacks'];
}
const periodOf = (r: { from: string; to: string }): Period => ({ start: shopDayStart(r.from), end: shopDayEnd(r.to) });

/** The range asked for; a missing end is today (or the start, if later), a missing start the 7 days to the end. */
export function rangeOf(q: ReportRangeQuery, now = Date.now()): { from: string; to: string } {
  const today = indiaToday(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  return { from: q.from ?? addDays(to, -6), to };
}

const days = (r: { from: string; to: string }) => {
  const out: string[] = [];
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) out.push(d);
  return out;
};

export async function dashboard(db: DbOrTx, websiteId: number, q: ReportRangeQuery, needs: ReportsNeeds): Promise<Dashboard> {
  const r = rangeOf(q);
  const p = periodOf(r);
  const threshold = await defaultThreshold(db, websiteId);
  const [totals, waitingNow, perDay, low, warehouses] = await Promise.all([
    salesTotals(db, websiteId, p),
    waitingCounts(db, websiteId),
    salesPerDay(db, websiteId, p),
    needs.lowStockPacks(websiteId, threshold, 10),
    warehousesOf(db, websiteId),
  ]);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  return {
    ...r,
    revenue: toRupees(totals.revenuePaise),
    orders: totals.orders,
    average_order_value: totals.orders ? toRupees(Math.round(totals.revenuePaise / totals.orders)) : 0,
    new_customers: totals.newCustomers,
    by_day: days(r).map((date) => ({
      date,
      revenue: toRupees(byDate.get(date)?.revenuePaise ?? 0),
      orders: byDate.get(date)?.orders ?? 0,
    })),
    waiting: WAITING_STATUSES.map((status) => ({ status, count: waitingNow.get(status) ?? 0 })),
    low_stock: {
      threshold,
      total: low.total,
      data: low.rows.map((l) => ({
        pack_id: l.packId,
        product_id: l.productId,
        product: l.product,
        pack: l.pack,
        warehouse: names.get(l.warehouseId) ?? '',
        available: l.available,
        threshold: l.threshold,
      })),
    },
  };
}

type GstSums = Omit<GstRow, 'hsnCode' | 'rateBp'>;
const ZERO: GstSums = { quantity: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
const plus = (a: GstSums, x: GstSums, sign = 1): GstSums => ({
  quantity: a.quantity + sign * x.quantity,
  taxable: a.taxable + sign * x.taxable,
  cgst: a.cgst + sign * x.cgst,
  sgst: a.sgst + sign * x.sgst,
  igst: a.igst + sign * x.igst,
});
const figures = (x: GstSums) => ({
  quantity: x.quantity,
  taxable: toRupees(x.taxable),
  cgst: toRupees(x.cgst),
  sgst: toRupees(x.sgst),
  igst: toRupees(x.igst),
  tax: toRupees(x.cgst + x.sgst + x.igst),
  total: toRupees(x.taxable + x.cgst + x.sgst + x.igst),
});
const table = (rows: GstRow[]) => ({
  rows: rows.map((x) => ({ hsn_code: x.hsnCode, rate: x.rateBp / 100, ...figures(x) })),
  totals: figures(rows.reduce<GstSums>((a, x) => plus(a, x), ZERO)),
});

/**
 * GST by HSN and rate: the range's tax invoices, the credit notes of the counter's returns made in
 * the range, and the invoices less the credit notes per HSN and rate (what is owed).
 */
export async function gstReport(db: DbOrTx, websiteId: number, q: ReportRangeQuery): Promise<GstReport> {
  const r = rangeOf(q);
  const period = periodOf(r);
  const { rows, invoices } = await gstByHsnAndRate(db, websiteId, period);
  const returned = await returnedLinesIn(db, websiteId, period);
  const credits = await gstOfReturnedLines(db, websiteId, returned.lines);
  const net = new Map(rows.map((x) => [`${x.hsnCode}|${x.rateBp}`, x]));
  for (const c of credits) {
    const k = `${c.hsnCode}|${c.rateBp}`;
    const x = net.get(k) ?? { hsnCode: c.hsnCode, rateBp: c.rateBp, ...ZERO };
    net.set(k, { hsnCode: x.hsnCode, rateBp: x.rateBp, ...plus(x, c, -1) });
  }
  return {
    ...r,
    invoices,
    ...table(rows),
    credit_notes: { count: returned.returns, ...table(credits) },
    net: table([...net.values()].sort((a, b) => a.rateBp - b.rateBp || a.hsnCode.localeCompare(b.hsnCode))),
  };
}

/**
 * Sales by product and by category. The screen's answer lists the best `SALES_REPORT_TOP` products
 * (a month of a large shop sells tens of thousands: megabytes the screen never showed); `all`, for
 * the CSV, lists every one.
 */
export async function salesReport(db: DbOrTx, websiteId: number, q: ReportRangeQuery, opts: { all?: boolean } = {}): Promise<SalesReport> {
  const r = rangeOf(q);
  const sold = await salesByProduct(db, websiteId, periodOf(r));
  const paths = await productCategoryPaths(
    db,
    websiteId,
    sold.flatMap((s) => (s.productId === null ? [] : [s.productId])),
  );
  const byProduct = sold.map((s) => ({
    product_id: s.productId,
    name: s.name,
    category: (s.productId !== null && paths.get(s.productId)) || 'Uncategorised',
    quantity: s.quantity,
    netPaise: s.netPaise,
  }));
  const categories = new Map<string, { products: number; quantity: number; netPaise: number }>();
  for (const p of byProduct) {
    const c = categories.get(p.category) ?? { products: 0, quantity: 0, netPaise: 0 };
    categories.set(p.category, { products: c.products + 1, quantity: c.quantity + p.quantity, netPaise: c.netPaise + p.netPaise });
  }
  return {
    ...r,
    products: byProduct.length,
    by_product: (opts.all ? byProduct : byProduct.slice(0, SALES_REPORT_TOP)).map(({ netPaise, ...p }) => ({
      ...p,
      net_revenue: toRupees(netPaise),
    })),
    by_category: [...categories]
      .sort((a, b) => b[1].netPaise - a[1].netPaise || a[0].localeCompare(b[0]))
      .map(([category, c]) => ({ category, products: c.products, quantity: c.quantity, net_revenue: toRupees(c.netPaise) })),
    total: {
      quantity: byProduct.reduce((a, p) => a + p.quantity, 0),
      net_revenue: toRupees(byProduct.reduce((a, p) => a + p.netPaise, 0)),
    },
  };
}

export async function codReport(db: DbOrTx, websiteId: number, q: ReportRangeQuery): Promise<CodReport> {
  const r = rangeOf(q);
  const [rows, waiting] = await Promise.all([codByDeliveryDate(db, websiteId, r.from, r.to), cashAwaitingHandover(db, websiteId)]);
  const orders = new Map(
    (
      await ordersByIds(
        db,
        websiteId,
        waiting.map((w) => w.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  type Money = { orders: number; paise: number };
  const money = (m: Money) => ({ orders: m.orders, amount: toRupees(m.paise) });
  const add = (a: Money, b: Money): Money => ({ orders: a.orders + b.orders, paise: a.paise + b.paise });
  const zero: Money = { orders: 0, paise: 0 };
  const keys = ['toDeliver', 'outForDelivery', 'collected', 'handedOver', 'toHandOver', 'short'] as const;
  type Figures = Record<(typeof keys)[number], Money>;
  const t = rows.reduce<Figures>(
    (a, x) => Object.fromEntries(keys.map((k) => [k, add(a[k], x[k])])) as Figures,
    Object.fromEntries(keys.map((k) => [k, zero])) as Figures,
  );
  const shape = (x: Figures) => ({
    to_deliver: money(x.toDeliver),
    out_for_delivery: money(x.outForDelivery),
    to_collect: money(add(x.toDeliver, x.outForDelivery)),
    collected: money(x.collected),
    handed_over: money(x.handedOver),
    to_hand_over: money(x.toHandOver),
    short: money(x.short),
  });
  return {
    ...r,
    rows: rows.map((x) => ({ date: x.date, ...shape(x) })),
    totals: shape(t),
    awaiting_handover: waiting.flatMap((w) => {
      const o = orders.get(w.orderId);
      if (!o) return [];
      return [
        {
          id: o.id,
          ordernumber: o.ordernumber,
          customer: o.address.name,
          delivered_at: o.deliveredAt?.toISOString() ?? null,
          amount: toRupees(w.collected ?? w.amount),
        },
      ];
    }),
  };
}
