import {
  adminClosureInputSchema,
  adminClosureSchema,
  adminDeliverySchema,
  adminPincodesInputSchema,
  adminPincodesResultSchema,
  adminSlotBookingsSchema,
  adminSlotInputSchema,
  adminSlotSchema,
  adminZoneInputSchema,
  adminZoneSchema,
} from '@grocer/shared/admin-delivery';
import { okSchema } from '@grocer/shared/storefront';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import {
  addPincodes,
  adminDelivery,
  createClosure,
  createSlot,
  createZone,
  deleteClosure,
  removePincode,
  slotBookingsOf,
  updateSlot,
  updateZone,
} from './admin-service';

const id = coercedIdSchema;
const params = z.object({ id });

/** Staff calls on delivery (registered by staffRoutes, which guards them by area), scoped to the request's website. */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/delivery', { schema: { response: { 200: adminDeliverySchema } } }, async (req) => adminDelivery(db, req.website.id));

  app.post('/admin/delivery/zones', { schema: { body: adminZoneInputSchema, response: { 201: adminZoneSchema } } }, async (req, reply) =>
    reply.code(201).send(await createZone(db, auditActor(req), req.body)),
  );

  app.put(
    '/admin/delivery/zones/:id',
    { schema: { params, body: adminZoneInputSchema, response: { 200: adminZoneSchema } } },
    async (req) => updateZone(db, auditActor(req), req.params.id, req.body),
  );

  app.post(
    '/admin/delivery/zones/:id/pincodes',
    { schema: { params, body: adminPincodesInputSchema, response: { 200: adminPincodesResultSchema } } },
    async (req) => addPincodes(db, auditActor(req), req.params.id, req.body.pincodes),
  );

  app.delete(
    '/admin/delivery/zones/:id/pincodes/:pincode',
    { schema: { params: z.object({ id, pincode: z.string().max(20) }), response: { 200: adminZoneSchema } } },
    async (req) => removePincode(db, auditActor(req), req.params.id, req.params.pincode),
  );

  app.post(
    '/admin/delivery/zones/:id/slots',
    { schema: { params, body: adminSlotInputSchema, response: { 201: adminSlotSchema } } },
    async (req, reply) => reply.code(201).send(await createSlot(db, auditActor(req), req.params.id, req.body)),
  );

  app.put(
    '/admin/delivery/slots/:id',
    { schema: { params, body: adminSlotInputSchema, response: { 200: adminSlotSchema } } },
    async (req) => updateSlot(db, auditActor(req), req.params.id, req.body),
  );

  app.post(
    '/admin/delivery/closures',
    { schema: { body: adminClosureInputSchema, response: { 201: adminClosureSchema } } },
    async (req, reply) => reply.code(201).send(await createClosure(db, auditActor(req), req.body)),
  );

  app.delete('/admin/delivery/closures/:id', { schema: { params, response: { 200: okSchema } } }, async (req) =>
    deleteClosure(db, auditActor(req), req.params.id),
  );

  app.get('/admin/delivery/slots/:id/bookings', { schema: { params, response: { 200: adminSlotBookingsSchema } } }, async (req) =>
    slotBookingsOf(db, req.website.id, req.params.id),
  );
};
