import { orderIssueListSchema, orderIssueSchema, reportIssueBodySchema } from '@grocer/shared/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { orderIssuesOf, reportIssue } from './service';

const params = z.object({ id: z.string().uuid() });

/** "Report an issue" on the shopper's own order (another shopper's order: 404). */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const shopper = async (req: Parameters<typeof requireUser>[1]) => ({
    websiteId: req.website.id,
    userId: (await requireUser(db, req)).id,
  });

  app.get('/orders/:id/issues', { schema: { params, response: { 200: orderIssueListSchema } } }, async (req) => ({
    data: await orderIssuesOf(db, await shopper(req), req.params.id),
  }));

  app.post(
    '/orders/:id/issues',
    { schema: { params, body: reportIssueBodySchema, response: { 201: orderIssueSchema } } },
    async (req, reply) => reply.status(201).send(await reportIssue(db, await shopper(req), req.params.id, req.body)),
  );
};
