import {
  accountExportSchema,
  consentBodySchema,
  consentResponseSchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
} from '@grocer/shared/privacy';
import { accountOrdersCsv } from '@grocer/shared/report-csv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { forgetCurrentUser, requireUser } from '../../http/auth';
import { XSRF_COOKIE } from '../../http/csrf';
import { forgetSessionsOf } from '../../http/session';
import { setAnalyticsConsent } from '../identity';
import { forgetErasedWishlists } from '../wishlist';
import { eraseAccount, exportAccount } from './privacy';

const exportQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** The shopper's data rights (DPDP Act 2023): a copy of their data, erasure, analytics consent. */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function download(req: FastifyRequest, reply: FastifyReply, format: 'json' | 'csv') {
    const user = await requireUser(db, req);
    const data = await exportAccount(db, { id: req.website.id, name: req.website.name }, user.id);
    const day = data.exported_at.slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-orders-${day}.csv"`)
        .send(accountOrdersCsv(data.orders));
    }
    reply.header('content-disposition', `attachment; filename="my-data-${day}.json"`);
    return data;
  }

  app.get('/account/export', { schema: { querystring: exportQuerySchema, response: { 200: accountExportSchema } } }, (req, reply) =>
    download(req, reply, req.query.format),
  );
  app.get('/account/export.csv', (req, reply) => download(req, reply, 'csv'));

  app.post(
    '/account/delete',
    { schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountResponseSchema } } },
    async (req, reply) => {
      const user = await requireUser(db, req);
      const { ordersKept, sessionWebsites } = await eraseAccount(db, user.id);
      // this process's cached copies of the revoked sessions and saved products go (others' expire in seconds)
      for (const w of sessionWebsites) forgetSessionsOf(w, user.id);
      forgetErasedWishlists(req.website.id, user.id);
      await req.session.revoke();
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      forgetCurrentUser(req);
      return { deleted: true as const, orders_kept: ordersKept };
    },
  );

  app.put('/account/consent', { schema: { body: consentBodySchema, response: { 200: consentResponseSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    const analytics = await setAnalyticsConsent(db, req.website.id, user.id, req.body.analytics);
    forgetCurrentUser(req);
    return { analytics };
  });
};
