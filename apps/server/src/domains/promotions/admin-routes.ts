import { idParamsSchema } from '@grocer/shared/ids';
import {
  adminPromotionActiveSchema,
  adminPromotionInputSchema,
  adminPromotionListSchema,
  adminPromotionSchema,
  packChoicesQuerySchema,
  packChoicesSchema,
  promotionChoicesSchema,
} from '@grocer/shared/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { searchPacks } from '../catalogue';
import {
  createPromotion,
  getAdminPromotion,
  listAdminPromotions,
  promotionChoices,
  setPromotionActive,
  updatePromotion,
} from './admin-service';

const params = idParamsSchema;

/** Staff calls on automatic promotions (the `promotions` screen: the `coupons` permission), scoped to the request's website. */
export const promotionsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/promotions', { schema: { response: { 200: adminPromotionListSchema } } }, async (req) => ({
    data: await listAdminPromotions(db, req.website.id),
  }));

  app.get('/admin/promotions/choices', { schema: { response: { 200: promotionChoicesSchema } } }, async (req) =>
    promotionChoices(db, req.website.id),
  );

  app.get(
    '/admin/promotions/packs',
    { schema: { querystring: packChoicesQuerySchema, response: { 200: packChoicesSchema } } },
    async (req) => ({
      data: await searchPacks(db, req.website.id, req.query.q),
    }),
  );

  app.post(
    '/admin/promotions',
    { schema: { body: adminPromotionInputSchema, response: { 201: adminPromotionSchema } } },
    async (req, reply) => reply.code(201).send(await createPromotion(db, auditActor(req), req.body)),
  );

  app.get('/admin/promotions/:id', { schema: { params, response: { 200: adminPromotionSchema } } }, async (req) =>
    getAdminPromotion(db, req.website.id, req.params.id),
  );

  app.put(
    '/admin/promotions/:id',
    { schema: { params, body: adminPromotionInputSchema, response: { 200: adminPromotionSchema } } },
    async (req) => updatePromotion(db, auditActor(req), req.params.id, req.body),
  );

  app.post(
    '/admin/promotions/:id/active',
    { schema: { params, body: adminPromotionActiveSchema, response: { 200: adminPromotionSchema } } },
    async (req) => setPromotionActive(db, auditActor(req), req.params.id, req.body.active),
  );
};
