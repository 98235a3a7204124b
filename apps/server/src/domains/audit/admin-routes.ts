import { adminAuditListSchema, adminAuditQuerySchema } from '@grocer/shared/admin-catalogue-edit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditPage } from './service';

/** The audit log's read side: Administration's filterable list and each record's history. */
export const auditAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/audit', { schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditListSchema } } }, async (req) =>
    auditPage(db, req.website.id, req.query),
  );
};
