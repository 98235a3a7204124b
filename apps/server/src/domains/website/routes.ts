import { initSchema } from '@grocer/shared/storefront';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { createMicroCache, sendAnswer } from '../../http/micro-cache';
import { loadInit } from './service';

export const websiteRoutes: FastifyPluginAsyncZod<{ db: Db; cache?: boolean }> = async (app, { db, cache: enabled = true }) => {
  // Visitors without a session (first visits, crawlers) all get the same answer per website.
  const cache = createMicroCache({ ttlMs: 3000, enabled });
  // The response schema strips what the shell needs but the API should not expose (page scripts).
  app.get('/init', { schema: { response: { 200: initSchema } } }, async (req, reply) => {
    if (await req.session.get()) return loadInit(db, req);
    const answer = await cache.get(req.website.id, 'init', async () => initSchema.parse(await loadInit(db, req)));
    return sendAnswer(req, reply, answer, { sharedMaxAgeS: 3, params: [] });
  });
};
