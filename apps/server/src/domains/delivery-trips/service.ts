import {
  codeRequired,
  FAIL_REASON_LABELS,
  type BuildTripsInput,
  type DeliverInput,
  type DeliveryCodeMode,
  type DispatchSlot,
  type DispatchSlots,
  type FailInput,
} from '@grocer/shared/delivery-trips';
import { toRupees } from '@grocer/shared/money';
import { shopDayOf } from '@grocer/shared/shop-time';
import { and, asc, eq, gte, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { slotsWithZones } from '../delivery';
import { ridersOf, usersByIds } from '../identity';
import { customerMessages } from '../outbox';
import { bringBackFailed, findAdminOrder, slotOrders, staffMove, tripOrders, type TripOrderRow } from '../orders';
import { checkCode, codeRowOf, issueCode, markCodeUsed, overrideCode } from './codes';
import { riderCashOf } from './handover';
import type { MediaStorage } from '../media';
import { deliveryTrips, deliveryTripSettings, tripStops } from './tables';
import { buildTrips } from './trip-builder';
import { dropPosition } from './tracking';

/** What the module needs of the outbox: a message written in the caller's transaction, delivered after it commits. */
export interface TripsOutbox<R = unknown> {
  queue(
    tx: DbOrTx,
    m: { websiteId: number; channel: 'email' | 'sms'; to: string; subject?: string; body: string; sensitive?: boolean },
  ): Promise<R>;
  deliver(row: R): Promise<unknown>;
  /** the website sends order updates on WhatsApp (whose out-for-delivery message carries the code) */
  whatsappOn(tx: DbOrTx, websiteId: number): Promise<boolean>;
}

export interface TripsDeps {
  db: Db;
  /** the media store the door photos go to (issue 45 item 6; without one, no photos) */
  storage?: MediaStorage;
  outbox: TripsOutbox;
  /** the server secret the delivery codes are derived and hashed with */
  secret: string;
  /** an SMS provider is configured (without one, the code goes by email only, like order messages) */
  sms: boolean;
}

export type TripRow = typeof deliveryTrips.$inferSelect;
export type StopRow = typeof tripStops.$inferSelect;

const notFound = () => Errors.notFound('No such trip');
const orderNotFound = () => Errors.notFound('No such order on your trips');

// ── settings ─────────────────────────────────────────────────────────────────────────────────

export async function codeModeOf(db: DbOrTx, websiteId: number): Promise<DeliveryCodeMode> {
  const [row] = await db.select().from(deliveryTripSettings).where(eq(deliveryTripSettings.websiteId, websiteId));
  return row?.codeMode ?? 'all';
}

export async function setCodeMode(db: Db, actor: AuditActor, mode: DeliveryCodeMode): Promise<{ code_mode: DeliveryCodeMode }> {
  return db.transaction(async (tx) => {
    const before = await codeModeOf(tx, actor.websiteId);
    await tx
      .insert(deliveryTripSettings)
      .values({ websiteId: actor.websiteId, codeMode: mode })
      .onConflictDoUpdate({ target: deliveryTripSettings.websiteId, set: { codeMode: mode, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      entity: 'delivery_settings',
      entityId: actor.websiteId,
      action: 'update',
      label: 'Delivery code',
      before: { code_mode: before },
      after: { code_mode: mode },
    });
    return { code_mode: mode };
  });
}

// ── dispatch: reading ────────────────────────────────────────────────────────────────────────

async function tripsOfSlot(db: DbOrTx, websiteId: number, slotId: number, date: string): Promise<TripRow[]> {
  return db
    .select()
    .from(deliveryTrips)
    .where(and(eq(deliveryTrips.websiteId, websiteId), eq(deliveryTrips.slotId, slotId), eq(deliveryTrips.slotDate, date)))
    .orderBy(asc(deliveryTrips.id));
}

async function stopsOf(db: DbOrTx, tripIds: number[]): Promise<StopRow[]> {
  if (tripIds.length === 0) return [];
  return db.select().from(tripStops).where(inArray(tripStops.tripId, tripIds)).orderBy(asc(tripStops.tripId), asc(tripStops.sequence));
}

/** The orders among `ids` with an open stop (no outcome yet) in any trip. */
async function openStopsOf(db: DbOrTx, ids: string[]): Promise<StopRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tripStops)
    .where(and(inArray(tripStops.orderId, ids), isNull(tripStops.outcome)));
}

