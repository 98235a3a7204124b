import {
  distanceMetres,
  trackRefreshSeconds,
  trackSteps,
  type OrderTracking,
  type RiderPositionInput,
  type TrackingSettings,
} from '@grocer/shared/delivery-trips';
import { shopDayOf } from '@grocer/shared/shop-time';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { usersByIds } from '../identity';
import { shopperOrderTrack } from '../orders';
import { deliveryTrips, deliveryTripSettings, riderPositions, tripStops } from './tables';

// The shopper's tracking (issue 45 §5): where an order is, and while it is out, how many stops the
// rider settles before this one. The rider's own phone number never reaches the shopper: the call
// button dials the shop's delivery number (a setting), quoting the order number. The rider's
// phone may share its position while a trip is out (off unless the website turns it on): only the
// latest per trip is kept, and it is deleted when the trip ends (`dropPosition`, from endIfDone).

/** A shared position older than this is not shown (the rider stopped sharing, or lost signal). */
const POSITION_FRESH_MS = 15 * 60_000;

export async function trackingSettingsOf(db: DbOrTx, websiteId: number): Promise<TrackingSettings> {
  const [row] = await db.select().from(deliveryTripSettings).where(eq(deliveryTripSettings.websiteId, websiteId));
  return { share_position: row?.sharePosition ?? false, call_number: row?.callNumber ?? null };
}

export async function setTrackingSettings(db: Db, actor: AuditActor, input: TrackingSettings): Promise<TrackingSettings> {
  return db.transaction(async (tx) => {
    const before = await trackingSettingsOf(tx, actor.websiteId);
    const set = { sharePosition: input.share_position, callNumber: input.call_number || null };
    await tx
      .insert(deliveryTripSettings)
      .values({ websiteId: actor.websiteId, ...set })
      .onConflictDoUpdate({ target: deliveryTripSettings.websiteId, set: { ...set, updatedAt: new Date() } });
    // turned off: no position stays behind
    if (!input.share_position) await tx.delete(riderPositions).where(eq(riderPositions.websiteId, actor.websiteId));
    const after = await trackingSettingsOf(tx, actor.websiteId);
    await recordAudit(tx, actor, {
      entity: 'delivery_settings',
      entityId: actor.websiteId,
      action: 'update',
      label: 'Delivery tracking',
      before,
      after,
    });
    return after;
  });
}

/** `tel:` for a number as the shop wrote it ('+91 80 4123 4567' → 'tel:+918041234567'). */
const telOf = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;
const firstName = (name: string) => name.trim().split(/\s+/)[0] || null;

/** The shopper's own order, where it is (404 for anyone else's). */
export async function orderTracking(db: Db, s: { websiteId: number; userId: number }, orderId: string): Promise<OrderTracking> {
  const o = await shopperOrderTrack(db, s, orderId);
  const endedAt = (status: string) => o.history.filter((h) => h.status === status).at(-1)?.at ?? null;
  return {
    order_id: o.id,
    ordernumber: o.ordernumber,
    status: o.status,
    steps: trackSteps(o.status, o.history),
    ended: o.status === 'cancelled' || o.status === 'payment_failed' ? { status: o.status, at: endedAt(o.status) } : null,
    slot: o.slot,
    today: shopDayOf(),
    out: o.status === 'shipped' ? await outOnTrip(db, s.websiteId, o.id, o.coordinates) : null,
    refresh: trackRefreshSeconds(o.status),
  };
}

