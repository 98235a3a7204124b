import {
  orderTrackingSchema,
  riderPositionInputSchema,
  riderPositionSchema as positionSchema,
  trackingSettingsSchema,
} from '@grocer/shared/delivery-trips';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { auditActor } from '../audit';
import { orderTracking, positionOf, setTrackingSettings, sharePosition, stopSharing, trackingSettingsOf } from './tracking';

/** The shopper's tracker (`GET /s/api/orders/:id/tracking`): their own order only (404 otherwise). */
export const trackingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/orders/:id/tracking',
    { schema: { params: z.object({ id: z.string().uuid() }), response: { 200: orderTrackingSchema } } },
    async (req, reply) => {
      const user = await requireUser(db, req);
      reply.header('cache-control', 'private, no-store');
      return orderTracking(db, { websiteId: req.website.id, userId: user.id }, req.params.id);
    },
  );
};

/**
 * In the staff scope: the rider's live position for a trip that is out (`/rider/trips/:id/position`,
 * the rider area: their own trip only, 404 otherwise) and the website's tracking settings
 * (`/admin/dispatch/tracking`, the dispatch area).
 */
export const positionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const params = z.object({ id: coercedIdSchema });
  app.get('/rider/trips/:id/position', { schema: { params, response: { 200: positionSchema } } }, async (req) =>
    positionOf(db, req.website.id, req.staffUser!.id, req.params.id),
  );
  app.put(
    '/rider/trips/:id/position',
    { schema: { params, body: riderPositionInputSchema, response: { 200: positionSchema } } },
    async (req) => sharePosition(db, req.website.id, req.staffUser!.id, req.params.id, req.body),
  );
  app.delete('/rider/trips/:id/position', { schema: { params, response: { 200: positionSchema } } }, async (req) =>
    stopSharing(db, req.website.id, req.staffUser!.id, req.params.id),
  );

  app.get('/admin/dispatch/tracking', { schema: { response: { 200: trackingSettingsSchema } } }, async (req) =>
    trackingSettingsOf(db, req.website.id),
  );
  app.put(
    '/admin/dispatch/tracking',
    { schema: { body: trackingSettingsSchema, response: { 200: trackingSettingsSchema } } },
    async (req) => setTrackingSettings(db, auditActor(req), req.body),
  );
};
