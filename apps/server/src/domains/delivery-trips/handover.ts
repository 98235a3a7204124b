import {
  denominationsTotal,
  type CodFigures,
  type CodRiderReport,
  type Deposit,
  type DepositInput,
  type Handover,
  type HandoverInput,
  type HandoverVia,
  type PendingHandover,
  type RiderCash,
} from '@grocer/shared/delivery-trips';
import { csvText } from '@grocer/shared/csv';
import { toPaise, toRupees } from '@grocer/shared/money';
import { and, asc, between, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { usersByIds } from '../identity';
import { tripOrders } from '../orders';
import { handOverCash } from '../payments';
import { cashDeposits, cashHandovers, deliveryTrips, tripStops } from './tables';

/**
 * A trip's cash handed over to a cashier (issue 45 item 4), and the COD report by day and rider.
 *
 * A done trip's expected cash is the cash its riders collected at the doors (the delivered stops'
 * `cash_paise`); UPI paid to the shop's QR is already in the bank and is reconciled apart (shown,
 * never counted). A cashier counts the cash once (POS or Administration): the count, the
 * difference (counted − expected, a reason when not zero, like a till shift's close) and who took
 * it are kept on `cash_handovers`, one row per trip; the trip's cash-on-delivery payments move to
 * handed over. The cash goes into the shop's cash bag, not into an open till shift's drawer: a
 * shift's expected cash stays its own sales (its close is not disturbed by a rider's bag of notes).
 */

type StopMoney = { tripId: number; orderId: string; cashPaise: number; upiPaise: number };

/** The delivered stops of `tripIds` with their money. */
async function deliveredStops(db: DbOrTx, websiteId: number, tripIds: number[]): Promise<StopMoney[]> {
  if (tripIds.length === 0) return [];
  return db
    .select({ tripId: tripStops.tripId, orderId: tripStops.orderId, cashPaise: tripStops.cashPaise, upiPaise: tripStops.upiPaise })
    .from(tripStops)
    .where(and(eq(tripStops.websiteId, websiteId), inArray(tripStops.tripId, tripIds), eq(tripStops.outcome, 'delivered')))
    .orderBy(asc(tripStops.tripId), asc(tripStops.sequence));
}

const sumOf = (rows: StopMoney[], k: 'cashPaise' | 'upiPaise') => rows.reduce((s, r) => s + r[k], 0);

/** The rider's view of a trip's money: collected, and the count once a cashier made it. */
export async function riderCashOf(db: DbOrTx, websiteId: number, tripId: number): Promise<RiderCash> {
  const stops = await deliveredStops(db, websiteId, [tripId]);
  const [h] = await db.select().from(cashHandovers).where(eq(cashHandovers.tripId, tripId));
  return {
    cash: sumOf(stops, 'cashPaise'),
    upi: sumOf(stops, 'upiPaise'),
    handover: h ? { counted: h.counted, difference: h.difference, at: h.createdAt.toISOString() } : null,
  };
}

async function namesOf(db: DbOrTx, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  return new Map((await usersByIds(db, wanted)).map((u) => [u.id, u.name]));
}

const refOf = (id: number | null, names: Map<number, string>) => (id === null ? null : { id, name: names.get(id) ?? '' });

/** Done trips whose cash no cashier has counted yet (those that collected cash), oldest first. */
export async function pendingHandovers(db: DbOrTx, websiteId: number): Promise<PendingHandover[]> {
  const trips = await db
    .select()
    .from(deliveryTrips)
    .leftJoin(cashHandovers, eq(cashHandovers.tripId, deliveryTrips.id))
    .where(and(eq(deliveryTrips.websiteId, websiteId), eq(deliveryTrips.status, 'done'), isNull(cashHandovers.id)))
    .orderBy(asc(deliveryTrips.endedAt), asc(deliveryTrips.id));
  const stops = await deliveredStops(
    db,
    websiteId,
    trips.map((t) => t.delivery_trips.id),
  );
  const numbers = new Map(
    (
      await tripOrders(
        db,
        websiteId,
        stops.map((s) => s.orderId),
      )
    ).map((o) => [o.id, o.ordernumber]),
  );
  const names = await namesOf(
    db,
    trips.map((t) => t.delivery_trips.riderId),
  );
  return trips.flatMap(({ delivery_trips: t }) => {
    const mine = stops.filter((s) => s.tripId === t.id && s.cashPaise + s.upiPaise > 0);
    const expected = sumOf(mine, 'cashPaise');
    if (expected === 0) return [];
    return [
      {
        trip_id: t.id,
        label: t.label,
        date: t.slotDate,
        rider: refOf(t.riderId, names),
        ended_at: t.endedAt?.toISOString() ?? null,
        expected,
        upi: sumOf(mine, 'upiPaise'),
        orders: mine.map((s) => ({ order_id: s.orderId, ordernumber: numbers.get(s.orderId) ?? '', cash: s.cashPaise, upi: s.upiPaise })),
      },
    ];
  });
}

/** The handovers counted lately (newest first). */
export async function recentHandovers(db: DbOrTx, websiteId: number, limit = 30): Promise<Handover[]> {
  const rows = await db
    .select({ h: cashHandovers, label: deliveryTrips.label, date: deliveryTrips.slotDate })
    .from(cashHandovers)
    .innerJoin(deliveryTrips, eq(deliveryTrips.id, cashHandovers.tripId))
    .where(eq(cashHandovers.websiteId, websiteId))
    .orderBy(desc(cashHandovers.createdAt), desc(cashHandovers.id))
    .limit(limit);
  const names = await namesOf(db, [...rows.map((r) => r.h.riderId), ...rows.map((r) => r.h.receivedBy)]);
  return rows.map(({ h, label, date }) => ({
    id: h.id,
    trip_id: h.tripId,
    label,
    date,
    rider: refOf(h.riderId, names),
    expected: h.expected,
    upi: h.upi,
    counted: h.counted,
    difference: h.difference,
    reason: h.reason,
    denominations: (h.denominations as Record<string, number> | null) ?? null,
    received_by: h.receivedBy === null ? '' : (names.get(h.receivedBy) ?? ''),
    via: h.via,
    at: h.createdAt.toISOString(),
    deposit_id: h.depositId,
  }));
}

export const handovers = async (db: Db, websiteId: number) => ({
  pending: await pendingHandovers(db, websiteId),
  done: await recentHandovers(db, websiteId),
});

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * A cashier counts a done trip's cash, once: the trip row locked, a second count (another tab, a
 * double tap) answers 409 HANDOVER_DONE and changes nothing. The difference needs a reason; the
 * notes and coins, when given, must make the total. The trip's cash-on-delivery payments move to
 * handed over, and an audit row names the trip, the amounts and the reason.
 */
