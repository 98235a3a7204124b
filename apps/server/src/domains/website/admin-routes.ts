import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listWebsites, websiteSettingsRow } from './service';

/** Staff calls on websites (registered by staffRoutes, which guards them by area). */
export const websiteAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // A website without a settings row runs on the defaults of /s/api/init.
  app.get('/builder/settings', async (req) => ({ website: req.website, settings: await websiteSettingsRow(db, req.website.id) }));

  app.get('/bos/websites', async () => ({ data: await listWebsites(db) }));
};
