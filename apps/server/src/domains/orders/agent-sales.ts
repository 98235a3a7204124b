import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ORDERS, isSale, saleDay, saleIn, saleValue } from './sales';
import { orderLines, orders } from './tables';

/**
 * Sales attributed to sales agents (orders.agent_id), for the agent's dashboard, commission and
 * the owner's report. What a sale is and what it is worth is `sales.ts` (delivered, on the day
 * delivered, goods net of refunds, no delivery charge), as for the reports and a customer's total
 * spent; amounts are paise; days are calendar days in India (UTC+05:30, no daylight saving), so
 * "today" is the shop's today.
 */
export interface Period {
  /** first instant of the period (inclusive) */
  start: Date;
  /** first instant after it (exclusive) */
  end: Date;
}

export interface SalesTotals {
  salesPaise: number;
  orders: number;
  customers: number;
}

const sold = (websiteId: number, p: Period, agentId?: number): SQL =>
  and(agentId === undefined ? isNotNull(orders.agentId) : eq(orders.agentId, agentId), saleIn(ORDERS, websiteId, p))!;
const value = saleValue(ORDERS);
const day = saleDay(ORDERS);

export async function agentTotals(db: DbOrTx, websiteId: number, agentId: number, p: Period): Promise<SalesTotals> {
  const [row] = await db
    .select({
      salesPaise: sql<number>`coalesce(sum(${value}), 0)::bigint`,
      orders: sql<number>`count(*)::int`,
      customers: sql<number>`count(distinct ${orders.userId})::int`,
    })
    .from(orders)
    .where(sold(websiteId, p, agentId));
  return { salesPaise: Number(row?.salesPaise ?? 0), orders: Number(row?.orders ?? 0), customers: Number(row?.customers ?? 0) };
}

/** Sales per day of the period (days without sales left out). */
export async function agentSalesByDay(db: DbOrTx, websiteId: number, agentId: number, p: Period) {
  const rows = await db
    .select({ date: day, salesPaise: sql<number>`sum(${value})::bigint`, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(sold(websiteId, p, agentId))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ date: r.date, salesPaise: Number(r.salesPaise), orders: Number(r.orders) }));
}

/** The agent's best-selling packs of the period's sales by amount (before coupons). */
export async function agentTopProducts(db: DbOrTx, websiteId: number, agentId: number, p: Period, limit = 5) {
  const rows = await db
    .select({
      name: orderLines.productName,
      pack: orderLines.packName,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
      salesPaise: sql<number>`sum(${orderLines.amount})::bigint`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sold(websiteId, p, agentId))
    .groupBy(orderLines.productName, orderLines.packName)
    .orderBy(sql`sum(${orderLines.amount}) desc`, orderLines.productName)
    .limit(limit);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), salesPaise: Number(r.salesPaise) }));
}

/** For each customer, the orders this agent placed for them that count as sales: how many, their total, the last one. */
export async function agentCustomerTotals(db: DbOrTx, websiteId: number, agentId: number, customerIds: number[]) {
  if (customerIds.length === 0) return new Map<number, { orders: number; totalPaise: number; lastAt: Date | null }>();
  const rows = await db
    .select({
      userId: orders.userId,
      orders: sql<number>`count(*)::int`,
      totalPaise: sql<number>`sum(${value})::bigint`,
      lastAt: sql<string>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.agentId, agentId), inArray(orders.userId, customerIds), isSale(ORDERS)))
    .groupBy(orders.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      { orders: Number(r.orders), totalPaise: Number(r.totalPaise), lastAt: r.lastAt ? new Date(r.lastAt) : null },
    ]),
  );
}

/** The agent's orders, newest first: all of them, or those still waiting for the customer's payment. */
export function agentOrders(db: DbOrTx, websiteId: number, agentId: number, opts: { awaitingPayment?: boolean; limit: number }) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.agentId, agentId),
        opts.awaitingPayment ? eq(orders.status, 'pending_payment') : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(opts.limit);
}

/** Every agent's sales of the period (the owner's report): agents without sales are not listed here. */
export async function salesByAgent(db: DbOrTx, websiteId: number, p: Period) {
  const rows = await db
    .select({
      agentId: orders.agentId,
      salesPaise: sql<number>`coalesce(sum(${value}), 0)::bigint`,
      orders: sql<number>`count(*)::int`,
      customers: sql<number>`count(distinct ${orders.userId})::int`,
    })
    .from(orders)
    .where(sold(websiteId, p))
    .groupBy(orders.agentId);
  return new Map(
    rows.map((r) => [Number(r.agentId), { salesPaise: Number(r.salesPaise), orders: Number(r.orders), customers: Number(r.customers) }]),
  );
}
