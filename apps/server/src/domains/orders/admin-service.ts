import {
  ACTION_TARGET,
  ORDER_ACTIONS,
  REMOVE_STATUSES,
  SUBSTITUTE_STATUSES,
  type AdminOrder,
  type AdminOrderRow,
  type AdminOrdersQuery,
  type BulkBody,
  type BulkResult,
  type CashHandoverResult,
  type DeliverBody,
  type DeliveryNote,
  type OrderAction,
} from '@grocer/shared/admin-orders';
import { PAYMENT_STATUS_LABELS } from '@grocer/shared/labels';
import { ORDER_STATUS_LABELS, canMove, type OrderStatus, type PaymentProvider } from '@grocer/shared/order';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { userIdsMatching, usersByIds } from '../identity';
import {
  collectCash,
  handOverCash,
  ordersWithPaymentStatus,
  paymentEventsOf,
  paymentOfOrder,
  paymentStatusesOf,
  releasePayment,
  balancesOf,
  refundSummary,
  refundSummaryRupees,
} from '../payments';
import { adjustmentsOf, presentAdjustment, refuseAtDoor } from './adjustments';
import { orderErrors, type OrderRow } from './errors';
import { lockOrder, moveOrder, releaseOrder } from './lifecycle';
import { orderDetail, orderEventsOf, orderLinesOf, refundedOther } from './queries';
import { notesOf, ordersTagged, tagsOf, tagsOfOrders } from './notes';
import { staffTimeline } from './staff-timeline';
import { orders } from './tables';
import { countOrders, countedBySummary } from './order-counts';
import { emitOrderEvent } from '../outbox';
import type { StatusChangedPayload } from './notify';
import { shopDayEnd, shopDayStart } from '@grocer/shared/shop-time';

const dayStart = shopDayStart;
const nextDay = shopDayEnd;
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The staff's order list: one website's orders, searched, filtered, sorted and paged. */
export async function listAdminOrders(db: Db, websiteId: number, q: AdminOrdersQuery) {
  const where: Array<SQL | undefined> = [eq(orders.websiteId, websiteId)];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.payment_method) where.push(eq(orders.paymentMethod, q.payment_method));
  if (q.payment_status) where.push(inArray(orders.id, ordersWithPaymentStatus(db, websiteId, q.payment_status)));
  if (q.from) where.push(gte(orders.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(orders.createdAt, nextDay(q.to)));
  if (q.delivery_date) where.push(eq(orders.slotDate, q.delivery_date));
  if (q.slot_id) where.push(eq(orders.slotId, q.slot_id));
  if (q.pincode) where.push(eq(orders.pincode, q.pincode));
  if (q.tag) where.push(inArray(orders.id, ordersTagged(db, websiteId, q.tag)));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    const people = await userIdsMatching(db, q.q);
    where.push(
      or(
        ilike(orders.ordernumber, like),
        sql`${orders.address}->>'name' ilike ${like}`,
        sql`${orders.address}->>'phone' ilike ${like}`,
        people.length ? inArray(orders.userId, people) : undefined,
      ),
    );
  }
  const cond = and(...where);
  const column = { placed: orders.createdAt, total: orders.total, ordernumber: orders.createdAt, delivery: orders.slotDate }[q.sort];
  const by = q.dir === 'asc' ? asc : desc;
  const rows = await db
    .select({
      o: orders,
      // Qualified by hand: drizzle leaves single-table columns unqualified, and `id` would bind to l.id.
      items: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(cond)
    .orderBy(
      q.sort === 'ordernumber' ? by(sql`length(${orders.ordernumber})`) : by(column),
      ...(q.sort === 'ordernumber' ? [by(orders.ordernumber)] : []),
      ...(q.sort === 'delivery' ? [by(orders.slotStart)] : []),
      desc(orders.createdAt),
      desc(orders.id),
    )
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  // the total: from the counts summary when the filters are its own (exact), else counted
  const [{ n } = { n: 0 }] = countedBySummary(q)
    ? [{ n: await countOrders(db, websiteId, q) }]
    : await db.select({ n: count() }).from(orders).where(cond);
  const pay = new Map(
    (
      await paymentStatusesOf(
        db,
        rows.map((r) => r.o.id),
      )
    ).map((p) => [p.orderId, p.status]),
  );
  const tags = await tagsOfOrders(
    db,
    rows.map((r) => r.o.id),
  );
  const data: AdminOrderRow[] = rows.map(({ o, items }) => ({
    id: o.id,
    ordernumber: o.ordernumber,
    created_at: o.createdAt.toISOString(),
    status: o.status,
    payment_method: o.paymentMethod,
    payment_status: pay.get(o.id) ?? null,
    customer: o.address.name,
    phone: o.address.phone,
    pincode: o.pincode,
    slot: o.slotDate && o.slotStart && o.slotEnd ? { date: o.slotDate, start_time: o.slotStart, end_time: o.slotEnd } : null,
    items,
    total: toRupees(o.total),
    tags: tags.get(o.id) ?? [],
  }));
  return { data, meta: { total: Number(n), page: q.page, perPage: q.perPage } };
}

/** One of the website's orders; another website's (or no) order is 404. */
export async function findAdminOrder(db: Db | Tx, websiteId: number, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, id)));
  if (!row) throw orderErrors.notFound();
  return row;
}

