import type { AgentReport } from './agents';
import { csvText } from './csv';
import type { ExportOrder } from './privacy';
import type { CodReport, GstReport, SalesReport } from './reports';

/**
 * The reports as CSV files (the server's downloads), written by the one CSV writer (`csv.ts`).
 * Kept apart from the contracts they read so the staff app and the storefront, which import the
 * contracts, do not carry papaparse.
 */

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
  if (!r.credit_notes.count) return csvText(invoices);
  // Counter returns in the range: their credit notes, then the invoices less them (the tax owed).
  return csvText([
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
    return csvText([
      ['Category', 'Products', 'Quantity', 'Net revenue (INR)'],
      ...r.by_category.map((c) => [c.category, c.products, c.quantity, inr(c.net_revenue)]),
      ['Total', '', r.total.quantity, inr(r.total.net_revenue)],
    ]);
  return csvText([
    ['Product', 'Category', 'Quantity', 'Net revenue (INR)'],
    ...r.by_product.map((p) => [p.name, p.category, p.quantity, inr(p.net_revenue)]),
    ['Total', '', r.total.quantity, inr(r.total.net_revenue)],
  ]);
}

export function codReportCsv(r: CodReport): string {
  const parts = ['to_deliver', 'out_for_delivery', 'to_collect', 'collected', 'handed_over', 'to_hand_over', 'short'] as const;
  const names = ['To deliver', 'Out for delivery', 'To collect', 'Collected', 'Handed over', 'To hand over', 'Short'];
  const cells = (x: CodReport['totals']) => parts.flatMap((k) => [x[k].orders, inr(x[k].amount)]);
  return csvText([
    ['Delivery date', ...names.flatMap((n) => [`${n} (orders)`, `${n} (INR)`])],
    ...r.rows.map((x) => [x.date, ...cells(x)]),
    ['Total', ...cells(r.totals)],
  ]);
}

/** The report as CSV (RFC 4180 quoting), amounts in rupees with two decimals. */
export function agentReportCsv(r: AgentReport): string {
  const money = (n: number) => n.toFixed(2);
  const head = ['Agent', 'Commission rate (%)', 'Orders', 'Customers', 'Sales (INR)', 'Commission (INR)'];
  const rows: Array<Array<string | number>> = r.data.map((a) => [
    a.name,
    a.commission_rate,
    a.orders,
    a.customers,
    money(a.sales),
    money(a.commission),
  ]);
  rows.push(['Total', '', r.total.orders, '', money(r.total.sales), money(r.total.commission)]);
  // a name starting like a formula is kept as text by spreadsheets (the writer's escaping)
  return csvText([head, ...rows]);
}

/** GET /s/api/account/export.csv: one row per order. */
export function accountOrdersCsv(orders: ExportOrder[]): string {
  return csvText([
    [
      'Order number',
      'Date',
      'Status',
      'Payment method',
      'Items',
      'Items total (INR)',
      'Discount (INR)',
      'Delivery (INR)',
      'Total (INR)',
      'Pincode',
    ],
    ...orders.map((o) => [
      o.ordernumber,
      o.created_at,
      o.status,
      o.payment_method,
      o.lines.reduce((n, l) => n + l.quantity, 0),
      o.items_total.toFixed(2),
      o.discount.toFixed(2),
      o.delivery_charge.toFixed(2),
      o.total.toFixed(2),
      o.address.pincode,
    ]),
  ]);
}
