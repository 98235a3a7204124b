import { blockBodySchema, customerDetailSchema, customerListSchema, customersQuerySchema } from '@grocer/shared/admin-customers';
import { idParamsSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/service';
import { customerDetail, listCustomers, setBlocked } from './customers';

const params = idParamsSchema;

/** Staff calls on the website's customers (in the staff scope, which guards `/admin`). */
export const customerAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/customers', { schema: { querystring: customersQuerySchema, response: { 200: customerListSchema } } }, async (req) =>
    listCustomers(db, req.website.id, req.query),
  );

  app.get('/admin/customers/:id', { schema: { params, response: { 200: customerDetailSchema } } }, async (req) =>
    customerDetail(db, req.website.id, req.params.id),
  );

  app.post(
    '/admin/customers/:id/block',
    { schema: { params, body: blockBodySchema, response: { 200: customerDetailSchema } } },
    async (req) => {
      await setBlocked(db, auditActor(req), req.params.id, req.body);
      return customerDetail(db, req.website.id, req.params.id);
    },
  );

  app.post('/admin/customers/:id/unblock', { schema: { params, response: { 200: customerDetailSchema } } }, async (req) => {
    await setBlocked(db, auditActor(req), req.params.id, null);
    return customerDetail(db, req.website.id, req.params.id);
  });
};
