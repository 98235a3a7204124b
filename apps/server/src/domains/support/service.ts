import { REPORT_WINDOW_DAYS, reportIssueBodySchema, type AdminIssue, type OrderIssue, type ReportIssueBody } from '@grocer/shared/support';
import type { z } from 'zod';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { namesOf } from '../identity';
import { findOrder, orderDetail, type Shopper } from '../orders/service';
import { orderIssues } from './tables';

type IssueRow = typeof orderIssues.$inferSelect;
const DAY = 86_400_000;

const toIssue = (r: IssueRow): OrderIssue => ({
  id: r.id,
  kind: r.kind,
  lines: r.lines,
  note: r.note,
  status: r.status,
  resolution: r.resolution,
  created_at: r.createdAt.toISOString(),
  resolved_at: r.resolvedAt?.toISOString() ?? null,
});

/**
 * A shopper reports a problem with their delivered order: only within REPORT_WINDOW_DAYS of its
 * delivery, one open report per order, about lines of that order and no more than was sold.
 */
export async function reportIssue(db: Db, s: Shopper, orderId: string, input: ReportIssueBody, now = new Date()): Promise<OrderIssue> {
  const body: z.output<typeof reportIssueBodySchema> = reportIssueBodySchema.parse(input);
  const order = await findOrder(db, s, orderId);
  const detail = await orderDetail(db, order);
  const delivered = detail.timeline.findLast((e) => e.status === 'delivered');
  if (order.status !== 'delivered' || !delivered || now.getTime() - Date.parse(delivered.at) > REPORT_WINDOW_DAYS * DAY)
    throw fail('ISSUE_NOT_REPORTABLE', { days: REPORT_WINDOW_DAYS });
  const sold = new Map(detail.lines.map((l) => [l.pack_id, l]));
  const errors: Record<string, string[]> = {};
  const lines = body.lines.map((l, i) => {
    const line = sold.get(l.pack_id);
    if (!line) errors[`lines.${i}.pack_id`] = ['This item is not in the order'];
    else if (l.quantity > line.quantity) errors[`lines.${i}.quantity`] = [`At most ${line.quantity}, as ordered`];
    return { pack_id: l.pack_id, name: line ? `${line.name} - ${line.pack}` : '', quantity: l.quantity };
  });
  if (Object.keys(errors).length) throw Errors.invalid(errors);
  return db.transaction(async (tx) => {
    // One open report per order: the order row's lock would be the orders domain's; the check
    // and insert are made one at a time per order by an advisory lock on the order id instead.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-issue:${order.id}`}))`);
    const [open] = await tx
      .select({ n: count() })
      .from(orderIssues)
      .where(and(eq(orderIssues.orderId, order.id), eq(orderIssues.status, 'open')));
    if (Number(open?.n ?? 0) > 0) throw fail('ISSUE_ALREADY_OPEN');
    const [row] = await tx
      .insert(orderIssues)
      .values({
        websiteId: s.websiteId,
        orderId: order.id,
        userId: s.userId,
        ordernumber: order.ordernumber,
        customerName: order.address.name,
        customerPhone: order.address.phone,
        kind: body.kind,
        lines,
        note: body.note,
      })
      .returning();
    return toIssue(row!);
  });
}

/** The shopper's reports on one of their orders (another's order: 404). */
export async function orderIssuesOf(db: Db, s: Shopper, orderId: string): Promise<OrderIssue[]> {
  const order = await findOrder(db, s, orderId);
  const rows = await db.select().from(orderIssues).where(eq(orderIssues.orderId, order.id)).orderBy(desc(orderIssues.id));
  return rows.map(toIssue);
}

/** Administration → Issues: the website's reports, newest first, with how many are open. */
export async function listAdminIssues(
  db: Db,
  websiteId: number,
  q: { status: 'open' | 'resolved' | 'all'; q?: string; page: number; perPage: number },
): Promise<{ data: AdminIssue[]; meta: { total: number; open: number; page: number; perPage: number } }> {
  // every word in the order's number, the customer's name or mobile, or the shopper's note
  const words = (q.q ?? '').split(/\s+/).filter(Boolean);
  const searched = and(
    ...words.map((w) => {
      const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return or(
        ilike(orderIssues.ordernumber, like),
        ilike(orderIssues.customerName, like),
        ilike(orderIssues.customerPhone, like),
        ilike(orderIssues.note, like),
      );
    }),
  );
  const where = and(eq(orderIssues.websiteId, websiteId), q.status === 'all' ? undefined : eq(orderIssues.status, q.status), searched);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(orderIssues)
      .where(where)
      .orderBy(desc(orderIssues.createdAt), desc(orderIssues.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where})`,
        open: sql<number>`count(*) filter (where ${orderIssues.status} = 'open')`,
      })
      .from(orderIssues)
      .where(eq(orderIssues.websiteId, websiteId)),
  ]);
  const names = await namesOf(
    db,
    rows.flatMap((r) => (r.resolvedBy === null ? [] : [r.resolvedBy])),
  );
  return {
    data: rows.map((r) => adminIssue(r, names)),
    meta: { total: Number(totals?.total ?? 0), open: Number(totals?.open ?? 0), page: q.page, perPage: q.perPage },
  };
}

const adminIssue = (r: IssueRow, names: Map<number, string>): AdminIssue => ({
  ...toIssue(r),
  order_id: r.orderId,
  ordernumber: r.ordernumber,
  customer: { name: r.customerName, phone: r.customerPhone },
  resolved_by: r.resolvedBy === null ? null : (names.get(r.resolvedBy) ?? null),
});

/** Staff resolve a report with what they did (refunded, replaced, explained); audited; once only. */
export async function resolveIssue(
  db: Db,
  actor: AuditActor,
  id: number,
  resolution: string,
): Promise<{ issue: AdminIssue; userId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orderIssues)
      .where(and(eq(orderIssues.websiteId, actor.websiteId), eq(orderIssues.id, id)))
      .for('update');
    if (!row) throw fail('ISSUE_NOT_FOUND');
    if (row.status === 'resolved') throw fail('ISSUE_ALREADY_RESOLVED');
    const [done] = await tx
      .update(orderIssues)
      .set({ status: 'resolved', resolution, resolvedBy: actor.actorId, resolvedAt: new Date() })
      .where(eq(orderIssues.id, id))
      .returning();
    await recordAudit(tx, actor, {
      entity: 'order_issue',
      entityId: id,
      action: 'resolve',
      before: { status: row.status },
      after: { status: 'resolved', resolution },
    });
    return { issue: adminIssue(done!, await namesOf(tx, actor.actorId === null ? [] : [actor.actorId])), userId: row.userId };
  });
}
