import {
  adminProductInputSchema,
  adminProductListSchema,
  adminProductOptionsSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  adminProductStatusInputSchema,
  adminProductStatusResultSchema,
  adminSummarySchema,
} from '@grocer/shared/admin-catalogue';
import { synonymListSchema } from '@grocer/shared/synonyms';
import { idParamsSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { countMembers } from '../identity';
import { adminProductOptions, getAdminProduct, listAdminProducts, setProductsStatus, updateAdminProduct } from './admin-service';
import { catalogueCounts } from './service';
import { listSynonyms, replaceSynonyms } from './synonyms';
import { auditActor } from '../audit';

const params = idParamsSchema;

/** Staff calls on the catalogue (registered by staffRoutes, which guards them by area), scoped to the request's website. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/summary', { schema: { response: { 200: adminSummarySchema } } }, async (req) => ({
    ...(await catalogueCounts(db, req.website.id)),
    members: await countMembers(db, req.website.id),
  }));

  app.get(
    '/admin/products',
    { schema: { querystring: adminProductsQuerySchema, response: { 200: adminProductListSchema } } },
    async (req) => listAdminProducts(db, req.website.id, req.query),
  );

  app.get('/admin/products/options', { schema: { response: { 200: adminProductOptionsSchema } } }, async (req) =>
    adminProductOptions(db, req.website.id),
  );

  app.post(
    '/admin/products/status',
    { schema: { body: adminProductStatusInputSchema, response: { 200: adminProductStatusResultSchema } } },
    async (req) => setProductsStatus(db, auditActor(req), req.body.ids, req.body.status),
  );

  app.get('/admin/products/:id', { schema: { params, response: { 200: adminProductSchema } } }, async (req) =>
    getAdminProduct(db, req.website.id, req.params.id),
  );

  app.put(
    '/admin/products/:id',
    { schema: { params, body: adminProductInputSchema, response: { 200: adminProductSchema } } },
    async (req) => updateAdminProduct(db, auditActor(req), req.params.id, req.body),
  );

  app.get('/admin/search/synonyms', { schema: { response: { 200: synonymListSchema } } }, async (req) => ({
    data: await listSynonyms(db, req.website.id),
  }));

  app.put('/admin/search/synonyms', { schema: { body: synonymListSchema, response: { 200: synonymListSchema } } }, async (req) => ({
    data: await replaceSynonyms(db, auditActor(req), req.body.data),
  }));
};
