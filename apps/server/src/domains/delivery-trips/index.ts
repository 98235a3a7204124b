/**
 * The delivery-trips module's one published interface (issue 45): own delivery. A slot's packed
 * orders grouped into trips (dispatch), ridden by riders (staff with the rider role) through the
 * rider API, with the shopper's delivery code. `createDeliveryTrips` makes the module from its
 * dependencies; app.ts registers its two route sets in the staff scope and hands the orders
 * routes `deliveryCodeOf` for the shopper's order page.
 */
import type { Db } from '../../db/client';
import type { MediaStorage } from '../media';
import { dispatchRoutes } from './dispatch-routes';
import { handoverRoutes } from './handover-routes';
import { riderRoutes } from './rider-routes';
import { shownCode, type TripsOutbox } from './service';
import { positionRoutes, trackingRoutes } from './tracking-routes';

export interface DeliveryTripsDeps {
  db: Db;
  outbox: TripsOutbox;
  /** the server secret (SESSION_SECRET): delivery codes are derived and hashed with it */
  secret: string;
  /** an SMS provider is configured */
  sms: boolean;
  /** the media store, for the photos riders take at the door */
  storage?: MediaStorage;
}

export function createDeliveryTrips(d: DeliveryTripsDeps) {
  return {
    /** `/admin/dispatch*`, registered in the staff scope */
    dispatchRoutes: dispatchRoutes(d),
    /** `/rider/*`, registered in the staff scope */
    riderRoutes: riderRoutes(d),
    /** a trip's cash handed over (`/pos/handovers*`, `/admin/dispatch/handovers*`), the COD report, the door photo; in the staff scope */
    handoverRoutes: handoverRoutes(d),
    /** `/rider/trips/:id/position` and `/admin/dispatch/tracking`, registered in the staff scope (issue 45 §5) */
    positionRoutes,
    /** the shopper's `GET /orders/:id/tracking` (issue 45 §5), registered beside the orders routes */
    trackingRoutes,
    /** the delivery code the shopper's order page shows while the order is out for delivery (null: none) */
    deliveryCodeOf: (websiteId: number, orderId: string) => shownCode(d.db, d.secret, websiteId, orderId),
  };
}

export type DeliveryTrips = ReturnType<typeof createDeliveryTrips>;

/** the delivery code shown for an order out for delivery (null: none), read with the caller's handle (WhatsApp's message, issue 46) */
export { shownCode } from './service';
/** the trip builder's route order (pure): the subscriptions' morning delivery list uses it (issue 44 §6) */
export { buildTrips, type TripOrder } from './trip-builder';
