import { PAY_VIA } from '@grocer/shared/labels';
import { CANCELLABLE, type OrderAdjustment, type OrderDetail, type OrderSummary } from '@grocer/shared/order';
import { toRupees } from '@grocer/shared/money';
import { allocateDiscount, splitGst, sumSplits } from '@grocer/shared/tax';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { namesOf } from '../identity/agents';
import { balancesOf } from '../payments/balances';
import { paymentOfOrder, type PaymentRow } from '../payments/records';
import { refundSummary, refundSummaryRupees } from '../payments/refund-summary';
import { orderErrors, type OrderRow, type Shopper } from './errors';
import { ORDERS, isSale, saleValue } from './sales';
import { customerStats, orderAdjustments, orderEvents, orderLines, orders } from './tables';

const mine = (s: Shopper) => and(eq(orders.websiteId, s.websiteId), eq(orders.userId, s.userId));

export async function findOrder(db: DbOrTx, s: Shopper, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(mine(s), eq(orders.id, id)))
    .limit(1);
  if (!row) throw orderErrors.notFound();
  return row;
}

export async function findOrderByNumber(db: DbOrTx, s: Shopper, ordernumber: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(mine(s), eq(orders.ordernumber, ordernumber)))
    .limit(1);
  if (!row) throw orderErrors.notFound();
  return row;
}