/** The moves the lifecycle allows from a status, in the order the buttons show. */
export const allowedActions = (status: OrderStatus): OrderAction[] => ORDER_ACTIONS.filter((a) => canMove(status, ACTION_TARGET[a]));

/** The staff's order screen: the shopper's view, plus the customer, the payment's provider events and who moved it. */
export async function adminOrder(db: Db, o: OrderRow): Promise<AdminOrder> {
  const d = await orderDetail(db, o);
  const [payment, eventsOfPayment, history, changes, rows, notes, tags, balances] = await Promise.all([
    paymentOfOrder(db, o.id),
    paymentEventsOf(db, o.id),
    orderEventsOf(db, o.id),
    adjustmentsOf(db, o.id),
    orderLinesOf(db, o.id),
    notesOf(db, o.id),
    tagsOf(db, o.id),
    balancesOf(db, o.id),
  ]);
  const warehouseOfLine = new Map(rows.map((l) => [l.id, l.warehouseId]));
  const staffIds = [
    o.userId,
    ...[...history, ...changes].filter((e) => e.actor.startsWith('user:')).map((e) => Number(e.actor.slice(5))),
    ...notes.flatMap((n) => (n.authorId === null ? [] : [n.authorId])),
  ].filter((v, i, a) => Number.isInteger(v) && a.indexOf(v) === i);
  const people = new Map((await usersByIds(db, staffIds)).map((u) => [u.id, u]));
  const customer = people.get(o.userId);
  const who = (actor: string) => {
    if (actor.startsWith('user:')) {
      const id = Number(actor.slice(5));
      const name = people.get(id)?.name ?? `user ${id}`;
      return id === o.userId ? `${name} (customer)` : name;
    }
    return actor === 'system' ? 'the system' : actor;
  };
  return {
    id: o.id,
    ordernumber: o.ordernumber,
    created_at: d.created_at,
    status: o.status,
    channel: o.channel,
    actions: allowedActions(o.status),
    customer: { id: o.userId, name: customer?.name ?? o.address.name, email: customer?.email ?? null, phone: customer?.phone ?? null },
    address: d.address,
    slot: d.slot,
    notes: o.notes,
    delivery_instructions: d.delivery_instructions,
    tip: d.tip,
    substitution: d.substitution,
    lines: d.lines.map((l) => ({ ...l, warehouse_id: warehouseOfLine.get(l.line_id ?? 0) ?? null })),
    items_total: d.items_total,
    discount: d.discount,
    coupon: d.coupon,
    delivery_charge: d.delivery_charge,
    total: d.total,
    wallet_paid: d.wallet_paid,
    wallet_returned: d.wallet_returned,
    delivery: o.delivery ?? null,
    cash_collected: (payment?.collected ?? o.cashCollected) === null ? null : toRupees(payment?.collected ?? o.cashCollected!),
    payment: payment && {
      provider: payment.provider,
      status: payment.status,
      amount: toRupees(payment.amount),
      provider_order_id: payment.providerOrderId,
      provider_payment_id: payment.providerPaymentId,
      refund_id: payment.refundId,
      refunded: toRupees(payment.refunded),
      refund_pending: toRupees(payment.refundPending),
      collected: payment.collected === null ? null : toRupees(payment.collected),
      shortfall: toRupees(payment.shortfall),
      shortfall_reason: payment.shortfallReason,
      handed_over_at: payment.handedOverAt?.toISOString() ?? null,
      review: payment.meta.review ?? null,
      events: eventsOfPayment.map((e) => ({ at: e.createdAt.toISOString(), kind: e.kind, event_id: e.eventId, payload: e.payload })),
    },
    refunds: refundSummaryRupees(
      refundSummary(payment, refundedOther(changes), balances, { paid: o.walletPaid, returned: o.walletReturned }),
    ),
    // a staff edit's difference paid by link (issue 40 §12): the pay page of the order, while one is open
    balances: balances.map((b) => ({
      id: b.id,
      status: b.status,
      amount: toRupees(b.amount),
      provider: b.provider,
      link: b.status === 'pending' ? `/checkout/${b.provider}/${o.id}` : null,
      provider_order_id: b.providerOrderId,
      provider_payment_id: b.providerPaymentId,
      at: b.createdAt.toISOString(),
    })),
    adjustments: changes.map((a) => ({ ...presentAdjustment(a), by: who(a.actor) })),
    changes: { remove: REMOVE_STATUSES.includes(o.status), substitute: SUBSTITUTE_STATUSES.includes(o.status) },
    timeline: staffTimeline(
      history,
      notes.map((n) => ({
        text: n.text,
        createdAt: n.createdAt,
        author: n.authorId === null ? 'a former staff member' : who(`user:${n.authorId}`),
      })),
      { who, paid: payment && { provider: payment.provider, amount: payment.amount, via: payment.meta.via ?? null } },
    ),
    tags,
  };
}

