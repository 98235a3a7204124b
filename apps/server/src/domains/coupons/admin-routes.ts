import { adminCouponActiveSchema, adminCouponInputSchema, adminCouponListSchema, adminCouponSchema } from '@grocer/shared/admin-coupons';
import { idParamsSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { createCoupon, getAdminCoupon, listAdminCoupons, setCouponActive, updateCoupon } from './admin-service';

const params = idParamsSchema;

/** Staff calls on coupons (registered by staffRoutes, which guards them by area), scoped to the request's website. */
export const couponsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/coupons', { schema: { response: { 200: adminCouponListSchema } } }, async (req) => ({
    data: await listAdminCoupons(db, req.website.id),
  }));

  app.post('/admin/coupons', { schema: { body: adminCouponInputSchema, response: { 201: adminCouponSchema } } }, async (req, reply) =>
    reply.code(201).send(await createCoupon(db, auditActor(req), req.body)),
  );

  app.get('/admin/coupons/:id', { schema: { params, response: { 200: adminCouponSchema } } }, async (req) =>
    getAdminCoupon(db, req.website.id, req.params.id),
  );

  app.put('/admin/coupons/:id', { schema: { params, body: adminCouponInputSchema, response: { 200: adminCouponSchema } } }, async (req) =>
    updateCoupon(db, auditActor(req), req.params.id, req.body),
  );

  app.post(
    '/admin/coupons/:id/active',
    { schema: { params, body: adminCouponActiveSchema, response: { 200: adminCouponSchema } } },
    async (req) => setCouponActive(db, auditActor(req), req.params.id, req.body.active),
  );
};
