import { initSchema } from '@grocer/shared/storefront';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { createMicroCache, sendJson } from '../../http/micro-cache';
import { loadInit } from './service';

export const websiteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Visitors without a session (first visits, crawlers) all get the same answer per website.
  const cache = createMicroCache(3000);
  // The response schema strips what the shell needs but the API should not expose (page scripts).
  app.get('/init', { schema: { response: { 200: initSchema } } }, async (req, reply) => {
    if (await req.session.get()) return loadInit(db, req);
    return sendJson(reply, await cache.get(req.website.id, 'init', async () => initSchema.parse(await loadInit(db, req))));
  });
};
