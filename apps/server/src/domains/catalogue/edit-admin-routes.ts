import {
  adminBrandInputSchema,
  adminBrandListSchema,
  adminBrandSchema,
  adminBrandsQuerySchema,
  adminCategoryArrangeSchema,
  adminCategoryDeleteQuerySchema,
  adminCategoryInputSchema,
  adminCategoryListSchema,
  adminCategorySchema,
  adminPriceChangeSchema,
  adminPricePreviewSchema,
  adminProductCountSchema,
  adminProductCreateSchema,
  adminProductDeleteSchema,
  adminProductMoveSchema,
} from '@grocer/shared/admin-catalogue-edit';
import { adminProductSchema } from '@grocer/shared/admin-catalogue';
import { idParamsSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { applyPrices, createProduct, deleteProducts, moveProductsToCategory, previewPrices } from './product-edit';
import {
  arrangeCategories,
  createCategory,
  deleteBrand,
  deleteCategory,
  listAdminBrands,
  listAdminCategories,
  saveBrand,
  updateCategory,
} from './taxonomy-admin';

const params = idParamsSchema;

/** Staff catalogue writes beyond the editor's save: product create/delete, bulk actions, categories and brands. */
export const catalogueEditAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/admin/products', { schema: { body: adminProductCreateSchema, response: { 201: adminProductSchema } } }, async (req, reply) =>
    reply.status(201).send(await createProduct(db, auditActor(req), req.body)),
  );

  app.delete('/admin/products/:id', { schema: { params } }, async (req, reply) => {
    await deleteProducts(db, auditActor(req), [req.params.id]);
    return reply.status(204).send();
  });

  app.post(
    '/admin/products/delete',
    { schema: { body: adminProductDeleteSchema, response: { 200: adminProductCountSchema } } },
    async (req) => deleteProducts(db, auditActor(req), req.body.ids),
  );

  app.post(
    '/admin/products/category',
    { schema: { body: adminProductMoveSchema, response: { 200: adminProductCountSchema } } },
    async (req) => moveProductsToCategory(db, auditActor(req), req.body.ids, req.body.category_id),
  );

  app.post(
    '/admin/products/prices/preview',
    { schema: { body: adminPriceChangeSchema, response: { 200: adminPricePreviewSchema } } },
    async (req) => previewPrices(db, req.website.id, req.body),
  );

  app.post(
    '/admin/products/prices',
    { schema: { body: adminPriceChangeSchema, response: { 200: adminProductCountSchema } } },
    async (req) => applyPrices(db, auditActor(req), req.body),
  );

  app.get('/admin/categories', { schema: { response: { 200: adminCategoryListSchema } } }, async (req) => ({
    data: await listAdminCategories(db, req.website.id),
  }));

  app.post(
    '/admin/categories',
    { schema: { body: adminCategoryInputSchema, response: { 201: adminCategorySchema } } },
    async (req, reply) => reply.status(201).send(await createCategory(db, auditActor(req), req.body)),
  );

  app.put(
    '/admin/categories/:id',
    { schema: { params, body: adminCategoryInputSchema, response: { 200: adminCategorySchema } } },
    async (req) => updateCategory(db, auditActor(req), req.params.id, req.body),
  );

  app.post(
    '/admin/categories/arrange',
    { schema: { body: adminCategoryArrangeSchema, response: { 200: adminCategoryListSchema } } },
    async (req) => ({
      data: await arrangeCategories(db, auditActor(req), req.body.parent_id, req.body.ids),
    }),
  );

  app.delete('/admin/categories/:id', { schema: { params, querystring: adminCategoryDeleteQuerySchema } }, async (req, reply) => {
    await deleteCategory(db, auditActor(req), req.params.id, req.query.move_to);
    return reply.status(204).send();
  });

  app.get('/admin/brands', { schema: { querystring: adminBrandsQuerySchema, response: { 200: adminBrandListSchema } } }, async (req) =>
    listAdminBrands(db, req.website.id, req.query),
  );

  app.post('/admin/brands', { schema: { body: adminBrandInputSchema, response: { 201: adminBrandSchema } } }, async (req, reply) =>
    reply.status(201).send(await saveBrand(db, auditActor(req), null, req.body)),
  );

  app.put('/admin/brands/:id', { schema: { params, body: adminBrandInputSchema, response: { 200: adminBrandSchema } } }, async (req) =>
    saveBrand(db, auditActor(req), req.params.id, req.body),
  );

  app.delete('/admin/brands/:id', { schema: { params } }, async (req, reply) => {
    await deleteBrand(db, auditActor(req), req.params.id);
    return reply.status(204).send();
  });
};