export async function takeHandover(db: Db, actor: AuditActor, tripId: number, input: HandoverInput, via: HandoverVia): Promise<Handover> {
  if (input.denominations && denominationsTotal(input.denominations) !== input.counted)
    throw Errors.invalid({
      denominations: [
        `The notes and coins make ${formatPaise(denominationsTotal(input.denominations))}, not ${formatPaise(input.counted)}`,
      ],
    });
  const id = await db
    .transaction(async (tx) => {
      const [trip] = await tx
        .select()
        .from(deliveryTrips)
        .where(and(eq(deliveryTrips.websiteId, actor.websiteId), eq(deliveryTrips.id, tripId)))
        .for('update');
      if (!trip) throw Errors.notFound('No such trip');
      const [done] = await tx.select().from(cashHandovers).where(eq(cashHandovers.tripId, trip.id));
      if (done) throw fail('HANDOVER_DONE', { by: (await namesOf(tx, [done.receivedBy])).get(done.receivedBy ?? 0) ?? '' });
      if (trip.status !== 'done') throw fail('TRIP_NOT_DONE');
      const stops = await deliveredStops(tx, actor.websiteId, [trip.id]);
      const expected = sumOf(stops, 'cashPaise');
      if (expected === 0) throw fail('NO_CASH_TO_HAND_OVER');
      const difference = input.counted - expected;
      const reason = input.reason?.trim() || null;
      if (difference !== 0 && !reason)
        throw Errors.invalid({
          reason: [`${formatPaise(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}: say why`],
        });
      const [row] = await tx
        .insert(cashHandovers)
        .values({
          websiteId: actor.websiteId,
          tripId: trip.id,
          riderId: trip.riderId,
          expected,
          upi: sumOf(stops, 'upiPaise'),
          counted: input.counted,
          difference,
          reason: difference === 0 ? null : reason,
          denominations: input.denominations ?? null,
          receivedBy: actor.actorId,
          via,
        })
        .returning();
      await handOverCash(
        tx,
        actor.websiteId,
        stops.filter((s) => s.cashPaise + s.upiPaise > 0).map((s) => s.orderId),
      );
      await recordAudit(tx, actor, {
        entity: 'delivery_trip',
        entityId: trip.id,
        action: 'cash_handover',
        label: trip.label,
        before: { expected: toRupees(expected) },
        after: {
          counted: toRupees(input.counted),
          difference: toRupees(difference),
          ...(difference !== 0 ? { reason } : {}),
          rider_id: trip.riderId,
          via,
        },
      });
      return row!.id;
    })
    .catch((e: unknown) => {
      // two counts at once on a database without the row lock's wait: the unique index stops the second
      if (isUniqueViolation(e)) throw fail('HANDOVER_DONE', { by: '' });
      throw e;
    });
  const [h] = (await recentHandovers(db, actor.websiteId, 500)).filter((x) => x.id === id);
  return h!;
}

