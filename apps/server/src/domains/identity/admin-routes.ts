import { agentDashboardSchema } from '@grocer/shared/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { countMembers } from './service';

/** Staff calls on people (registered by staffRoutes, which guards them by area). */
export const identityAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/agent/dashboard', { schema: { response: { 200: agentDashboardSchema } } }, async (req) => {
    const me = await requireUser(db, req);
    return { agent: me.name, website: req.website.name, shoppers: await countMembers(db, req.website.id, 'shoppers') };
  });
};
