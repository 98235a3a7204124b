import { z } from 'zod';
import { NOT_SALES, salesRangeQuerySchema } from './agents';
import { ORDER_STATUSES, type OrderStatus } from './order';

/**
 * Administration's dashboard and reports (issue 14, item 7). Which orders count:
 *
 * - **Sales** (revenue, orders, average order value, new customers, sales by product and category,
 *   the GST report): every order that went through and was not cancelled — placed, confirmed,
 *   packed, shipped, delivered, online and at the counter — on the day it was placed (the date its
 *   tax invoice carries), in India's calendar. An order awaiting payment is not a sale yet; a failed
 *   payment or a cancellation (only possible before shipping) voids it (`NOT_SALES`, as the agents'
 *   report counts).
 * - **Waiting**: orders the shop still has to move (placed, confirmed, packed, shipped), now,
 *   whatever the range.
 * - **Cash on delivery to collect**: COD orders not yet delivered (placed, confirmed, packed: to
 *   deliver; shipped: out for delivery), by delivery date (the slot's date, else the day placed);
 *   delivered ones show as collected.
 *
 * Amounts are rupees at the API (paise inside). Days are India's (UTC+05:30).
 */
export const SALE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !(NOT_SALES as readonly string[]).includes(s));
export const WAITING_STATUSES = ['placed', 'confirmed', 'packed', 'shipped'] as const satisfies readonly OrderStatus[];
export const COD_TO_DELIVER = ['placed', 'confirmed', 'packed'] as const satisfies readonly OrderStatus[];

/**
 * A stock row is low at or under its threshold. Packs have no threshold of their own yet, so every
 * pack uses this website-wide default.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** `from`/`to`: India's calendar days, both included; at most a year; start not after the end (else 422). */
export const reportRangeQuerySchema = salesRangeQuerySchema;
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

const range = { from: z.string(), to: z.string() };

