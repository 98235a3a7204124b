import { sql, type SQL } from 'drizzle-orm';
import { refundedOfOrderSql } from '../payments/records';
import type { Period } from './agent-sales';
import { shopDaySql } from '../../db/shop-time';

/**
 * What counts as a sale (issue 40; apps/server/docs/orders.md "What counts as a sale"): the ONE
 * definition behind a customer's total spent, the sales agents' dashboard and commission, and the
 * dashboard's and sales report's revenue.
 *
 * - An order counts once it is delivered (a counter sale is delivered when it is sold), on the
 *   day it was delivered (`orders.delivered_at`, India's calendar in the reports). Awaiting
 *   payment, placed but not delivered (cash not collected, or paid but not yet handed over),
 *   cancelled: not a sale.
 * - Its value is the goods net of refunds: the items less the coupon as the order stands now (a
 *   line removed or substituted after placing, refused at the door or damaged after delivery has
 *   already lowered them), less what the counter refunded for returned lines (a receipt's lines
 *   stay as sold; its payment counts the refund). Never the delivery charge, nor the tip (the
 *   delivery person's, issue 39 §16). Never below 0.
 *
 * Each fragment takes how the statement names the orders row: `ORDERS` (drizzle's own
 * `from(orders)`) or `sql.raw('o')` (a raw statement's alias).
 */
export const ORDERS = sql.raw('"orders"');

/** The order counts as a sale (delivered). */
export const isSale = (o: SQL): SQL => sql`(${o}.status = 'delivered' and ${o}.delivered_at is not null)`;

/** The order counts as a sale of the website delivered in the period. */
export const saleIn = (o: SQL, websiteId: number, p: Period): SQL =>
  sql`(${o}.website_id = ${websiteId} and ${isSale(o)} and ${o}.delivered_at >= ${p.start.toISOString()} and ${o}.delivered_at < ${p.end.toISOString()})`;

/** A sale's value in paise: goods (items − coupon) net of refunds not already off its lines, no delivery. */
export const saleValue = (o: SQL): SQL<number> =>
  sql<number>`greatest(0, ${o}.items_total - ${o}.discount - case when ${o}.channel = 'pos' then ${refundedOfOrderSql(sql`${o}.id`)} else 0 end)`;

/** A sale's calendar day in India, as 'YYYY-MM-DD' (the day it was delivered). */
export const saleDay = (o: SQL): SQL<string> => shopDaySql(sql`${o}.delivered_at`);
