import { adminIssueListSchema, adminIssueSchema, adminIssuesQuerySchema, resolveIssueBodySchema } from '@grocer/shared/support';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { findUserById } from '../identity';
import type { Outbox } from '../outbox';
import { listAdminIssues, resolveIssue } from './service';

const params = z.object({ id: coercedIdSchema });

/**
 * Administration → Issues: the shoppers' reports, and resolving one (audited; the shopper is told
 * what was done through the outbox).
 */
export const supportAdminRoutes: FastifyPluginAsyncZod<{ db: Db; outbox: Outbox }> = async (app, { db, outbox }) => {
  app.get('/admin/issues', { schema: { querystring: adminIssuesQuerySchema, response: { 200: adminIssueListSchema } } }, async (req) =>
    listAdminIssues(db, req.website.id, req.query),
  );

  app.post(
    '/admin/issues/:id/resolve',
    { schema: { params, body: resolveIssueBodySchema, response: { 200: adminIssueSchema } } },
    async (req) => {
      const { issue, userId } = await resolveIssue(db, auditActor(req), req.params.id, req.body.resolution);
      const u = await findUserById(db, userId);
      if (u?.email)
        await outbox
          .send({
            websiteId: req.website.id,
            channel: 'email',
            to: u.email,
            subject: `Order ${issue.ordernumber}: your report was resolved`,
            body: `We have looked into the problem you reported with order ${issue.ordernumber}. ${issue.resolution}`,
          })
          .catch((e: unknown) => req.log.error({ err: e, issue: issue.id }, 'issue resolution message failed'));
      return issue;
    },
  );
};
