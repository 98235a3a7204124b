import { idParamsSchema } from '@grocer/shared/ids';
import { adminReviewListSchema, adminReviewsQuerySchema, reviewDecisionSchema } from '@grocer/shared/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { listAdminReviews, moderateReview } from './service';

/** Administration → Reviews: the website's reviews by status; approve or reject one. */
export const reviewsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/reviews', { schema: { querystring: adminReviewsQuerySchema, response: { 200: adminReviewListSchema } } }, async (req) =>
    listAdminReviews(db, req.website.id, req.query),
  );

  app.post('/admin/reviews/:id', { schema: { params: idParamsSchema, body: reviewDecisionSchema } }, async (req, reply) => {
    await moderateReview(db, auditActor(req), req.params.id, req.body.status);
    return reply.status(204).send();
  });
};
