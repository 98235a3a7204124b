import {
  assignRiderInputSchema,
  buildTripsInputSchema,
  deliverySettingsSchema,
  dispatchQuerySchema,
  dispatchSlotSchema,
  dispatchSlotsSchema,
  moveStopInputSchema,
  overrideCodeInputSchema,
} from '@grocer/shared/delivery-trips';
import { daySchema } from '@grocer/shared/days';
import { coercedIdSchema } from '@grocer/shared/ids';
import { okSchema } from '@grocer/shared/storefront';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import {
  assignRider,
  buildSlotTrips,
  codeModeOf,
  dispatchSlot,
  dispatchSlots,
  moveStop,
  overrideDeliveryCode,
  setCodeMode,
  startTrip,
  tripOf,
  type TripsDeps,
} from './service';
import { tripSheetHtml } from './sheet';

const params = z.object({ id: coercedIdSchema });

/** Administration → Delivery → Dispatch (`/admin/dispatch*`, in the staff scope: `dispatch` in staff-permissions.ts). */
export const dispatchRoutes =
  (d: TripsDeps): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app) => {
    const { db } = d;
    app.get(
      '/admin/dispatch/slots',
      { schema: { querystring: z.object({ date: daySchema }), response: { 200: dispatchSlotsSchema } } },
      async (req) => dispatchSlots(db, req.website.id, req.query.date),
    );

    app.get('/admin/dispatch', { schema: { querystring: dispatchQuerySchema, response: { 200: dispatchSlotSchema } } }, async (req) =>
      dispatchSlot(db, req.website.id, req.query.slot_id, req.query.date),
    );

    app.post('/admin/dispatch/build', { schema: { body: buildTripsInputSchema, response: { 200: dispatchSlotSchema } } }, async (req) =>
      buildSlotTrips(db, auditActor(req), req.body),
    );

    app.post(
      '/admin/dispatch/trips/:id/rider',
      { schema: { params, body: assignRiderInputSchema, response: { 200: dispatchSlotSchema } } },
      async (req) => assignRider(db, auditActor(req), req.params.id, req.body.rider_id),
    );

    app.post('/admin/dispatch/move', { schema: { body: moveStopInputSchema, response: { 200: dispatchSlotSchema } } }, async (req) =>
      moveStop(db, auditActor(req), req.body.order_id, req.body.to_trip_id),
    );

    app.post('/admin/dispatch/trips/:id/start', { schema: { params, response: { 200: dispatchSlotSchema } } }, async (req) => {
      const t = await startTrip(d, auditActor(req), req.params.id);
      return dispatchSlot(db, req.website.id, t.slotId, t.slotDate);
    });

    app.get('/admin/dispatch/trips/:id/sheet', { schema: { params } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await tripSheetHtml(db, req.website.id, await tripOf(db, req.website.id, req.params.id))),
    );

    app.get('/admin/dispatch/settings', { schema: { response: { 200: deliverySettingsSchema } } }, async (req) => ({
      code_mode: await codeModeOf(db, req.website.id),
    }));

    app.put(
      '/admin/dispatch/settings',
      { schema: { body: deliverySettingsSchema, response: { 200: deliverySettingsSchema } } },
      async (req) => setCodeMode(db, auditActor(req), req.body.code_mode),
    );

    // the owner's word stands in for the shopper's code: the order manager's, not the dispatcher's
    app.post(
      '/admin/dispatch/orders/:id/code-override',
      {
        config: { staffNeed: 'orders.manage' },
        schema: { params: z.object({ id: z.string().min(1).max(64) }), body: overrideCodeInputSchema, response: { 200: okSchema } },
      },
      async (req) => overrideDeliveryCode(db, auditActor(req), req.params.id, req.body.reason),
    );
  };
