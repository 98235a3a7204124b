import { z } from 'zod';
import { NOT_SALES, salesRangeQuerySchema } from './agents';
import { ORDER_STATUSES, type OrderStatus } from './order';

/**
 * Administration's dashboard and reports (issue 14, item 7; issue 40). Which orders count:
 *
 * - **Sales** (revenue, orders, average order value, new customers, sales by product and category):
 *   orders delivered in the range (a counter sale is delivered when sold), on the day delivered, in
 *   India's calendar, at their goods net of refunds: items less the coupon as the order now stands,
 *   less counter refunds, never the delivery charge. The same rule counts a customer's total spent
 *   and a sales agent's sales and commission (the server's `orders/sales.ts`; apps/server/docs/orders.md
 *   "What counts as a sale").
 * - **GST**: the tax invoices, every order that went through and was not cancelled — placed,
 *   confirmed, packed, shipped, delivered, online and at the counter — on the day it was placed
 *   (the date its invoice carries); an order awaiting payment has no invoice yet, a failed payment
 *   or a cancellation (only possible before shipping) voids it (`SALE_STATUSES`); counter returns
 *   are credit notes.
 * - **Waiting**: orders the shop still has to move (placed, confirmed, packed, shipped), now,
 *   whatever the range.
 * - **Cash on delivery**: COD orders by delivery date (the slot's date, else the day placed): to
 *   deliver (placed, confirmed, packed), out for delivery (shipped), delivered with their cash
 *   collected, of which handed over to the shop's till or still to hand over, and shortfalls; and,
 *   now, every order whose collected cash still waits to be handed over.
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
/** How many of the best-selling products the sales report's answer lists (the CSV has them all). */
export const SALES_REPORT_TOP = 50;
/**
 * Net revenue: what the lines were sold for after the coupon's share, GST included, delivery
 * excluded. `by_product`: the best `SALES_REPORT_TOP` (every one in the CSV); `products`: how many
 * were sold.
 */
export const salesReportSchema = z.object({
  ...range,
  products: z.number().int(),
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
const codFigures = {
  to_deliver: money,
  out_for_delivery: money,
  to_collect: money,
  /** delivered: the cash collected at the door */
  collected: money,
  /** of the collected cash: in the shop's till */
  handed_over: money,
  /** of the collected cash: still with the delivery people */
  to_hand_over: money,
  /** delivered short of the total (the shortfall, accepted with a reason) */
  short: money,
};
export const codReportSchema = z.object({
  ...range,
  rows: z.array(z.object({ date: z.string(), ...codFigures })),
  totals: z.object(codFigures),
  /** every order (whatever the range) whose collected cash waits to be handed over, oldest first */
  awaiting_handover: z.array(
    z.object({ id: z.string(), ordernumber: z.string(), customer: z.string(), delivered_at: z.string().nullable(), amount: z.number() }),
  ),
});
export type CodReport = z.infer<typeof codReportSchema>;
