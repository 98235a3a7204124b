import {
  blockBodySchema,
  customerDetailSchema,
  customerListSchema,
  customersExportQuerySchema,
  customersQuerySchema,
  customerTagListSchema,
  customerTagSchema,
  noteBodySchema,
  tagBodySchema,
} from '@grocer/shared/admin-customers';
import { idParamsSchema, coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { customersCsv } from './customer-export';
import { addCustomerNote, addCustomerTag, customerTagList, deleteCustomerNote, removeCustomerTag } from './customer-notes';
import { customerDetail, listCustomers, setBlocked } from './customers';

const params = idParamsSchema;
const detail = { 200: customerDetailSchema };

/** Staff calls on the website's customers (in the staff scope, which guards `/admin`). */
export const customerAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/customers', { schema: { querystring: customersQuerySchema, response: { 200: customerListSchema } } }, async (req) =>
    listCustomers(db, req.website.id, req.query),
  );

  app.get('/admin/customers/export.csv', { schema: { querystring: customersExportQuerySchema } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(customersCsv(db, req.website.id, req.query)),
  );

  app.get('/admin/customers/tags', { schema: { response: { 200: customerTagListSchema } } }, async (req) =>
    customerTagList(db, req.website.id),
  );

  app.get('/admin/customers/:id', { schema: { params, response: detail } }, async (req) =>
    customerDetail(db, req.website.id, req.params.id),
  );

  app.post('/admin/customers/:id/block', { schema: { params, body: blockBodySchema, response: detail } }, async (req) => {
    await setBlocked(db, auditActor(req), req.params.id, req.body);
    return customerDetail(db, req.website.id, req.params.id);
  });

  app.post('/admin/customers/:id/unblock', { schema: { params, response: detail } }, async (req) => {
    await setBlocked(db, auditActor(req), req.params.id, null);
    return customerDetail(db, req.website.id, req.params.id);
  });

  app.post('/admin/customers/:id/tags', { schema: { params, body: tagBodySchema, response: detail } }, async (req) => {
    await addCustomerTag(db, auditActor(req), req.params.id, req.body.tag);
    return customerDetail(db, req.website.id, req.params.id);
  });

  app.delete(
    '/admin/customers/:id/tags/:tag',
    { schema: { params: params.extend({ tag: customerTagSchema }), response: detail } },
    async (req) => {
      await removeCustomerTag(db, auditActor(req), req.params.id, req.params.tag);
      return customerDetail(db, req.website.id, req.params.id);
    },
  );

  app.post('/admin/customers/:id/notes', { schema: { params, body: noteBodySchema, response: detail } }, async (req) => {
    await addCustomerNote(db, auditActor(req), req.params.id, req.body.body);
    return customerDetail(db, req.website.id, req.params.id);
  });

  app.delete(
    '/admin/customers/:id/notes/:noteId',
    { schema: { params: params.extend({ noteId: coercedIdSchema }), response: detail } },
    async (req) => {
      await deleteCustomerNote(db, auditActor(req), req.params.id, req.params.noteId);
      return customerDetail(db, req.website.id, req.params.id);
    },
  );
};
