import type { StopProof } from '@grocer/shared/delivery-trips';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { usersByIds } from '../identity';
import { processImage } from '../media';
import type { MediaStorage } from '../media';
import { codeRowOf } from './codes';
import { riderTrip, type TripsDeps } from './service';
import { deliveryTrips, tripStops } from './tables';

/**
 * The photo a rider may take at the door (issue 45 item 6), through the media store: checked and
 * re-encoded by the media module's `processImage` (an image by what it decodes to, upright, every
 * piece of metadata dropped, its GPS position too), scaled to at most PHOTO_SIDE px as a JPEG, and
 * stored under an unguessable key of the website's `door/` folder; never in the media library
 * (the catalogue's), and shown only to staff who read orders (`/admin/dispatch/orders/:id/photo`).
 */
export const DOOR_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const PHOTO_SIDE = 1280;
/** after the trip ends, its rider may still add the last stop's photo for this long */
const LATE_MINUTES = 30;

const noStop = () => Errors.notFound('No such order on your trips');

/** The stop of `orderId` on a trip of this rider's that left the store, delivered or still open (404 otherwise). */
async function ownStopForPhoto(db: DbOrTx, websiteId: number, riderId: number, orderId: string) {
  const [row] = await db
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
    .orderBy(desc(tripStops.attempt))
    .limit(1);
  if (!row || row.stop.outcome === 'failed') throw noStop();
  if (row.trip.status === 'done' && (row.trip.endedAt?.getTime() ?? 0) < Date.now() - LATE_MINUTES * 60_000) throw noStop();
  return row;
}

const storageOf = (d: TripsDeps): MediaStorage => {
  if (!d.storage) throw Errors.notFound('Photos are not kept on this server');
  return d.storage;
};

/** The rider's photo for a stop of their own trip: stored, on the stop (a photo taken again replaces it), audited. */
export async function saveDoorPhoto(d: TripsDeps, actor: AuditActor, riderId: number, orderId: string, body: Buffer) {
  const storage = storageOf(d);
  const { stop, trip } = await ownStopForPhoto(d.db, actor.websiteId, riderId, orderId);
  const checked = await processImage(body);
  const jpeg = await sharp(checked.body)
    .resize({ width: PHOTO_SIDE, height: PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 75, mozjpeg: true })
    .toBuffer();
  const key = `door/w${actor.websiteId}/${stop.id}-${randomBytes(12).toString('hex')}.jpg`;
  await storage.put(key, jpeg, 'image/jpeg');
  try {
    await d.db.transaction(async (tx) => {
      await tx.update(tripStops).set({ photoPath: key }).where(eq(tripStops.id, stop.id));
      await recordAudit(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: 'door_photo',
        label: trip.label,
        before: { photo: stop.photoPath !== null },
        after: { photo: true, bytes: jpeg.length },
      });
    });
  } catch (e) {
    await storage.delete(key).catch(() => undefined);
    throw e;
  }
  if (stop.photoPath) await storage.delete(stop.photoPath).catch(() => undefined);
  return riderTrip(d.db, actor.websiteId, riderId, trip.id);
}

/** The latest stop of the website's order (404 when no trip carried it). */
async function latestStop(db: DbOrTx, websiteId: number, orderId: string) {
  const row = await latestStopOrNull(db, websiteId, orderId);
  if (!row) throw Errors.notFound('No rider has carried this order');
  return row;
}

async function latestStopOrNull(db: DbOrTx, websiteId: number, orderId: string) {
  const [row] = await db
    .select({ stop: tripStops, trip: deliveryTrips })
    .from(tripStops)
    .innerJoin(deliveryTrips, eq(deliveryTrips.id, tripStops.tripId))
    .where(and(eq(tripStops.websiteId, websiteId), eq(tripStops.orderId, orderId)))
    .orderBy(desc(tripStops.attempt))
    .limit(1);
  return row ?? null;
}

/**
 * What the order's timeline shows of its delivery by a rider: the time, the code's result, the
 * photo; null when no rider has carried it (most orders: the order screen asks for every order, and
 * a 404 there would be an error in every staff browser's console).
 */
export async function stopProof(db: DbOrTx, websiteId: number, orderId: string): Promise<StopProof | null> {
  const row = await latestStopOrNull(db, websiteId, orderId);
  if (!row) return null;
  const { stop, trip } = row;
  const code = await codeRowOf(db, websiteId, orderId);
  const [rider] = trip.riderId === null ? [] : await usersByIds(db, [trip.riderId]);
  return {
    trip_id: trip.id,
    trip: trip.label,
    rider: rider?.name ?? null,
    attempt: stop.attempt,
    outcome: stop.outcome,
    outcome_at: stop.outcomeAt?.toISOString() ?? null,
    fail_reason: stop.failReason,
    code_result: !code ? 'not_needed' : code.overriddenBy ? 'override' : code.verifiedAt ? 'matched' : 'pending',
    override_reason: code?.overriddenBy ? code.overrideReason : null,
    cash: stop.cashPaise,
    upi: stop.upiPaise,
    photo_url: stop.photoPath ? `/s/api/admin/dispatch/orders/${encodeURIComponent(orderId)}/photo` : null,
  };
}

/** The door photo's bytes for staff (404 without one). */
export async function doorPhoto(d: TripsDeps, websiteId: number, orderId: string): Promise<Buffer> {
  const { stop } = await latestStop(d.db, websiteId, orderId);
  const bytes = stop.photoPath ? await storageOf(d).get(stop.photoPath) : null;
  if (!bytes) throw Errors.notFound('No photo was taken at the door');
  return bytes;
}