export async function listOrders(db: Db, s: Shopper, page: number, perPage: number): Promise<{ data: OrderSummary[]; total: number }> {
  const rows = await db
    // Qualified by hand: drizzle leaves single-table columns unqualified, and `id` would bind to l.id.
    .select({
      o: orders,
      items: sql<number>`(select coalesce(sum(case when l.sold_by_weight then 1 else l.quantity end), 0)::int from order_lines l where l.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(mine(s))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(orders).where(mine(s));
  return { data: rows.map(({ o, items }) => summary(o, items)), total: n };
}

const summary = (o: OrderRow, items: number): OrderSummary => ({
  id: o.id,
  ordernumber: o.ordernumber,
  created_at: o.createdAt.toISOString(),
  status: o.status,
  total: toRupees(o.total),
  items,
});

/** The dashboard's figures (plugged into GET /s/api/account). */
export async function ordersSummary(db: Db, websiteId: number, userId: number) {
  const { data, total } = await listOrders(db, { websiteId, userId }, 1, 3);
  return { count: total, recent: data };
}

/**
 * How many orders a shopper has had on the website, apart from `except` (a first-order coupon asks):
 * orders that went through, so an unpaid, failed or cancelled attempt does not count.
 */
export async function ordersPlacedBy(db: DbOrTx, websiteId: number, userId: number, except?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.userId, userId),
        sql`${orders.status} not in ('pending_payment', 'payment_failed', 'cancelled')`,
        except ? sql`${orders.id} <> ${except}` : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function orderDetail(db: DbOrTx, o: OrderRow, known: KnownParts = {}): Promise<OrderDetail> {
  const lines = known.lines ?? (await orderLinesOf(db, o.id));
  const events = known.events ?? (await db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)));
  const payment = known.payment !== undefined ? known.payment : await paymentOfOrder(db, o.id);
  const agent = o.agentId === null ? null : ((await namesOf(db, [o.agentId])).get(o.agentId) ?? null);
  const changes = known.fresh ? [] : await adjustmentsOf(db, o.id);
  const balances = known.fresh ? [] : await balancesOf(db, o.id);
  // The coupon is on the invoice, so it lowers each line's taxable value: GST is on what was paid.
  const shares = allocateDiscount(
    lines.map((l) => l.amount),
    o.discount,
  );
  const detailLines = lines.map((l, i) => {
    // Place of supply: the warehouse's state against the delivery state (CGST+SGST or IGST).
    const tax = splitGst(l.amount - shares[i]!, l.gstRate, (l.warehouseState ?? '') === o.address.state);
    return {
      line_id: l.id,
      pack_id: l.packId ?? 0,
      product_id: l.productId ?? 0,
      slug: l.slug,
      image: l.image,
      name: l.productName,
      pack: l.packName,
      hsn_code: l.hsnCode,
      gst_rate: l.gstRate / 100,
      price: toRupees(l.price),
      act_price: toRupees(l.actPrice),
      quantity: l.quantity,
      ...(l.soldByWeight ? { sold_by_weight: true } : {}),
      amount: toRupees(l.amount),
      discount: toRupees(shares[i]!),
      promotion: l.promotion ? { name: l.promotion, discount: toRupees(l.promotionDiscount) } : null,
      taxPaise: tax,
    };
  });
  const rupees = (t: ReturnType<typeof splitGst>) => ({
    taxable: toRupees(t.taxable),
    cgst: toRupees(t.cgst),
    sgst: toRupees(t.sgst),
    igst: toRupees(t.igst),
    gst: toRupees(t.gst),
  });
  return {
    ...summary(
      o,
      // items: units, and one for each loose good (its quantity is grams)
      lines.reduce((n, l) => n + (l.soldByWeight ? 1 : l.quantity), 0),
    ),
    payment_method: o.paymentMethod,
    items_total: toRupees(o.itemsTotal),
    discount: toRupees(o.discount),
    coupon: o.couponCode,
    promotion: o.promotion ? { name: o.promotion, discount: toRupees(o.promotionDiscount) } : null,
    delivery_charge: toRupees(o.deliveryCharge),
    notes: o.notes,
    address: o.address,
    slot: o.slotDate && o.slotStart && o.slotEnd ? { date: o.slotDate, start_time: o.slotStart, end_time: o.slotEnd } : null,
    lines: detailLines.map(({ taxPaise, ...l }) => ({ ...l, tax: rupees(taxPaise) })),
    tax: rupees(sumSplits(detailLines.map((l) => l.taxPaise))),
    timeline: events.map((e, i) => ({
      // a row in the status the row before it had is a change in that status (`staff-timeline.ts`)
      kind: i > 0 && events[i - 1]!.status === e.status ? ('change' as const) : ('status' as const),
      status: e.status,
      at: e.createdAt.toISOString(),
      by: e.actor.startsWith('user:')
        ? Number(e.actor.slice(5)) === o.userId
          ? 'you'
          : Number(e.actor.slice(5)) === o.agentId && agent
            ? agent
            : 'the shop'
        : e.actor === 'system'
          ? 'the shop'
          : e.actor,
      note: e.note,
    })),
    payment: {
      provider: payment?.provider ?? o.paymentMethod,
      status: payment?.status ?? 'pending',
      amount: toRupees(payment?.amount ?? o.total),
      provider_order_id: payment?.providerOrderId ?? null,
      provider_payment_id: payment?.providerPaymentId ?? null,
      last_attempt: payment?.status === 'failed' ? (payment.meta.last_attempt === 'cancelled' ? 'cancelled' : 'failed') : null,
      via: PAY_VIA.find((v) => v === payment?.meta.via) ?? null,
    },
    cancellable: CANCELLABLE.includes(o.status),
    placed_by: agent,
    adjustments: changes.map(presentAdjustment),
    refunds: refundSummaryRupees(
      refundSummary(payment, refundedOther(changes), balances, { paid: o.walletPaid, returned: o.walletReturned }),
    ),
    delivery_instructions: o.deliveryInstructions,
    tip: toRupees(o.tip),
    substitution: o.substitution,
    // a wholly wallet-paid order's payment row holds it all; a split's wallet part is the order's (issue 44)
    wallet_paid: toRupees(o.paymentMethod === 'wallet' ? (payment?.amount ?? o.total) : o.walletPaid),
    wallet_returned: toRupees(o.walletReturned),
  };
}

/** Any order by id (webhooks and jobs, which act for no shopper); null when there is none. */
export async function orderById(db: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * What a caller already holds of an order (a checkout that has just written it), so that
 * `orderDetail` does not read it again: its lines and events in id order, its payment row as it
 * is now, and `fresh` for an order written in this request (no adjustments yet).
 */
export interface KnownParts {
  lines?: OrderLineRow[];
  events?: OrderEventRow[];
  payment?: PaymentRow | null;
  fresh?: boolean;
}

/** An order's lines in the order they were written. */
export function orderLinesOf(db: DbOrTx, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/** Prepaid orders still waiting for their payment since before `cutoff`, oldest first. */
export function abandonedOrders(db: DbOrTx, cutoff: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** An order's history rows, oldest first. */
export function orderEventsOf(db: DbOrTx, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/**
 * "Buy again": the products a shopper has bought on this website, most recently bought first, then
 * most often. Orders that never went through (cancelled, payment failed, awaiting payment) do not
 * count; a line whose product has since been deleted is skipped. Ids only: the catalogue prices them.
 */
export async function boughtProductIds(db: Db, s: Shopper, limit = 48): Promise<number[]> {
  const rows = await db
    .select({ productId: orderLines.productId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        mine(s),
        eq(orderLines.websiteId, s.websiteId),
        isNotNull(orderLines.productId),
        notInArray(orders.status, ['cancelled', 'payment_failed', 'pending_payment']),
      ),
    )
    .groupBy(orderLines.productId)
    .orderBy(sql`max(${orders.createdAt}) desc`, sql`sum(${orderLines.quantity}) desc`, asc(orderLines.productId))
    .limit(limit);
  return rows.flatMap((r) => (r.productId === null ? [] : [r.productId]));
}

/**
 * Each customer's orders on a website, as a subquery for the staff's customer list: how many were
 * placed (not those whose payment never came), what they spent (their sales as `sales.ts` counts
 * them: delivered, goods net of refunds, no delivery charge; paise), and the latest.
 */
const customerStatFields = () => ({
  count: sql<number>`count(*) filter (where ${orders.status} not in ('pending_payment', 'payment_failed'))::int`.as('orders_count'),
  spent: sql<number>`coalesce(sum(${saleValue(ORDERS)}) filter (where ${isSale(ORDERS)}), 0)::bigint`.as('orders_spent'),
  last: sql<Date | null>`max(${orders.createdAt}) filter (where ${orders.status} not in ('pending_payment', 'payment_failed'))`.as(
    'orders_last',
  ),
});

/**
 * Every customer's figures at once (the whole list, sorted by them): the `customer_stats` summary
 * (migration 0064), which the database keeps equal to `customerStatFields` over each member's orders
 * (customer-stats.test.ts), one row per member, so the list joins it (inner) and pages by its indexes.
 */
export const customerOrderStats = (db: DbOrTx, websiteId: number) =>
  db
    .select({
      userId: customerStats.userId,
      count: sql<number>`${customerStats.ordersCount}`.as('orders_count'),
      spent: sql<number>`${customerStats.spent}`.as('orders_spent'),
      last: sql<Date | null>`${customerStats.lastOrderAt}`.as('orders_last'),
    })
    .from(customerStats)
    .where(eq(customerStats.websiteId, websiteId))
    .as('order_stats');

/** The same figures recounted from the orders, one pass over the website's (the summary's tests compare the two). */
export const customerOrderRecount = (db: DbOrTx, websiteId: number) =>
  db
    .select({ userId: orders.userId, ...customerStatFields() })
    .from(orders)
    .where(eq(orders.websiteId, websiteId))
    .groupBy(orders.userId)
    .as('order_stats');

/**
 * The same figures of the one customer of the outer statement's `website_members` row, for a
 * lateral join (a search, a customer's screen): their own orders by `orders_user_idx`, instead of
 * every order of the website (a year of a busy shop: 1,000,000, issue 42).
 */
export const customerOrderStatsOfMember = (db: DbOrTx, websiteId: number) =>
  db
    .select(customerStatFields())
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), sql`${orders.userId} = "website_members"."user_id"`))
    .as('order_stats');

/** Some of a website's orders by id (another website's are not answered). */
export function ordersByIds(db: DbOrTx, websiteId: number, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), inArray(orders.id, ids)));
}

/** A customer's latest orders on a website (the staff's customer screen). */
export function recentOrdersOf(db: DbOrTx, websiteId: number, userId: number, limit = 20) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** An order's line changes, oldest first (the shopper's order page, the staff's order screen, the invoice). */
export function adjustmentsOf(db: DbOrTx, orderId: string) {
  return db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId)).orderBy(asc(orderAdjustments.id));
}

/** Paise the provider took back for the staff's refunds of an amount (lines unchanged): the refund summary's `refunded_other`. */
export const refundedOther = (changes: Array<Pick<typeof orderAdjustments.$inferSelect, 'kind' | 'refundStatus' | 'amount'>>) =>
  changes.filter((a) => a.kind === 'refund' && a.refundStatus === 'refunded').reduce((n, a) => n + a.amount, 0);

export const presentAdjustment = (a: typeof orderAdjustments.$inferSelect): OrderAdjustment => ({
  id: a.id,
  at: a.createdAt.toISOString(),
  kind: a.kind,
  description: a.description,
  reason: a.reason as OrderAdjustment['reason'],
  amount: toRupees(a.amount),
  refund_status: a.refundStatus,
  refund_id: a.refundId,
});

/** The most sold products (units) of a website's orders placed since `since` that went through (Analytics: top viewed against top sold). */
export async function topSoldProducts(
  db: DbOrTx,
  websiteId: number,
  since: Date,
  limit = 10,
): Promise<Array<{ product: string; quantity: number }>> {
  const quantity = sql<number>`sum(${orderLines.quantity})::int`;
  const rows = await db
    .select({ product: orderLines.productName, quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        sql`${orders.createdAt} >= ${since.toISOString()}`,
        notInArray(orders.status, ['cancelled', 'pending_payment', 'payment_failed']),
      ),
    )
    .groupBy(orderLines.productName)
    .orderBy(desc(quantity), asc(orderLines.productName))
    .limit(limit);
  return rows.map((r) => ({ product: r.product, quantity: Number(r.quantity) }));
}