async function outOnTrip(
  db: Db,
  websiteId: number,
  orderId: string,
  at: { lat: number; lng: number } | null,
): Promise<OrderTracking['out']> {
  // the order's open stop on a trip that is out (none: shipped by hand, without a trip)
  const [mine] = await db
    .select({ tripId: tripStops.tripId, sequence: tripStops.sequence, riderId: deliveryTrips.riderId })
    .from(tripStops)
    .innerJoin(deliveryTrips, eq(deliveryTrips.id, tripStops.tripId))
    .where(
      and(eq(tripStops.websiteId, websiteId), eq(tripStops.orderId, orderId), isNull(tripStops.outcome), eq(deliveryTrips.status, 'out')),
    );
  if (!mine) return null;
  const [before] = await db
    .select({ n: count() })
    .from(tripStops)
    .where(and(eq(tripStops.tripId, mine.tripId), isNull(tripStops.outcome), lt(tripStops.sequence, mine.sequence)));
  const [rider] = mine.riderId === null ? [] : await usersByIds(db, [mine.riderId]);
  const settings = await trackingSettingsOf(db, websiteId);
  const [pos] = settings.share_position
    ? await db
        .select()
        .from(riderPositions)
        .where(and(eq(riderPositions.tripId, mine.tripId), eq(riderPositions.websiteId, websiteId)))
    : [];
  const fresh = pos && Date.now() - pos.at.getTime() < POSITION_FRESH_MS ? pos : null;
  return {
    stops_before: before?.n ?? 0,
    rider: rider ? firstName(rider.name) : null,
    call_url: settings.call_number ? telOf(settings.call_number) : null,
    distance_m: fresh && at ? distanceMetres(fresh, at) : null,
    position_at: fresh ? fresh.at.toISOString() : null,
  };
}

// ── the rider's position ─────────────────────────────────────────────────────────────────────

/**
 * The rider's trip that is out, its row share-locked for the caller's transaction: a trip ending
 * at the same moment (endIfDone's update) waits for this, or this sees it done (404), so no
 * position is ever left behind an ended trip.
 */
async function ownTripOut(tx: DbOrTx, websiteId: number, riderId: number, tripId: number): Promise<void> {
  const [t] = await tx
    .select({ id: deliveryTrips.id })
    .from(deliveryTrips)
    .where(
      and(
        eq(deliveryTrips.websiteId, websiteId),
        eq(deliveryTrips.id, tripId),
        eq(deliveryTrips.riderId, riderId),
        eq(deliveryTrips.status, 'out'),
      ),
    )
    .for('share');
  if (!t) throw Errors.notFound('No such trip out with you');
}

/** Whether this website lets riders share, and what the server holds for the rider's trip now. */
export async function positionOf(db: Db, websiteId: number, riderId: number, tripId: number) {
  const { share_position } = await trackingSettingsOf(db, websiteId);
  await ownTripOut(db, websiteId, riderId, tripId);
  const [pos] = await db.select({ at: riderPositions.at }).from(riderPositions).where(eq(riderPositions.tripId, tripId));
  return { allowed: share_position, shared_at: pos?.at.toISOString() ?? null };
}

/** The phone's latest position for the rider's trip that is out (404 otherwise; 403 when the website does not share positions). */
export async function sharePosition(db: Db, websiteId: number, riderId: number, tripId: number, p: RiderPositionInput) {
  return db.transaction(async (tx) => {
    if (!(await trackingSettingsOf(tx, websiteId)).share_position) throw Errors.forbidden("This shop does not share riders' positions");
    await ownTripOut(tx, websiteId, riderId, tripId);
    const row = { lat: p.lat, lng: p.lng, accuracyM: p.accuracy === undefined ? null : Math.round(p.accuracy), at: new Date() };
    await tx
      .insert(riderPositions)
      .values({ tripId, websiteId, ...row })
      .onConflictDoUpdate({ target: riderPositions.tripId, set: row });
    return { allowed: true, shared_at: row.at.toISOString() };
  });
}

/** The rider stopped sharing: the position goes (404 for a trip not the rider's; a trip already done has none). */
export async function stopSharing(db: Db, websiteId: number, riderId: number, tripId: number) {
  const [t] = await db
    .select({ id: deliveryTrips.id })
    .from(deliveryTrips)
    .where(and(eq(deliveryTrips.websiteId, websiteId), eq(deliveryTrips.id, tripId), eq(deliveryTrips.riderId, riderId)));
  if (!t) throw Errors.notFound('No such trip');
  await db.delete(riderPositions).where(and(eq(riderPositions.tripId, tripId), eq(riderPositions.websiteId, websiteId)));
  return { allowed: (await trackingSettingsOf(db, websiteId)).share_position, shared_at: null };
}

/** The trip ended: its position goes with it (called in endIfDone's transaction). */
export const dropPosition = (tx: DbOrTx, tripId: number) => tx.delete(riderPositions).where(eq(riderPositions.tripId, tripId));
