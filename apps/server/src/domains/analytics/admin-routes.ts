import { analyticsSettingsSchema, analyticsSummarySchema } from '@grocer/shared/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Resolve } from '../../http/outbound';
import { auditActor } from '../audit';
import { analyticsSummary, getAnalyticsSettings, posthogTarget, saveAnalyticsSettings } from './service';

/** Administration → Analytics: the first-party figures and the website's analytics settings. */
export const analyticsAdminRoutes =
  (config: Config, resolve?: Resolve): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    app.get(
      '/admin/analytics',
      {
        schema: {
          querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
          response: { 200: analyticsSummarySchema },
        },
      },
      async (req) => {
        const settings = await getAnalyticsSettings(db, req.website.id);
        return analyticsSummary(db, req.website.id, req.query.days, posthogTarget(settings, config) ? 'posthog' : 'first-party');
      },
    );

    app.get('/admin/analytics/settings', { schema: { response: { 200: analyticsSettingsSchema } } }, async (req) =>
      getAnalyticsSettings(db, req.website.id),
    );

    app.put(
      '/admin/analytics/settings',
      { schema: { body: analyticsSettingsSchema, response: { 200: analyticsSettingsSchema } } },
      async (req) => saveAnalyticsSettings(db, auditActor(req), req.body, { config, superadmin: !!req.staffUser?.superadmin, resolve }),
    );
  };