const formatPaise = (p: number) =>
  `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: p % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

// ── the COD report ──────────────────────────────────────────────────────────────────────────────

const zero = (): CodFigures => ({
  orders: 0,
  expected: 0,
  upi: 0,
  handed_over: 0,
  counted: 0,
  difference: 0,
  pending: 0,
  deposited: 0,
  undeposited: 0,
});

/**
 * Cash on delivery by day (the trip's slot date) and rider within `from`..`to`: every delivered
 * cash-on-delivery order of a trip, its cash and UPI, and whether its trip's cash was counted.
 * It reconciles by construction: expected = the orders' cash; handed_over + pending = expected;
 * counted = handed_over + difference; counted = deposited + undeposited (the property test in
 * handover.unit.test.ts holds it to that).
 */
export async function codRiderReport(db: DbOrTx, websiteId: number, from: string, to: string): Promise<CodRiderReport> {
  if (from > to) throw Errors.invalid({ to: ['The end is before the start'] });
  const trips = await db
    .select({ t: deliveryTrips, h: cashHandovers })
    .from(deliveryTrips)
    .leftJoin(cashHandovers, eq(cashHandovers.tripId, deliveryTrips.id))
    .where(and(eq(deliveryTrips.websiteId, websiteId), between(deliveryTrips.slotDate, from, to)))
    .orderBy(asc(deliveryTrips.slotDate), asc(deliveryTrips.id));
  const stops = await deliveredStops(
    db,
    websiteId,
    trips.map((r) => r.t.id),
  );
  const orderRows = new Map(
    (
      await tripOrders(
        db,
        websiteId,
        stops.map((s) => s.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const names = await namesOf(
    db,
    trips.map((r) => r.t.riderId),
  );
  return {
    from,
    to,
    ...codRows(
      trips.map(({ t, h }) => ({
        id: t.id,
        label: t.label,
        date: t.slotDate,
        rider: refOf(t.riderId, names),
        handover: h
          ? { id: h.id, counted: h.counted, difference: h.difference, at: h.createdAt.toISOString(), depositId: h.depositId }
          : null,
      })),
      stops.flatMap((s) => {
        const o = orderRows.get(s.orderId);
        return o?.paymentMethod === 'cod'
          ? [{ tripId: s.tripId, orderId: o.id, ordernumber: o.ordernumber, total: o.total, cash: s.cashPaise, upi: s.upiPaise }]
          : [];
      }),
    ),
  };
}

export interface ReportTrip {
  id: number;
  label: string;
  date: string;
  rider: { id: number; name: string } | null;
  handover: { id: number; counted: number; difference: number; at: string; depositId: number | null } | null;
}
export interface ReportStop {
  tripId: number;
  orderId: string;
  ordernumber: string;
  total: number;
  cash: number;
  upi: number;
}

/** The report's figures from its trips (in date order) and their delivered cash-on-delivery stops. Pure. */
export function codRows(trips: ReportTrip[], stops: ReportStop[]): Pick<CodRiderReport, 'rows' | 'totals' | 'orders'> {
  const groups = new Map<string, CodRiderReport['rows'][number]>();
  const totals = zero();
  const orders: CodRiderReport['orders'] = [];
  for (const t of trips) {
    const mine = stops.filter((s) => s.tripId === t.id);
    if (mine.length === 0) continue;
    const key = `${t.date}:${t.rider?.id ?? ''}`;
    const g = groups.get(key) ?? { date: t.date, rider: t.rider, ...zero() };
    const h = t.handover;
    const cash = mine.reduce((sum, s) => sum + s.cash, 0);
    const add: CodFigures = {
      orders: mine.length,
      expected: cash,
      upi: mine.reduce((sum, s) => sum + s.upi, 0),
      handed_over: h ? cash : 0,
      counted: h ? h.counted : 0,
      difference: h ? h.difference : 0,
      pending: h ? 0 : cash,
      deposited: h && h.depositId !== null ? h.counted : 0,
      undeposited: h && h.depositId === null ? h.counted : 0,
    };
    for (const k of Object.keys(add) as Array<keyof CodFigures>) {
      g[k] += add[k];
      totals[k] += add[k];
    }
    groups.set(key, g);
    for (const s of mine)
      orders.push({
        date: t.date,
        order_id: s.orderId,
        ordernumber: s.ordernumber,
        rider: t.rider,
        trip_id: t.id,
        trip: t.label,
        total: s.total,
        cash: s.cash,
        upi: s.upi,
        handover_id: h?.id ?? null,
        handed_over_at: h?.at ?? null,
        deposit_id: h?.depositId ?? null,
      });
  }
  const rows = [...groups.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.rider?.name ?? '').localeCompare(b.rider?.name ?? ''),
  );
  return { rows, totals, orders };
}

const inr = (p: number) => (p / 100).toFixed(2);

/** The COD report as CSV: the day-and-rider rows, a total row, then each order with its rider, trip and handover. */
export function codRiderReportCsv(r: CodRiderReport): string {
  const figures = (f: CodFigures) => [
    f.orders,
    inr(f.expected),
    inr(f.upi),
    inr(f.handed_over),
    inr(f.counted),
    inr(f.difference),
    inr(f.pending),
    inr(f.deposited),
    inr(f.undeposited),
  ];
  const head = [
    'Date',
    'Rider',
    'COD orders delivered',
    'Cash expected (INR)',
    'UPI collected (INR)',
    'Cash handed over, expected (INR)',
    'Cash counted (INR)',
    'Difference (INR)',
    'Cash pending (INR)',
    'Deposited (INR)',
    'Not deposited (INR)',
  ];
  return csvText([
    head,
    ...r.rows.map((x) => [x.date, x.rider?.name ?? 'No rider', ...figures(x)]),
    ['Total', '', ...figures(r.totals)],
    [],
    ['Date', 'Order', 'Rider', 'Trip', 'Order total (INR)', 'Cash (INR)', 'UPI (INR)', 'Handover', 'Handed over at', 'Deposit'],
    ...r.orders.map((o) => [
      o.date,
      o.ordernumber,
      o.rider?.name ?? '',
      o.trip,
      inr(o.total),
      inr(o.cash),
      inr(o.upi),
      o.handover_id === null ? 'Pending' : `#${o.handover_id}`,
      o.handed_over_at ?? '',
      o.deposit_id === null ? '' : `#${o.deposit_id}`,
    ]),
  ]);
}

