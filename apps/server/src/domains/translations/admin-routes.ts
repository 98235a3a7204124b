import {
  translationListQuerySchema,
  translationListSchema,
  translationProgressSchema,
  translationSaveResultSchema,
  translationSaveSchema,
} from '@grocer/shared/translations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { listTranslations, saveTranslations, translationProgress } from './admin-service';

/** Administration → Translations (issue 46 §2), scoped to the request's website; permission `translations`. */
export const translationAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/translations',
    { schema: { querystring: translationListQuerySchema, response: { 200: translationListSchema } } },
    async (req) => listTranslations(db, req.website.id, req.query),
  );

  app.get('/admin/translations/progress', { schema: { response: { 200: translationProgressSchema } } }, async (req) =>
    translationProgress(db, req.website.id),
  );

  app.put('/admin/translations', { schema: { body: translationSaveSchema, response: { 200: translationSaveResultSchema } } }, async (req) =>
    saveTranslations(db, auditActor(req), req.body),
  );
};