export interface StaffMove {
  action: OrderAction;
  actor: AuditActor;
  delivery?: DeliveryNote;
  /** cash on delivery: rupees the delivery person brought back */
  cashCollected?: number;
  /** delivered: units the customer refused at the door (taken off the order) */
  refused?: DeliverBody['refused'];
  /** cash on delivery: why less than the total was collected */
  shortReason?: string;
  reason?: string;
}

/**
 * What a staff move answers: the order as moved, a paid payment to refund once committed, and
 * whether partial refunds (lines refused at the door of a prepaid order) wait to be sent.
 */
export interface Moved {
  order: OrderRow;
  refund: { provider: PaymentProvider } | null;
  refunds?: boolean;
}

/** The cash at the door of a cash-on-delivery order (paise): its total, or less with a reason. */
interface Cash {
  collected: number;
  shortfall: number;
  reason: string | null;
}

/**
 * Checks the cash the delivery person brought back against the order's total (after refused
 * lines): never more; less only with a reason (a shortfall). 422 CASH_MISMATCH otherwise.
 */
function cashAtDoor(o: OrderRow, m: StaffMove): Cash {
  const total = toRupees(o.total);
  const collected = m.cashCollected === undefined ? null : toPaise(m.cashCollected);
  const refuse = (errors: Record<string, string[]>) => fail('CASH_MISMATCH', { total }).withErrors(errors);
  if (collected === null) throw refuse({ cash_collected: [`Collect ${formatINR(total)}`] });
  if (collected > o.total) throw refuse({ cash_collected: [`Collect ${formatINR(total)}, not more`] });
  if (collected < o.total && !m.shortReason)
    throw refuse({
      cash_collected: [`Collect ${formatINR(total)}`],
      short_reason: [`${formatINR(toRupees(o.total - collected))} short: mark refused items, or say why`],
    });
  return { collected, shortfall: o.total - collected, reason: collected < o.total ? m.shortReason! : null };
}