// ── the bank deposit ────────────────────────────────────────────────────────────────────────────

/**
 * Counted handovers taken to the bank, in one deposit: each handover is claimed once (`deposit_id`
 * set only where still null, in this website), so a handover already deposited, or not this
 * website's, makes the whole deposit 409 HANDOVER_DEPOSITED and nothing is written; two deposits of
 * the same handover at once: the second waits on the row and finds it taken. The amount (rupees)
 * must be the sum of the handovers' counted cash. An audit row names the handovers and the reference.
 */
export async function recordDeposit(db: Db, actor: AuditActor, input: DepositInput): Promise<Deposit> {
  const ids = [...new Set(input.handover_ids)];
  const amount = toPaise(input.amount);
  const id = await db.transaction(async (tx) => {
    const [dep] = await tx
      .insert(cashDeposits)
      .values({
        websiteId: actor.websiteId,
        amount,
        depositedOn: input.deposited_on,
        bankReference: input.bank_reference.trim(),
        recordedBy: actor.actorId,
      })
      .returning({ id: cashDeposits.id });
    const claimed = await tx
      .update(cashHandovers)
      .set({ depositId: dep!.id })
      .where(and(eq(cashHandovers.websiteId, actor.websiteId), inArray(cashHandovers.id, ids), isNull(cashHandovers.depositId)))
      .returning({ id: cashHandovers.id, counted: cashHandovers.counted });
    if (claimed.length !== ids.length) throw fail('HANDOVER_DEPOSITED');
    const sum = claimed.reduce((s, h) => s + h.counted, 0);
    if (sum !== amount) throw Errors.invalid({ amount: [`The handovers chosen counted ${formatPaise(sum)}, not ${formatPaise(amount)}`] });
    await recordAudit(tx, actor, {
      entity: 'cash_deposit',
      entityId: dep!.id,
      action: 'create',
      label: input.bank_reference.trim(),
      after: { amount: toRupees(amount), deposited_on: input.deposited_on, handover_ids: ids.sort((a, b) => a - b) },
    });
    return dep!.id;
  });
  const [d] = await depositsWhere(db, actor.websiteId, eq(cashDeposits.id, id));
  return d!;
}

