import { pageDataSchema, supplierListSchema } from '@grocer/shared/storefront';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { catalogueContext } from '../catalogue/routes';
import { AppError } from '../../http/errors';
import { getPageData, movedPageUrl, warnBlockProblems } from './service';
import { listSuppliers } from './suppliers';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // '/page/data' + the page url: '/page/data/' is home, '/page/data/about-us' a content page.
  const handler = async (req: { params: { '*'?: string } } & Parameters<typeof catalogueContext>[1] & Pick<FastifyRequest, 'log'>) =>
    getPageData(db, await catalogueContext(db, req), req.params['*'] ?? '', warnBlockProblems(req.log));
  app.get('/page/data', { schema: { response: { 200: pageDataSchema } } }, async (req) => handler(Object.assign(req, { params: {} })));
  app.get('/suppliers', { schema: { response: { 200: supplierListSchema } } }, async (req) => ({
    data: await listSuppliers(db, req.website.id),
  }));
  app.get(
    '/page/data/*',
    { schema: { params: z.object({ '*': z.string().max(500) }), response: { 200: pageDataSchema } } },
    async (req, reply) => {
      try {
        return await handler(req);
      } catch (e) {
        // a page's old address (its URL changed in the page builder): a permanent redirect to its current one
        const moved = e instanceof AppError && e.statusCode === 404 ? await movedPageUrl(db, req.website.id, req.params['*']) : null;
        if (!moved) throw e;
        return reply.redirect(`${req.routeOptions.url!.replace(/\/\*$/, '')}${moved}`, 301);
      }
    },
  );
};
