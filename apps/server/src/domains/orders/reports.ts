import { COD_TO_DELIVER, SALE_STATUSES, WAITING_STATUSES } from '@grocer/shared/reports';
import { splitGst } from '@grocer/shared/tax';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { codPaymentOfOrderSql } from '../payments/records';
import type { Period } from './agent-sales';
import { isSale, saleDay, saleIn, saleValue } from './sales';
import { shopDateSql, shopDateStartSql, shopDaySql } from '../../db/shop-time';
import { shopDayEnd, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';

/**
 * Sums over orders for Administration's dashboard and reports, in paise. Revenue, orders, new
 * customers and sales by product count sales as `sales.ts` defines them (delivered, on the day
 * delivered, goods net of refunds, no delivery charge: the same rule as the agents' commission and
 * a customer's total spent). The GST report counts tax invoices instead: every order that went
 * through and was not cancelled (SALE_STATUSES in `@grocer/shared/reports`), on the day placed, the
 * date its invoice carries.
 */
const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
const o = sql.raw('o');
const e = sql.raw('e');
/** The tax invoices of the period: orders placed in it that went through and were not cancelled. */
const invoiced = (websiteId: number, p: Period) =>
  sql`o.website_id = ${websiteId} and o.created_at >= ${p.start.toISOString()} and o.created_at < ${p.end.toISOString()} and o.status in (${list(SALE_STATUSES)})`;
/** An order's calendar day in India, as 'YYYY-MM-DD'. */
const istDay = shopDaySql;

const n = (v: unknown) => Number(v ?? 0);

/**
 * Revenue, orders and new customers (people whose first sale on the website is in the period):
 * the period's buyers are found first, then each is looked up once for an earlier sale.
 */
export async function salesTotals(db: DbOrTx, websiteId: number, p: Period) {
  const [r] = rowsOf<{ revenue: string; orders: string; customers: string }>(
    await db.execute(sql`
      with s as materialized (select o.user_id, ${saleValue(o)} as value from orders o where ${saleIn(o, websiteId, p)})
      select (select coalesce(sum(value), 0) from s)::bigint as revenue, (select count(*) from s)::int as orders,
        (select count(*) from (select distinct user_id from s) u where not exists (
          select 1 from orders e where e.website_id = ${websiteId} and e.user_id = u.user_id
            and ${isSale(e)} and e.delivered_at < ${p.start.toISOString()}
        ))::int as customers`),
  );
  return { revenuePaise: n(r?.revenue), orders: n(r?.orders), newCustomers: n(r?.customers) };
}

/** Revenue and orders per day of the period (days without sales left out). */
export async function salesPerDay(db: DbOrTx, websiteId: number, p: Period) {
  const rows = rowsOf<{ date: string; revenue: string; orders: string }>(
    await db.execute(sql`
      select ${saleDay(o)} as date, sum(${saleValue(o)})::bigint as revenue, count(*)::int as orders
      from orders o where ${saleIn(o, websiteId, p)} group by 1 order by 1`),
  );
  return rows.map((r) => ({ date: r.date, revenuePaise: n(r.revenue), orders: n(r.orders) }));
}

/** How many of the website's orders wait in each status the shop still has to move, now. */
export async function waitingCounts(db: DbOrTx, websiteId: number) {
  const rows = rowsOf<{ status: string; count: string }>(
    await db.execute(sql`
      select o.status, count(*)::int as count from orders o
      where o.website_id = ${websiteId} and o.status in (${list(WAITING_STATUSES)}) group by o.status`),
  );
  return new Map(rows.map((r) => [r.status, n(r.count)]));
}

/**
 * The tax invoice's lines of every order sold in the period, computed in SQL exactly as
 * `orderDetail` (queries.ts) computes them for the printed invoice, so the reports match the
 * invoices to the paisa:
 *
 * - the coupon is spread over the order's lines by `allocateDiscount` (packages/shared/src/tax.ts):
 *   each line gets floor(amount × discount / lines' total) — the quotient in IEEE doubles, as
 *   JavaScript and PostgreSQL's float8 both compute it — and the odd paise go one each to the
 *   largest remainders (ties: the earlier line), never beyond a line's amount;
 * - `splitGst` on what is left: GST = round-half-up(net × rate / (10000 + rate)) in integers,
 *   CGST = floor(GST / 2) and SGST the rest when the line's warehouse is in the delivery state,
 *   else IGST.
 *
 * A line is read as it is now (its final state): whatever a later change left on the order is what
 * its invoice prints and what is reported. `orders/reports.test.ts` checks the equality on
 * generated orders. `which` chooses the orders: the period's invoices (GST) or its sales (sales
 * by product).
 */
const invoiceLines = (which: SQL, day: SQL = sql`null::date`) => sql`
  sold_lines as materialized (
    select l.id, l.order_id, l.product_id, l.product_name, l.hsn_code, l.gst_rate, l.quantity, l.amount::bigint as amount,
      o.discount, (coalesce(l.warehouse_state, '') = (o.address->>'state')) is true as intra, ${day} as day
    from orders o join order_lines l on l.order_id = o.id
    where ${which}
  ),
  plain as (
    select id, order_id, product_id, product_name, hsn_code, gst_rate, quantity, amount as net, intra, day from sold_lines where discount <= 0
  ),
  couponed as (
    select id, order_id, product_id, product_name, hsn_code, gst_rate, quantity, amount, intra, day,
      least(discount, sum(amount) over w)::bigint as d, sum(amount) over w as lines_total
    from sold_lines where discount > 0
    window w as (partition by order_id)
  ),
  floored as (
    select *, case when d = 0 or lines_total = 0 then 0::float8 else (amount::float8 * d::float8) / lines_total::float8 end as ex
    from couponed
  ),
  ranked as (
    select *, floor(ex)::bigint as fl, ex - floor(ex) as frac from floored
  ),
  shared as (
    select *, d - sum(fl) over (partition by order_id) as odd,
      row_number() over (partition by order_id, fl < amount order by frac desc, id) as rk
    from ranked
  ),
  netted as (
    select id, order_id, product_id, product_name, hsn_code, gst_rate, quantity,
      amount - (fl + case when fl < amount and rk <= odd then 1 else 0 end) as net, intra, day
    from shared
  ),
  taxed as (
    select *, case when gst_rate <= 0 then 0::bigint
      else (2 * net * gst_rate + (10000 + gst_rate)) / (2 * (10000 + gst_rate)) end as gst
    from (select * from plain union all select * from netted) x
  ),
  invoice_lines as (
    select order_id, product_id, product_name, hsn_code, gst_rate, quantity, net, net - gst as taxable, day,
      case when intra then gst / 2 else 0 end as cgst,
      case when intra then gst - gst / 2 else 0 end as sgst,
      case when intra then 0 else gst end as igst
    from taxed
  )`;

export interface GstRow {
  hsnCode: string;
  rateBp: number;
  quantity: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * The period's whole shop days (first and last), or null when it does not start and end at a shop
 * day's bounds (then a report reads it live: the summaries are kept per day).
 */
function daysOf(p: Period): { from: string; to: string } | null {
  const from = shopDayOf(p.start);
  const to = shopDayOf(p.end.getTime() - 1);
  return shopDayStart(from).getTime() === p.start.getTime() && shopDayEnd(to).getTime() === p.end.getTime() ? { from, to } : null;
}

/**
 * The website's days noted since the last fold within [from, to] (`dirty`, to read live), and an
 * order's belonging to one of them by `at` (its day placed or delivered): a range on the orders'
 * own index per noted day.
 */
const dirtyDays = (websiteId: number, d: { from: string; to: string }) =>
  sql`dirty as materialized (select distinct day from report_day_changes where website_id = ${websiteId} and day between ${d.from}::date and ${d.to}::date)`;
const onDirtyDay = (at: SQL) =>
  sql`exists (select 1 from dirty where ${at} >= ${shopDateStartSql(sql`dirty.day`)} and ${at} < ${shopDateStartSql(sql`dirty.day + 1`)})`;
const cleanDay = (websiteId: number, d: { from: string; to: string }, t: SQL) =>
  sql`${t}.website_id = ${websiteId} and ${t}.day between ${d.from}::date and ${d.to}::date and ${t}.day not in (select day from dirty)`;

/**
 * The invoices' lines of the period summed by HSN code and GST rate, in paise: the days the job has
 * folded from `gst_days` and `invoice_days`, the days changed since read live, in one statement
 * (`live`: every day read live, as tests compare).
 */
export async function gstByHsnAndRate(
  db: DbOrTx,
  websiteId: number,
  p: Period,
  opts: { live?: boolean } = {},
): Promise<{ rows: GstRow[]; invoices: number }> {
  const d = opts.live ? null : daysOf(p);
  const statement = d
    ? sql`
      with ${dirtyDays(websiteId, d)},
      ${invoiceLines(sql`${invoiced(websiteId, p)} and ${onDirtyDay(sql`o.created_at`)}`)},
      summed as (
        select hsn_code, gst_rate, quantity, taxable, cgst, sgst, igst from gst_days g where ${cleanDay(websiteId, d, sql.raw('g'))}
        union all select hsn_code, gst_rate, quantity, taxable, cgst, sgst, igst from invoice_lines
      )
      select hsn_code, gst_rate, sum(quantity)::bigint as quantity, sum(taxable)::bigint as taxable, sum(cgst)::bigint as cgst,
        sum(sgst)::bigint as sgst, sum(igst)::bigint as igst,
        ((select count(distinct order_id) from sold_lines)
          + (select coalesce(sum(invoices), 0) from invoice_days i where ${cleanDay(websiteId, d, sql.raw('i'))}))::int as invoices
      from summed group by hsn_code, gst_rate order by gst_rate, hsn_code`
    : sql`
      with ${invoiceLines(invoiced(websiteId, p))}
      select hsn_code, gst_rate, sum(quantity)::bigint as quantity, sum(taxable)::bigint as taxable, sum(cgst)::bigint as cgst,
        sum(sgst)::bigint as sgst, sum(igst)::bigint as igst,
        (select count(distinct order_id) from sold_lines)::int as invoices
      from invoice_lines group by hsn_code, gst_rate order by gst_rate, hsn_code`;
  const rows = rowsOf<Record<string, string>>(await db.execute(statement));
  return {
    invoices: n(rows[0]?.invoices),
    rows: rows.map((r) => ({
      hsnCode: r.hsn_code!,
      rateBp: n(r.gst_rate),
      quantity: n(r.quantity),
      taxable: n(r.taxable),
      cgst: n(r.cgst),
      sgst: n(r.sgst),
      igst: n(r.igst),
    })),
  };
}

/**
 * Credit notes against sold lines (the counter's returns): each returned part of a line is split
 * as its invoice line was (`splitGst` on the refunded amount, GST included; CGST + SGST when the
 * line's warehouse is in the delivery state, else IGST), then summed by HSN code and GST rate.
 * Lines of another website's orders are ignored.
 */
export async function gstOfReturnedLines(
  db: DbOrTx,
  websiteId: number,
  returned: Array<{ lineId: number; quantity: number; amount: number }>,
): Promise<GstRow[]> {
  if (!returned.length) return [];
  const ids = [...new Set(returned.map((r) => r.lineId))];
  const lines = rowsOf<{ id: number; hsn_code: string; gst_rate: number; intra: boolean }>(
    await db.execute(sql`
      select l.id, l.hsn_code, l.gst_rate, (coalesce(l.warehouse_state, '') = (o.address->>'state')) is true as intra
      from order_lines l join orders o on o.id = l.order_id
      where o.website_id = ${websiteId} and l.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const byId = new Map(lines.map((l) => [Number(l.id), l]));
  const sums = new Map<string, GstRow>();
  for (const r of returned) {
    const l = byId.get(r.lineId);
    if (!l) continue;
    const rateBp = n(l.gst_rate);
    const key = `${l.hsn_code}|${rateBp}`;
    const t = splitGst(r.amount, rateBp, l.intra === true);
    const row = sums.get(key) ?? { hsnCode: l.hsn_code, rateBp, quantity: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    sums.set(key, {
      ...row,
      quantity: row.quantity + r.quantity,
      taxable: row.taxable + t.taxable,
      cgst: row.cgst + t.cgst,
      sgst: row.sgst + t.sgst,
      igst: row.igst + t.igst,
    });
  }
  return [...sums.values()].sort((a, b) => a.rateBp - b.rateBp || a.hsnCode.localeCompare(b.hsnCode));
}

/**
 * Units and net revenue (after the coupon's share, GST included, no delivery) per product of the
 * period's sales (`sales.ts`: delivered in the period). Counter returns are not taken off here:
 * they are credit notes (the GST report) and come off the sale's value in the revenue. Folded days
 * from `product_sale_days`, days changed since read live (`live`: every day live).
 */
export async function salesByProduct(db: DbOrTx, websiteId: number, p: Period, opts: { live?: boolean } = {}) {
  const d = opts.live ? null : daysOf(p);
  const statement = d
    ? sql`
      with ${dirtyDays(websiteId, d)},
      ${invoiceLines(sql`${saleIn(o, websiteId, p)} and ${onDirtyDay(sql`o.delivered_at`)}`)},
      summed as (
        select product_id, name, quantity, net from product_sale_days s where ${cleanDay(websiteId, d, sql.raw('s'))}
        union all select product_id, product_name, quantity, net from invoice_lines
      )
      select product_id, min(name) as name, sum(quantity)::bigint as quantity, sum(net)::bigint as net
      from summed group by product_id, case when product_id is null then name end
      order by 4 desc, 2`
    : sql`
      with ${invoiceLines(saleIn(o, websiteId, p))}
      select product_id, min(product_name) as name, sum(quantity)::bigint as quantity, sum(net)::bigint as net
      from invoice_lines group by product_id, case when product_id is null then product_name end
      order by 4 desc, 2`;
  const rows = rowsOf<{ product_id: number | null; name: string; quantity: string; net: string }>(await db.execute(statement));
  return rows.map((r) => ({
    productId: r.product_id === null ? null : n(r.product_id),
    name: r.name,
    quantity: n(r.quantity),
    netPaise: n(r.net),
  }));
}

/**
 * Folds noted days into the summaries (the job runner, every minute; `maxDays` a run, oldest
 * first): takes the days' notes and writes each day again from its orders as they now stand, in
 * one transaction, so a reader sees a day either noted (read live) or folded. One fold at a time
 * (a transaction lock): two at once could otherwise write one day from two snapshots and the older
 * commit last. A note made while a fold runs stays, and the next fold takes it. Returns the days folded.
 */
export async function foldReportDays(db: Db, maxDays = 31): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_DAYS_LOCK})`);
    const taken = rowsOf<{ website_id: number; day: string }>(
      await tx.execute(sql`
        with pick as (select distinct website_id, day from report_day_changes order by day, website_id limit ${maxDays}),
        taken as (
          delete from report_day_changes c using pick where c.website_id = pick.website_id and c.day = pick.day
          returning c.website_id, c.day
        )
        select distinct website_id, to_char(day, 'YYYY-MM-DD') as day from taken`),
    );
    const byWebsite = new Map<number, string[]>();
    for (const t of taken) byWebsite.set(Number(t.website_id), [...(byWebsite.get(Number(t.website_id)) ?? []), t.day]);
    for (const [websiteId, days] of byWebsite) {
      const list = sql.join(
        days.map((day) => sql`${day}::date`),
        sql`, `,
      );
      const first = days.reduce((a, b) => (a < b ? a : b));
      const span = { start: shopDayStart(first), end: shopDayEnd(days.reduce((a, b) => (a > b ? a : b))) };
      for (const t of ['gst_days', 'invoice_days', 'product_sale_days'])
        await tx.execute(sql`delete from ${sql.identifier(t)} where website_id = ${websiteId} and day in (${list})`);
      const placed = shopDateSql(sql`o.created_at`);
      await tx.execute(sql`
        with ${invoiceLines(sql`${invoiced(websiteId, span)} and ${placed} in (${list})`, placed)},
        g as (
          insert into gst_days (website_id, day, hsn_code, gst_rate, quantity, taxable, cgst, sgst, igst)
          select ${websiteId}, day, hsn_code, gst_rate, sum(quantity), sum(taxable), sum(cgst), sum(sgst), sum(igst)
          from invoice_lines group by day, hsn_code, gst_rate
        )
        insert into invoice_days (website_id, day, invoices)
        select ${websiteId}, day, count(distinct order_id) from sold_lines group by day`);
      const delivered = shopDateSql(sql`o.delivered_at`);
      await tx.execute(sql`
        with ${invoiceLines(sql`${saleIn(o, websiteId, span)} and ${delivered} in (${list})`, delivered)}
        insert into product_sale_days (website_id, day, product_key, product_id, name, quantity, net)
        select ${websiteId}, day, coalesce(product_id::text, 'name:' || product_name), min(product_id), min(product_name), sum(quantity), sum(net)
        from invoice_lines group by day, coalesce(product_id::text, 'name:' || product_name)`);
    }
    return taken.length;
  });
}

/** The fold's transaction lock (any fixed number, the same in every process). */
const REPORT_DAYS_LOCK = 4_200_067;

/**
 * Cash-on-delivery orders by delivery date (the slot's date, else the day placed) within the
 * period's days: to deliver, out for delivery, delivered (the cash collected, what of it was
 * handed over to the shop's till and what is still to hand over), and the shortfalls at the door.
 * The cash is the payment's (`payments.collected`; an order delivered before issue 40 without it:
 * its total).
 */
export async function codByDeliveryDate(db: DbOrTx, websiteId: number, from: string, to: string) {
  const day = sql`coalesce(o.slot_date, ${istDay(sql`o.created_at`)})`;
  const cash = sql`coalesce(p.collected, o.cash_collected, o.total)`;
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select * from (
        select ${day} as date,
          count(*) filter (where o.status in (${list(COD_TO_DELIVER)}))::int as deliver_n,
          coalesce(sum(o.total) filter (where o.status in (${list(COD_TO_DELIVER)})), 0)::bigint as deliver_amount,
          count(*) filter (where o.status = 'shipped')::int as out_n,
          coalesce(sum(o.total) filter (where o.status = 'shipped'), 0)::bigint as out_amount,
          count(*) filter (where o.status = 'delivered')::int as collected_n,
          coalesce(sum(${cash}) filter (where o.status = 'delivered'), 0)::bigint as collected_amount,
          count(*) filter (where p.status = 'handed_over')::int as handed_n,
          coalesce(sum(${cash}) filter (where p.status = 'handed_over'), 0)::bigint as handed_amount,
          count(*) filter (where p.status = 'collected')::int as hand_n,
          coalesce(sum(${cash}) filter (where p.status = 'collected'), 0)::bigint as hand_amount,
          count(*) filter (where p.shortfall > 0)::int as short_n,
          coalesce(sum(p.shortfall) filter (where p.shortfall > 0), 0)::bigint as short_amount
        from orders o left join lateral (${codPaymentOfOrderSql(sql`o.id`)}) p on true
        where o.website_id = ${websiteId} and o.payment_method = 'cod'
          and o.status in (${list([...COD_TO_DELIVER, 'shipped', 'delivered'])})
          and (o.slot_date between ${from} and ${to}
            or (o.slot_date is null and o.created_at >= ${shopDayStart(from).toISOString()}
              and o.created_at < ${shopDayEnd(to).toISOString()}))
        group by 1
      ) d order by date`),
  );
  const m = (r: Record<string, string>, k: string) => ({ orders: n(r[`${k}_n`]), paise: n(r[`${k}_amount`]) });
  return rows.map((r) => ({
    date: r.date!,
    toDeliver: m(r, 'deliver'),
    outForDelivery: m(r, 'out'),
    collected: m(r, 'collected'),
    handedOver: m(r, 'handed'),
    toHandOver: m(r, 'hand'),
    short: m(r, 'short'),
  }));
}