const moveNote = (m: StaffMove, o: OrderRow, cash: Cash | null): string | null => {
  if (m.action === 'ship' && m.delivery) {
    const d = m.delivery;
    const extra = [d.vehicle && `vehicle ${d.vehicle}`, d.tracking && `tracking ${d.tracking}`].filter(Boolean).join(', ');
    return `Out for delivery with ${d.person}${d.phone ? ` (${d.phone})` : ''}${extra ? `, ${extra}` : ''}`;
  }
  if (m.action === 'deliver' && cash)
    return `Cash collected: ${formatINR(toRupees(cash.collected))}${cash.shortfall > 0 ? ` (${formatINR(toRupees(cash.shortfall))} short: ${cash.reason})` : ''}`;
  if (m.action === 'cancel') return `Cancelled by the shop: ${m.reason ?? ''}`.trim();
  return null;
};

/**
 * A staff move of one order inside the caller's transaction, through `moveOrder` (the guarded
 * update of the lifecycle table): null when the table forbids it from the order's status now, so
 * the caller changes nothing. A cancel returns stock, slot and coupon (`releaseOrder`), marks a
 * paid payment refund_pending (the refund itself goes to the provider after the commit) and cash
 * still to collect not_collected. Delivering locks the order, takes refused lines off it
 * (`refuseAtDoor`) and, for cash on delivery, records the cash collected on the payment (cod →
 * collected), a shortfall with its reason.
 */
export async function staffMove(tx: Tx, o: OrderRow, m: StaffMove): Promise<Moved | null> {
  let cash: Cash | null = null;
  let refunds = false;
  if (m.action === 'deliver') {
    // the lines, the total and the cash are checked and changed with the order row locked
    if ((await lockOrder(tx, o.id)) !== 'shipped') return null;
    o = await findAdminOrder(tx, o.websiteId, o.id);
    if (m.refused?.length) ({ order: o, refunds } = await refuseAtDoor(tx, m.actor, o, m.refused));
    if (o.paymentMethod === 'cod') cash = cashAtDoor(o, m);
  }
  const moved = await moveOrder(tx, o.id, ACTION_TARGET[m.action], { actor: `user:${m.actor.actorId ?? 0}`, note: moveNote(m, o, cash) });
  if (!moved) return null;
  let order = moved;
  let refund: Moved['refund'] = null;
  if (m.action === 'ship' && m.delivery) {
    [order] = (await tx.update(orders).set({ delivery: m.delivery }).where(eq(orders.id, o.id)).returning()) as [OrderRow];
  }
  if (cash) await collectCash(tx, o.id, cash);
  if (m.action === 'cancel') {
    await releaseOrder(tx, moved, { actor: `user:${m.actor.actorId ?? 0}` });
    const p = await releasePayment(tx, o.id);
    if (p) refund = { provider: p.provider };
    if (p)
      await emitOrderEvent(tx, {
        websiteId: o.websiteId,
        orderId: o.id,
        topic: 'order.refunded',
        payload: { amount: p.amount - p.refunded, provider: p.provider, reason: 'cancelled by the shop' },
      });
  }
  // the order as it moved, for the consumers (the shopper's message says this status, this total)
  const payload: StatusChangedPayload = { from: o.status, status: order.status, total: order.total, delivery: order.delivery };
  await emitOrderEvent(tx, { websiteId: o.websiteId, orderId: o.id, topic: 'order.status_changed', payload: { ...payload } });
  await recordAudit(tx, m.actor, {
    entity: 'order',
    entityId: o.id,
    action: m.action,
    before: { status: o.status },
    after: {
      status: order.status,
      ...(m.delivery ? { delivery: m.delivery } : {}),
      ...(cash ? { cash_collected: toRupees(cash.collected) } : {}),
      ...(cash?.shortfall ? { shortfall: toRupees(cash.shortfall), short_reason: cash.reason } : {}),
      ...(m.refused?.length ? { refused: m.refused } : {}),
      ...(m.reason ? { reason: m.reason } : {}),
    },
  });
  return { order, refund, refunds };
}

/**
 * Cash on delivery collected and now in the shop's till (issue 40): each of the website's orders
 * in `ids` whose payment is collected moves to handed_over, with an audit row, in one transaction (the orders locked in id order, as single moves lock them); the others are
 * answered as skipped with their payment's status. Another website's (or no) order is left out.
 */
