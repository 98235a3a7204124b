import { pageDataSchema, supplierListSchema } from '@grocer/shared/storefront';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { CatalogueAnswers } from '../catalogue';
import { catalogueContext, sendPersonal } from '../catalogue/routes';
import { AppError, Errors } from '../../http/errors';
import { getPageData, movedPageUrl, normalisePageUrl, warnBlockProblems } from './service';
import { listSuppliers } from './suppliers';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db; answers: CatalogueAnswers }> = async (app, { db, answers }) => {
  // '/page/data' + the page url: '/page/data/' is home, '/page/data/about-us' a content page. The
  // same for every shopper of a website and warehouse (answers.ts), their wishlist flags laid over it.
  const handler = async (req: FastifyRequest & { params: { '*'?: string } }, reply: FastifyReply) => {
    const ctx = await catalogueContext(db, req);
    const raw = req.params['*'] ?? '';
    const url = normalisePageUrl(raw);
    if (url === null) throw Errors.notFound('Page not found');
    const answer = await answers.page(ctx, url, (shared) => getPageData(db, shared, raw, warnBlockProblems(req.log)));
    return sendPersonal(db, req, reply, ctx, answer);
  };
  app.get('/page/data', { schema: { response: { 200: pageDataSchema } } }, async (req, reply) =>
    handler(Object.assign(req, { params: {} }), reply),
  );
  app.get('/suppliers', { schema: { response: { 200: supplierListSchema } } }, async (req) => ({
    data: await listSuppliers(db, req.website.id),
  }));
  app.get(
    '/page/data/*',
    { schema: { params: z.object({ '*': z.string().max(500) }), response: { 200: pageDataSchema } } },
    async (req, reply) => {
      try {
        return await handler(req, reply);
      } catch (e) {
        // a page's old address (its URL changed in the page builder): a permanent redirect to its current one
        const moved = e instanceof AppError && e.statusCode === 404 ? await movedPageUrl(db, req.website.id, req.params['*']) : null;
        if (!moved) throw e;
        return reply.redirect(`${req.routeOptions.url!.replace(/\/\*$/, '')}${moved}`, 301);
      }
    },
  );
};
