import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { countMembers } from '../identity/service';
import { catalogueCounts, searchPacksForCounter } from './service';

/** Staff calls on the catalogue (registered by staffRoutes, which guards them by area). */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/summary', { schema: { response: { 200: z.object({ products: z.number(), categories: z.number(), brands: z.number(), members: z.number() }) } } }, async (req) => ({
    ...(await catalogueCounts(db, req.website.id)),
    members: await countMembers(db, req.website.id),
  }));

  app.get('/pos/catalogue', { schema: { querystring: z.object({ q: z.string().trim().max(100).default('') }) } }, async (req) => ({
    data: await searchPacksForCounter(db, req.website.id, req.query.q),
  }));
};
