import { myReviewSchema, productReviewsSchema, reviewInputSchema } from '@grocer/shared/reviews';
import { pageSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/auth';
import { listProductReviews, myReview, saveReview } from './service';

// `:id` is the product's slug or numeric id, as the product call's
const params = z.object({ id: z.string().min(1).max(200) });

/** A product's reviews: the approved ones for everyone; writing one for shoppers who received it. */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/products/:id/reviews',
    { schema: { params, querystring: z.object({ page: pageSchema }), response: { 200: productReviewsSchema } } },
    async (req) => listProductReviews(db, req.website.id, req.params.id, req.query.page),
  );

  app.get('/products/:id/reviews/mine', { schema: { params, response: { 200: myReviewSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return myReview(db, req.website.id, (await currentUser(db, req))?.id ?? null, req.params.id);
  });

  app.post('/products/:id/reviews', { schema: { params, body: reviewInputSchema, response: { 200: myReviewSchema } } }, async (req) =>
    saveReview(db, req.website.id, (await requireUser(db, req)).id, req.params.id, req.body),
  );
};