async function depositsWhere(db: DbOrTx, websiteId: number, where: ReturnType<typeof eq>): Promise<Deposit[]> {
  const rows = await db
    .select()
    .from(cashDeposits)
    .where(and(eq(cashDeposits.websiteId, websiteId), where))
    .orderBy(desc(cashDeposits.depositedOn), desc(cashDeposits.id))
    .limit(500);
  const ids = rows.map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ id: cashHandovers.id, depositId: cashHandovers.depositId })
          .from(cashHandovers)
          .where(and(eq(cashHandovers.websiteId, websiteId), inArray(cashHandovers.depositId, ids)))
          .orderBy(asc(cashHandovers.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.recordedBy),
  );
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    deposited_on: r.depositedOn,
    bank_reference: r.bankReference,
    recorded_by: r.recordedBy === null ? '' : (names.get(r.recordedBy) ?? ''),
    handover_ids: links.filter((l) => l.depositId === r.id).map((l) => l.id),
    at: r.createdAt.toISOString(),
  }));
}

/** The deposits made on days `from`..`to`, newest first. */
export async function listDeposits(db: DbOrTx, websiteId: number, from: string, to: string): Promise<{ deposits: Deposit[] }> {
  if (from > to) throw Errors.invalid({ to: ['The end is before the start'] });
  return { deposits: await depositsWhere(db, websiteId, sql`${cashDeposits.depositedOn} between ${from} and ${to}`) };
}
