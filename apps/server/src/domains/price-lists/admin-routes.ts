import { coercedIdSchema, idParamsSchema } from '@grocer/shared/ids';
import {
  customerGroupInputSchema,
  customerGroupListSchema,
  customerGroupSchema,
  groupMemberInputSchema,
  priceListInputSchema,
} from '@grocer/shared/price-lists';
import { packChoicesQuerySchema, packChoicesSchema } from '@grocer/shared/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { searchPacks } from '../catalogue';
import {
  addGroupMember,
  createCustomerGroup,
  deleteCustomerGroup,
  getCustomerGroup,
  listCustomerGroups,
  removeGroupMember,
  renameCustomerGroup,
  savePriceList,
} from './admin-service';

const params = idParamsSchema;

/** Staff calls on customer groups and their price lists (the `customer-groups` screen: the `customers` permission). */
export const priceListsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/customer-groups', { schema: { response: { 200: customerGroupListSchema } } }, async (req) => ({
    data: await listCustomerGroups(db, req.website.id),
  }));

  app.get(
    '/admin/customer-groups/packs',
    { schema: { querystring: packChoicesQuerySchema, response: { 200: packChoicesSchema } } },
    async (req) => ({
      data: await searchPacks(db, req.website.id, req.query.q),
    }),
  );

  app.post(
    '/admin/customer-groups',
    { schema: { body: customerGroupInputSchema, response: { 201: customerGroupSchema } } },
    async (req, reply) => reply.code(201).send(await createCustomerGroup(db, auditActor(req), req.body.name)),
  );

  app.get('/admin/customer-groups/:id', { schema: { params, response: { 200: customerGroupSchema } } }, async (req) =>
    getCustomerGroup(db, req.website.id, req.params.id),
  );

  app.put(
    '/admin/customer-groups/:id',
    { schema: { params, body: customerGroupInputSchema, response: { 200: customerGroupSchema } } },
    async (req) => renameCustomerGroup(db, auditActor(req), req.params.id, req.body.name),
  );

  app.delete('/admin/customer-groups/:id', { schema: { params } }, async (req, reply) => {
    await deleteCustomerGroup(db, auditActor(req), req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/admin/customer-groups/:id/members',
    { schema: { params, body: groupMemberInputSchema, response: { 200: customerGroupSchema } } },
    async (req) => addGroupMember(db, auditActor(req), req.params.id, req.body.customer),
  );

  app.delete(
    '/admin/customer-groups/:id/members/:userId',
    { schema: { params: z.object({ id: coercedIdSchema, userId: coercedIdSchema }), response: { 200: customerGroupSchema } } },
    async (req) => removeGroupMember(db, auditActor(req), req.params.id, req.params.userId),
  );

  app.put(
    '/admin/customer-groups/:id/prices',
    { schema: { params, body: priceListInputSchema, response: { 200: customerGroupSchema } } },
    async (req) => savePriceList(db, auditActor(req), req.params.id, req.body),
  );
};