export async function handOverOrdersCash(db: Db, actor: AuditActor, ids: string[]): Promise<CashHandoverResult> {
  return db.transaction(async (tx) => {
    const targets = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, actor.websiteId), inArray(orders.id, [...new Set(ids)])))
      .orderBy(asc(orders.id))
      .for('update');
    const moved = new Map(
      (
        await handOverCash(
          tx,
          actor.websiteId,
          targets.map((o) => o.id),
        )
      ).map((p) => [p.orderId, p]),
    );
    const statuses = new Map(
      (
        await paymentStatusesOf(
          tx,
          targets.filter((o) => !moved.has(o.id)).map((o) => o.id),
        )
      ).map((p) => [p.orderId, p.status]),
    );
    const result: CashHandoverResult = { handed_over: [], skipped: [] };
    for (const o of [...targets].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      const p = moved.get(o.id);
      if (!p) {
        result.skipped.push({ id: o.id, ordernumber: o.ordernumber, status: statuses.get(o.id) ?? null });
        continue;
      }
      const amount = toRupees(p.collected ?? p.amount);
      // the shop's own business: on the payment (handed_over_at) and the audit log, not the shopper's timeline
      await recordAudit(tx, actor, {
        entity: 'order',
        entityId: o.id,
        action: 'cash_handover',
        before: { payment: 'collected' },
        after: { payment: 'handed_over', amount },
      });
      result.handed_over.push({ id: o.id, ordernumber: o.ordernumber, amount });
    }
    return result;
  });
}

/** One order's cash handed over: 404 for another website's order, 409 when its cash is not waiting (nothing changed). */
export async function handOverOneOrderCash(db: Db, actor: AuditActor, id: string): Promise<void> {
  await findAdminOrder(db, actor.websiteId, id);
  const r = await handOverOrdersCash(db, actor, [id]);
  const skipped = r.skipped[0];
  if (skipped) throw fail('CASH_NOT_COLLECTED', { status: skipped.status ? PAYMENT_STATUS_LABELS[skipped.status] : 'none' });
}

/** One order, one move: 409 (nothing changed) when the lifecycle table forbids it now. */
export async function moveOneOrder(db: Db, websiteId: number, id: string, m: StaffMove): Promise<Moved> {
  await findAdminOrder(db, websiteId, id);
  return db.transaction(async (tx) => {
    // read again inside the transaction: the audit's `before` is the status this move saw
    const done = await staffMove(tx, await findAdminOrder(tx, websiteId, id), m);
    if (!done) {
      const now = await findAdminOrder(tx, websiteId, id);
      throw fail('ORDER_MOVE_FORBIDDEN', {
        action: ORDER_STATUS_LABELS[ACTION_TARGET[m.action]].toLowerCase(),
        status: ORDER_STATUS_LABELS[now.status].toLowerCase(),
      });
    }
    return done;
  });
}

/**
 * Many orders, one move (the ticked ones, or a slot's on a date): each in its own transaction, so
 * one that has moved on meanwhile is skipped, not the whole batch.
 */
export async function moveManyOrders(db: Db, websiteId: number, body: BulkBody, actor: AuditActor) {
  const where: SQL[] = [eq(orders.websiteId, websiteId)];
  if (body.ids?.length) where.push(inArray(orders.id, body.ids));
  if (body.slot) where.push(eq(orders.slotId, body.slot.slot_id), eq(orders.slotDate, body.slot.date));
  const targets = await db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.createdAt));
  const result: BulkResult = { moved: [], skipped: [] };
  const movedOrders: OrderRow[] = [];
  for (const o of targets) {
    const done = await db.transaction((tx) => staffMove(tx, o, { action: body.action, actor, delivery: body.delivery }));
    if (done) {
      result.moved.push({ id: o.id, ordernumber: o.ordernumber });
      movedOrders.push(done.order);
    } else {
      const now = await findAdminOrder(db, websiteId, o.id);
      result.skipped.push({ id: o.id, ordernumber: o.ordernumber, status: now.status });
    }
  }
  return { result, movedOrders };
}
