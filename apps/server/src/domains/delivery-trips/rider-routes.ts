import { deliverInputSchema, failInputSchema, riderTripSchema, riderTripsSchema } from '@grocer/shared/delivery-trips';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { deliver, failStop, myTrips, pickUp, riderTrip, type TripsDeps } from './service';

const tripParams = z.object({ id: coercedIdSchema });
const orderParams = z.object({ id: z.string().min(1).max(64) });
/** the staff scope has checked the rider permission; every call is about this person's own trips */
const me = (req: FastifyRequest) => req.staffUser!.id;

/**
 * The rider app's calls (`/s/api/rider/*`, the staff scope's `rider` area): today's trips, a trip's
 * stops, picked up, delivered, failed. Another rider's trip or order answers 404 (docs/delivery-trips.md).
 */
export const riderRoutes =
  (d: TripsDeps): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app) => {
    const { db } = d;
    app.get('/rider/trips', { schema: { response: { 200: riderTripsSchema } } }, async (req) => ({
      data: await myTrips(db, req.website.id, me(req)),
    }));

    app.get('/rider/trips/:id', { schema: { params: tripParams, response: { 200: riderTripSchema } } }, async (req) =>
      riderTrip(db, req.website.id, me(req), req.params.id),
    );

    app.post('/rider/trips/:id/pick-up', { schema: { params: tripParams, response: { 200: riderTripSchema } } }, async (req) =>
      pickUp(d, auditActor(req), me(req), req.params.id),
    );

    app.post(
      '/rider/orders/:id/deliver',
      { schema: { params: orderParams, body: deliverInputSchema, response: { 200: riderTripSchema } } },
      async (req) => deliver(d, auditActor(req), me(req), req.params.id, req.body),
    );

    app.post(
      '/rider/orders/:id/fail',
      { schema: { params: orderParams, body: failInputSchema, response: { 200: riderTripSchema } } },
      async (req) => failStop(d, auditActor(req), me(req), req.params.id, req.body),
    );
  };