export const dashboardSchema = z.object({
  ...range,
  revenue: z.number(),
  orders: z.number().int(),
  average_order_value: z.number(),
  /** people whose first sale on the website falls in the range */
  new_customers: z.number().int(),
  /** every day of the range, days without sales included */
  by_day: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  waiting: z.array(z.object({ status: z.enum(WAITING_STATUSES), count: z.number().int() })),
  low_stock: z.object({
    threshold: z.number().int(),
    total: z.number().int(),
    data: z.array(
      z.object({
        pack_id: z.number().int(),
        product_id: z.number().int(),
        product: z.string(),
        pack: z.string(),
        warehouse: z.string(),
        available: z.number().int(),
        /** the pack's own threshold, else the shop default */
        threshold: z.number().int(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const salesRow = { quantity: z.number().int(), net_revenue: z.number() };
/** Net revenue: what the lines were sold for after the coupon's share, GST included, delivery excluded. */
export const salesReportSchema = z.object({
  ...range,
  by_product: z.array(z.object({ product_id: z.number().int().nullable(), name: z.string(), category: z.string(), ...salesRow })),
  by_category: z.array(z.object({ category: z.string(), products: z.number().int(), ...salesRow })),
  total: z.object(salesRow),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

const taxFigures = {
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** cgst + sgst + igst */
  tax: z.number(),
  /** taxable + tax: the invoice value of these lines */
  total: z.number(),
};
const gstRows = z.array(z.object({ hsn_code: z.string(), rate: z.number(), quantity: z.number().int(), ...taxFigures }));
const gstTotals = z.object({ quantity: z.number().int(), ...taxFigures });
/**
 * `rows`/`totals`: the tax invoices of the range. `credit_notes`: the counter's returns made in the
 * range (each returned line's refund, GST included, split as its invoice line was). `net`: the
 * invoices less the credit notes, per HSN and rate: the tax owed for the range.
 */
export const gstReportSchema = z.object({
  ...range,
  rows: gstRows,
  totals: gstTotals,
  invoices: z.number().int(),
  credit_notes: z.object({ count: z.number().int(), rows: gstRows, totals: gstTotals }),
  net: z.object({ rows: gstRows, totals: gstTotals }),
});
export type GstReport = z.infer<typeof gstReportSchema>;

const money = z.object({ orders: z.number().int(), amount: z.number() });
export const codReportSchema = z.object({
  ...range,
  rows: z.array(z.object({ date: z.string(), to_deliver: money, out_for_delivery: money, to_collect: money, collected: money })),
  totals: z.object({ to_deliver: money, out_for_delivery: money, to_collect: money, collected: money }),
});
export type CodReport = z.infer<typeof codReportSchema>;

/** A CSV cell (RFC 4180), a text starting like a formula kept as text (CSV injection). */
export function csvCell(v: string | number): string {
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvOf = (rows: Array<Array<string | number>>) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
const inr = (n: number) => n.toFixed(2);

/**
 * The GST report as the HSN-wise summary of GSTR-1 (table 12) asks it: HSN, rate, quantity,
 * taxable value, IGST, CGST, SGST, in rupees with two decimals, then a total row; when counter
 * returns fall in the range, their credit notes and the net figures follow in the same columns.
 */
export function gstReportCsv(r: GstReport): string {
  const head = [
    'HSN',
    'GST rate (%)',
    'Quantity',
    'Taxable value (INR)',
    'CGST (INR)',
    'SGST (INR)',
    'IGST (INR)',
    'Total tax (INR)',
    'Total value (INR)',
  ];
  const row = (hsn: string, rate: number | string, x: GstReport['totals']) => [
    hsn,
    rate,
    x.quantity,
    inr(x.taxable),
    inr(x.cgst),
    inr(x.sgst),
    inr(x.igst),
    inr(x.tax),
    inr(x.total),
  ];
  const invoices = [head, ...r.rows.map((x) => row(x.hsn_code, x.rate, x)), row('Total', '', r.totals)];
  if (!r.credit_notes.count) return csvOf(invoices);
  // Counter returns in the range: their credit notes, then the invoices less them (the tax owed).
  return csvOf([
    ...invoices,
    [],
    [`Credit notes (${r.credit_notes.count} counter returns)`],
    ...r.credit_notes.rows.map((x) => row(x.hsn_code, x.rate, x)),
    row('Total credit notes', '', r.credit_notes.totals),
    [],
    ['Net of credit notes'],
    ...r.net.rows.map((x) => row(x.hsn_code, x.rate, x)),
    row('Net total', '', r.net.totals),
  ]);
}

export function salesReportCsv(r: SalesReport, by: 'product' | 'category'): string {
  if (by === 'category')
    return csvOf([
      ['Category', 'Products', 'Quantity', 'Net revenue (INR)'],
      ...r.by_category.map((c) => [c.category, c.products, c.quantity, inr(c.net_revenue)]),
      ['Total', '', r.total.quantity, inr(r.total.net_revenue)],
    ]);
  return csvOf([
    ['Product', 'Category', 'Quantity', 'Net revenue (INR)'],
    ...r.by_product.map((p) => [p.name, p.category, p.quantity, inr(p.net_revenue)]),
    ['Total', '', r.total.quantity, inr(r.total.net_revenue)],
  ]);
}

export function codReportCsv(r: CodReport): string {
  const cells = (x: CodReport['totals']) => [
    x.to_deliver.orders,
    inr(x.to_deliver.amount),
    x.out_for_delivery.orders,
    inr(x.out_for_delivery.amount),
    x.to_collect.orders,
    inr(x.to_collect.amount),
    x.collected.orders,
    inr(x.collected.amount),
  ];
  return csvOf([
    [
      'Delivery date',
      'To deliver (orders)',
      'To deliver (INR)',
      'Out for delivery (orders)',
      'Out for delivery (INR)',
      'To collect (orders)',
      'To collect (INR)',
      'Collected (orders)',
      'Collected (INR)',
    ],
    ...r.rows.map((x) => [x.date, ...cells(x)]),
    ['Total', ...cells(r.totals)],
  ]);
}