const areaOf = (o: TripOrderRow) => o.address.line2 || o.address.city;

/** The day's slots with their packed orders and trips (the screen's picker). */
export async function dispatchSlots(db: Db, websiteId: number, date: string): Promise<DispatchSlots> {
  const data: DispatchSlots['data'] = [];
  for (const s of await slotsWithZones(db, websiteId)) {
    const packed = await slotOrders(db, websiteId, s.id, date, ['packed']);
    const trips = await tripsOfSlot(db, websiteId, s.id, date);
    data.push({ id: s.id, zone: s.zone, start_time: s.startTime, end_time: s.endTime, packed: packed.length, trips: trips.length });
  }
  return { data };
}

/** A slot on a date: its trips with their stops in route order, packed orders in no trip yet, the riders. */
export async function dispatchSlot(db: DbOrTx, websiteId: number, slotId: number, date: string): Promise<DispatchSlot> {
  const slot = (await slotsWithZones(db, websiteId)).find((s) => s.id === slotId);
  if (!slot) throw Errors.notFound('No such delivery slot');
  const trips = await tripsOfSlot(db, websiteId, slotId, date);
  const stops = await stopsOf(
    db,
    trips.map((t) => t.id),
  );
  const packed = await slotOrders(db, websiteId, slotId, date, ['packed']);
  const open = new Set(
    (
      await openStopsOf(
        db,
        packed.map((o) => o.id),
      )
    ).map((s) => s.orderId),
  );
  const orderById = new Map(
    (
      await tripOrders(
        db,
        websiteId,
        stops.map((s) => s.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const riders = await ridersOf(db, websiteId);
  const riderIds = [...new Set(trips.map((t) => t.riderId).filter((id): id is number => id !== null))];
  const riderName = new Map((await usersByIds(db, riderIds)).map((u) => [u.id, u.name]));
  return {
    slot: { id: slot.id, date, start_time: slot.startTime, end_time: slot.endTime, zone: slot.zone },
    trips: trips.map((t) => ({
      id: t.id,
      label: t.label,
      status: t.status,
      rider: t.riderId === null ? null : { id: t.riderId, name: riderName.get(t.riderId) ?? '' },
      started_at: t.startedAt?.toISOString() ?? null,
      stops: stops
        .filter((s) => s.tripId === t.id)
        .map((s) => {
          const o = orderById.get(s.orderId);
          return {
            id: s.id,
            order_id: s.orderId,
            ordernumber: o?.ordernumber ?? '',
            sequence: s.sequence,
            attempt: s.attempt,
            name: o?.address.name ?? '',
            area: o ? areaOf(o) : '',
            pincode: o?.pincode ?? '',
            payment_method: o?.paymentMethod ?? '',
            total: o?.total ?? 0,
            order_status: o?.status ?? '',
            outcome: s.outcome,
            fail_reason: s.failReason,
          };
        }),
    })),
    unassigned: packed
      .filter((o) => !open.has(o.id))
      .map((o) => ({ order_id: o.id, ordernumber: o.ordernumber, pincode: o.pincode, name: o.address.name })),
    riders: riders.map((r) => ({ id: r.id, name: r.name })),
  };
}

// ── dispatch: changing ───────────────────────────────────────────────────────────────────────

/** Serialises the dispatch changes of one slot on one date (two builds at once would both place an order). */
const lockSlotDay = (tx: Tx, websiteId: number, slotId: number, date: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trips:${websiteId}:${slotId}:${date}`}))`);

/**
 * (Re)builds the slot's planned trips: the planned ones are replaced (their riders too), and every
 * packed order of the slot not already out on a trip is placed in exactly one new trip
 * (trip-builder.ts). Trips already out or done are left alone.
 */
export async function buildSlotTrips(db: Db, actor: AuditActor, input: Required<BuildTripsInput>): Promise<DispatchSlot> {
  const { websiteId } = actor;
  const slot = (await slotsWithZones(db, websiteId)).find((s) => s.id === input.slot_id);
  if (!slot) throw Errors.notFound('No such delivery slot');
  await db.transaction(async (tx) => {
    await lockSlotDay(tx, websiteId, slot.id, input.date);
    const planned = (await tripsOfSlot(tx, websiteId, slot.id, input.date)).filter((t) => t.status === 'planned');
    if (planned.length)
      await tx.delete(deliveryTrips).where(
        inArray(
          deliveryTrips.id,
          planned.map((t) => t.id),
        ),
      );
    const packed = await slotOrders(tx, websiteId, slot.id, input.date, ['packed']);
    const busy = new Set(
      (
        await openStopsOf(
          tx,
          packed.map((o) => o.id),
        )
      ).map((s) => s.orderId),
    );
    const free = packed.filter((o) => !busy.has(o.id));
    const attempts = new Map<string, number>();
    if (free.length)
      for (const r of await tx
        .select({ orderId: tripStops.orderId, last: max(tripStops.attempt) })
        .from(tripStops)
        .where(
          inArray(
            tripStops.orderId,
            free.map((o) => o.id),
          ),
        )
        .groupBy(tripStops.orderId))
        attempts.set(r.orderId, r.last ?? 0);
    const plan = buildTrips(
      free.map((o) => ({
        id: o.id,
        zoneId: o.zoneId ?? slot.zoneId,
        pincode: o.pincode,
        area: areaOf(o),
        ordernumber: o.ordernumber,
        ...coordinatesOf(o),
      })),
      { maxStops: input.max_stops },
    );
    let n = (await tripsOfSlot(tx, websiteId, slot.id, input.date)).length;
    for (const p of plan) {
      const [trip] = await tx
        .insert(deliveryTrips)
        .values({ websiteId, slotId: slot.id, slotDate: input.date, label: `Trip ${++n} · ${p.pincodes.join(', ')}` })
        .returning();
      await tx.insert(tripStops).values(
        p.orderIds.map((orderId, i) => ({
          websiteId,
          tripId: trip!.id,
          orderId,
          sequence: i + 1,
          attempt: (attempts.get(orderId) ?? 0) + 1,
        })),
      );
    }
    await recordAudit(tx, actor, {
      entity: 'delivery_trips',
      entityId: `${slot.id}:${input.date}`,
      action: 'build',
      label: `${slot.zone} ${slot.startTime}–${slot.endTime}, ${input.date}`,
      before: { planned_trips: planned.length },
      after: { trips: plan.length, orders: free.length, max_stops: input.max_stops },
    });
  });
  return dispatchSlot(db, websiteId, slot.id, input.date);
}

/** Coordinates a shopper's device gave the address, when it did (the snapshot may carry `lat`/`lng`). */
function coordinatesOf(o: TripOrderRow): { lat?: number; lng?: number } {
  const a = o.address as unknown as { lat?: unknown; lng?: unknown };
  return typeof a.lat === 'number' && typeof a.lng === 'number' ? { lat: a.lat, lng: a.lng } : {};
}

/** The website's trip, its row locked for the caller's transaction. */
async function lockTrip(tx: Tx, websiteId: number, tripId: number): Promise<TripRow> {
  const [trip] = await tx
    .select()
    .from(deliveryTrips)
    .where(and(eq(deliveryTrips.websiteId, websiteId), eq(deliveryTrips.id, tripId)))
    .for('update');
  if (!trip) throw notFound();
  return trip;
}

const mustBePlanned = (t: TripRow) => {
  if (t.status !== 'planned') throw fail('TRIP_NOT_PLANNED', { status: t.status === 'out' ? 'out for delivery' : 'done' });
};

export async function assignRider(db: Db, actor: AuditActor, tripId: number, riderId: number | null): Promise<DispatchSlot> {
  const trip = await db.transaction(async (tx) => {
    const t = await lockTrip(tx, actor.websiteId, tripId);
    mustBePlanned(t);
    if (riderId !== null && (await ridersOf(tx, actor.websiteId, riderId)).length === 0) throw fail('NOT_A_RIDER');
    await tx.update(deliveryTrips).set({ riderId, updatedAt: new Date() }).where(eq(deliveryTrips.id, t.id));
    await recordAudit(tx, actor, {
      entity: 'delivery_trip',
      entityId: t.id,
      action: 'assign',
      label: t.label,
      before: { rider_id: t.riderId },
      after: { rider_id: riderId },
    });
    return t;
  });
  return dispatchSlot(db, actor.websiteId, trip.slotId, trip.slotDate);
}

/** Moves an order's open stop to another planned trip of the same slot and date, last in its route. */
export async function moveStop(db: Db, actor: AuditActor, orderId: string, toTripId: number): Promise<DispatchSlot> {
  const to = await db.transaction(async (tx) => {
    const target = await lockTrip(tx, actor.websiteId, toTripId);
    mustBePlanned(target);
    await lockSlotDay(tx, actor.websiteId, target.slotId, target.slotDate);
    const [stop] = await tx
      .select()
      .from(tripStops)
      .where(and(eq(tripStops.websiteId, actor.websiteId), eq(tripStops.orderId, orderId), isNull(tripStops.outcome)));
    if (!stop) throw Errors.notFound('This order is in no trip');
    if (stop.tripId === target.id) return target;
    const from = await lockTrip(tx, actor.websiteId, stop.tripId);
    mustBePlanned(from);
    if (from.slotId !== target.slotId || from.slotDate !== target.slotDate) throw Errors.notFound('No such trip in this slot');
    const [last] = await tx
      .select({ n: max(tripStops.sequence) })
      .from(tripStops)
      .where(eq(tripStops.tripId, target.id));
    await tx
      .update(tripStops)
      .set({ tripId: target.id, sequence: (last?.n ?? 0) + 1 })
      .where(eq(tripStops.id, stop.id));
    // the trip it left keeps its route order, without the gap
    await tx.execute(sql`update ${tripStops} s set sequence = r.n from (
      select id, row_number() over (order by sequence, id) as n from ${tripStops} where trip_id = ${from.id}) r
      where s.id = r.id and s.sequence <> r.n`);
    await recordAudit(tx, actor, {
      entity: 'delivery_trip',
      entityId: target.id,
      action: 'move_order',
      label: target.label,
      before: { trip_id: from.id, order_id: orderId },
      after: { trip_id: target.id, order_id: orderId },
    });
    return target;
  });
  return dispatchSlot(db, actor.websiteId, to.slotId, to.slotDate);
}

/**
 * The trip leaves the store: each of its orders goes out for delivery through the orders module
 * (the guarded ship move: an order the shopper cancelled meanwhile is dropped from the trip), gets
 * a delivery code when the website asks for one for its payment method, sent by SMS and email
 * through the outbox (written in this transaction, delivered once it commits).
 */
export async function startTrip(d: TripsDeps, actor: AuditActor, tripId: number, pickedUpBy?: number): Promise<TripRow> {
  const queued: unknown[] = [];
  const trip = await d.db.transaction(async (tx) => {
    const t = await lockTrip(tx, actor.websiteId, tripId);
    mustBePlanned(t);
    if (t.riderId === null) throw fail('TRIP_NEEDS_RIDER');
    if (pickedUpBy !== undefined && t.riderId !== pickedUpBy) throw notFound();
    const [rider] = await ridersOf(tx, actor.websiteId, t.riderId);
    if (!rider) throw fail('NOT_A_RIDER');
    const mode = await codeModeOf(tx, actor.websiteId);
    const now = new Date();
    let out = 0;
    for (const s of await stopsOf(tx, [t.id])) {
      const o = await findAdminOrder(tx, actor.websiteId, s.orderId);
      const moved = await staffMove(tx, o, {
        action: 'ship',
        actor,
        // what the shopper's timeline and messages say: the first name and no phone (they call the
        // shop's number, issue 45 §5); dispatch keeps who the rider is
        delivery: { person: rider.name.trim().split(/\s+/)[0] ?? rider.name, phone: '', vehicle: '', tracking: t.label },
      });
      if (!moved) {
        await tx.delete(tripStops).where(eq(tripStops.id, s.id));
        continue;
      }
      out++;
      await tx.update(tripStops).set({ pickedUpAt: now }).where(eq(tripStops.id, s.id));
      if (codeRequired(mode, o.paymentMethod)) queued.push(...(await sendCode(d, tx, o)));
    }
    if (out === 0) throw fail('TRIP_EMPTY');
    const [started] = await tx
      .update(deliveryTrips)
      .set({ status: 'out', startedAt: now, updatedAt: now })
      .where(eq(deliveryTrips.id, t.id))
      .returning();
    await recordAudit(tx, actor, {
      entity: 'delivery_trip',
      entityId: t.id,
      action: 'start',
      label: t.label,
      before: { status: 'planned' },
      after: { status: 'out', orders: out, rider_id: t.riderId },
    });
    return started!;
  });
  for (const row of queued) await d.outbox.deliver(row).catch(() => undefined);
  return trip;
}

async function sendCode(
  d: TripsDeps,
  tx: Tx,
  o: { id: string; websiteId: number; ordernumber: string; userId: number; address: { phone: string }; language: string | null },
) {
  const code = await issueCode(tx, d.secret, o.websiteId, o.id);
  const m = await customerMessages(tx, o.websiteId, { userId: o.userId, orderLanguage: o.language });
  const body = m.order.deliveryCodeText({ order: o.ordernumber, code });
  const rows: unknown[] = [];
  const [u] = await usersByIds(tx, [o.userId]);
  if (u?.email)
    rows.push(
      await d.outbox.queue(tx, {
        websiteId: o.websiteId,
        channel: 'email',
        to: u.email,
        subject: m.order.deliveryCodeSubject({ order: o.ordernumber }),
        body,
        sensitive: true,
      }),
    );
  // by SMS unless the out-for-delivery WhatsApp message carries it (the customer gets it once)
  if (d.sms && o.address.phone && !(await d.outbox.whatsappOn(tx, o.websiteId)))
    rows.push(await d.outbox.queue(tx, { websiteId: o.websiteId, channel: 'sms', to: o.address.phone, body, sensitive: true }));
  return rows;
}

/** The owner stands in for a lost code, with a reason (audited). 404 when the order has no code. */
export async function overrideDeliveryCode(db: Db, actor: AuditActor, orderId: string, reason: string): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const row = await overrideCode(tx, actor.websiteId, orderId, `user:${actor.actorId ?? 0}`, reason);
    if (!row) throw Errors.notFound('This order has no delivery code');
    await recordAudit(tx, actor, { entity: 'order', entityId: orderId, action: 'delivery_code_override', before: null, after: { reason } });
  });
  return { ok: true };
}

/** Ends a trip once every stop has an outcome (the rider's view of addresses and phones closes with it). */
async function endIfDone(tx: Tx, actor: AuditActor, tripId: number): Promise<void> {
  const [open] = await tx
    .select({ id: tripStops.id })
    .from(tripStops)
    .where(and(eq(tripStops.tripId, tripId), isNull(tripStops.outcome)))
    .limit(1);
  if (open) return;
  const [ended] = await tx
    .update(deliveryTrips)
    .set({ status: 'done', endedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(deliveryTrips.id, tripId), eq(deliveryTrips.status, 'out')))
    .returning();
  // the rider's shared position is kept no longer than the trip (issue 45 §5)
  if (ended) await dropPosition(tx, ended.id);
  if (ended)
    await recordAudit(tx, actor, {
      entity: 'delivery_trip',
      entityId: ended.id,
      action: 'end',
      label: ended.label,
      before: { status: 'out' },
      after: { status: 'done' },
    });
}

// ── the rider ─────────────────────────────────────────────────────────────────────────────────

/** The rider's trips from today on (shop time; tomorrow's planned ones too) and any still out from before, oldest first. */
export async function myTrips(db: Db, websiteId: number, riderId: number, today = shopDayOf()) {
  const trips = await db
    .select()
    .from(deliveryTrips)
    .where(
      and(
        eq(deliveryTrips.websiteId, websiteId),
        eq(deliveryTrips.riderId, riderId),
        or(gte(deliveryTrips.slotDate, today), eq(deliveryTrips.status, 'out')),
      ),
    )
    .orderBy(asc(deliveryTrips.slotDate), asc(deliveryTrips.id));
  const slots = new Map((await slotsWithZones(db, websiteId)).map((s) => [s.id, s]));
  const stops = await stopsOf(
    db,
    trips.map((t) => t.id),
  );
  return trips.map((t) => {
    const mine = stops.filter((s) => s.tripId === t.id);
    return {
      id: t.id,
      label: t.label,
      status: t.status,
      date: t.slotDate,
      start_time: slots.get(t.slotId)?.startTime ?? '',
      end_time: slots.get(t.slotId)?.endTime ?? '',
      stops: mine.length,
      left: mine.filter((s) => s.outcome === null).length,
    };
  });
}

/** The rider's own trip (404 for anyone else's, whatever its id). */
async function ownTrip(db: DbOrTx, websiteId: number, riderId: number, tripId: number): Promise<TripRow> {
  const [t] = await db
    .select()
    .from(deliveryTrips)
    .where(and(eq(deliveryTrips.websiteId, websiteId), eq(deliveryTrips.id, tripId), eq(deliveryTrips.riderId, riderId)));
  if (!t) throw notFound();
  return t;
}

const mapsQuery = (o: TripOrderRow) =>
  [o.address.line1, o.address.line2, o.address.landmark, o.address.city, o.pincode].filter((x) => x && String(x).trim()).join(', ');

/** A trip's stops in route order, with what the rider needs at each door; addresses and phones only until it ends. */
export async function riderTrip(db: Db, websiteId: number, riderId: number, tripId: number) {
  const t = await ownTrip(db, websiteId, riderId, tripId);
  const [summary] = (await myTrips(db, websiteId, riderId, t.slotDate)).filter((x) => x.id === t.id);
  const stops = await stopsOf(db, [t.id]);
  const orders = new Map(
    (
      await tripOrders(
        db,
        websiteId,
        stops.map((s) => s.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const mode = await codeModeOf(db, websiteId);
  const open = t.status !== 'done';
  return {
    ...(summary ?? {
      id: t.id,
      label: t.label,
      status: t.status,
      date: t.slotDate,
      start_time: '',
      end_time: '',
      stops: stops.length,
      left: 0,
    }),
    stops_list: stops.flatMap((s) => {
      const o = orders.get(s.orderId);
      if (!o) return [];
      const q = encodeURIComponent(mapsQuery(o));
      const phone = o.address.phone.replace(/\D/g, '').slice(-10);
      return [
        {
          order_id: o.id,
          ordernumber: o.ordernumber,
          sequence: s.sequence,
          attempt: s.attempt,
          name: open ? o.address.name : null,
          address: open ? [o.address.line1, o.address.line2, o.address.city].filter(Boolean).join(', ') : null,
          pincode: o.pincode,
          landmark: open ? o.address.landmark : null,
          phone_masked: open && phone ? maskedOf(phone) : null,
          call_url: open && phone ? `tel:+91${phone}` : null,
          maps_url: open ? `https://www.google.com/maps/search/?api=1&query=${q}` : null,
          geo_url: open ? `geo:0,0?q=${q}` : null,
          instructions: open ? [o.deliveryInstructions.join(', '), o.notes].filter(Boolean).join(' · ') || null : null,
          payment_method: o.paymentMethod,
          collect: o.paymentMethod === 'cod' ? o.total : 0,
          code_required: codeRequired(mode, o.paymentMethod),
          picked_up: s.pickedUpAt !== null,
          outcome: s.outcome,
          fail_reason: s.failReason,
          photo: s.photoPath !== null,
        },
      ];
    }),
    cash: await riderCashOf(db, websiteId, t.id),
  };
}

const maskedOf = (phone: string) => `${phone.slice(0, 2)}${'•'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-3)}`;

/** The rider picks the trip's parcels up at the store: a planned trip starts (its orders go out for delivery). */
export async function pickUp(d: TripsDeps, actor: AuditActor, riderId: number, tripId: number) {
  const t = await ownTrip(d.db, actor.websiteId, riderId, tripId);
  if (t.status === 'planned') await startTrip(d, actor, t.id, riderId);
  return riderTrip(d.db, actor.websiteId, riderId, tripId);
}

/** The rider's open stop of an order on a trip of theirs that is out (404 otherwise), locked. */
async function ownOpenStop(tx: Tx, websiteId: number, riderId: number, orderId: string): Promise<{ stop: StopRow; trip: TripRow }> {
  const [row] = await tx
    .select({ stop: tripStops, trip: deliveryTrips })
    .from(tripStops)
    .innerJoin(deliveryTrips, eq(deliveryTrips.id, tripStops.tripId))
    .where(
      and(
        eq(tripStops.websiteId, websiteId),
        eq(tripStops.orderId, orderId),
        eq(deliveryTrips.riderId, riderId),
        ne(deliveryTrips.status, 'planned'),
      ),
    )
    .orderBy(sql`${tripStops.attempt} desc`)
    .limit(1)
    .for('update', { of: tripStops });
  if (!row || row.trip.status === 'done') throw orderNotFound();
  if (row.stop.outcome) throw fail('STOP_CLOSED', { outcome: row.stop.outcome });
  return row;
}

/**
 * Delivered at the door: the code checked when the website needs it (a wrong one counts, in its
 * own statement), then in one transaction the orders module's guarded deliver move (cash on
 * delivery: the cash and UPI collected, a shortfall with its reason) and the stop's outcome. Of
 * this and a shopper's cancel exactly one wins (the order row's guarded update).
 */
export async function deliver(d: TripsDeps, actor: AuditActor, riderId: number, orderId: string, input: DeliverInput) {
  const { db } = d;
  const probe = await db.transaction((tx) => ownOpenStop(tx, actor.websiteId, riderId, orderId));
  const o = await findAdminOrder(db, actor.websiteId, orderId);
  const code = await codeRowOf(db, actor.websiteId, orderId);
  if (code && !code.overriddenBy && codeRequired(await codeModeOf(db, actor.websiteId), o.paymentMethod)) {
    if (!input.code) throw fail('DELIVERY_CODE_REQUIRED');
    await checkCode(db, d.secret, code, input.code);
  }
  const cash = input.cash ?? 0;
  const upi = input.upi ?? 0;
  if (o.paymentMethod !== 'cod' && cash + upi > 0) throw Errors.invalid({ cash: ['This order is paid: collect nothing'] });
  await db.transaction(async (tx) => {
    const { stop } = await ownOpenStop(tx, actor.websiteId, riderId, orderId);
    const now = await findAdminOrder(tx, actor.websiteId, orderId);
    const moved = await staffMove(tx, now, {
      action: 'deliver',
      actor,
      ...(now.paymentMethod === 'cod' ? { cashCollected: toRupees(cash + upi), shortReason: input.short_reason } : {}),
    });
    if (!moved) throw fail('ORDER_MOVE_FORBIDDEN', { action: 'delivered', status: now.status === 'cancelled' ? 'cancelled' : now.status });
    await tx
      .update(tripStops)
      .set({ outcome: 'delivered', cashPaise: cash, upiPaise: upi, outcomeAt: new Date() })
      .where(eq(tripStops.id, stop.id));
    await markCodeUsed(tx, orderId);
    await endIfDone(tx, actor, probe.trip.id);
  });
  return riderTrip(db, actor.websiteId, riderId, probe.trip.id);
}

/** Not delivered: the reason on the stop, and the order back for another trip (stock kept) or to the store (stock released). */
export async function failStop(d: TripsDeps, actor: AuditActor, riderId: number, orderId: string, input: FailInput) {
  const tripId = await d.db.transaction(async (tx) => {
    const { stop, trip } = await ownOpenStop(tx, actor.websiteId, riderId, orderId);
    const said = FAIL_REASON_LABELS[input.reason];
    const back = await bringBackFailed(tx, { id: orderId, websiteId: actor.websiteId }, input.next, {
      actor,
      note: `Not delivered (${said.toLowerCase()}): ${input.next === 'reattempt' ? 'to be delivered again' : 'returned to the store'}`,
    });
    if (!back) throw fail('STOP_CLOSED', { outcome: 'closed' });
    await tx
      .update(tripStops)
      .set({ outcome: 'failed', failReason: input.reason, failNext: input.next, outcomeAt: new Date() })
      .where(eq(tripStops.id, stop.id));
    await endIfDone(tx, actor, trip.id);
    return trip.id;
  });
  return riderTrip(d.db, actor.websiteId, riderId, tripId);
}

/** The delivery code the shopper's order page shows while the order is out for delivery (null otherwise). */
export { shownCode } from './codes';

/** The website's trip (404 for another website's). */
export async function tripOf(db: DbOrTx, websiteId: number, tripId: number): Promise<TripRow> {
  const [t] = await db
    .select()
    .from(deliveryTrips)
    .where(and(eq(deliveryTrips.websiteId, websiteId), eq(deliveryTrips.id, tripId)));
  if (!t) throw notFound();
  return t;
}
