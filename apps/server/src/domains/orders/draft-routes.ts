import {
  adminDraftListSchema,
  adminDraftSchema,
  draftCreateBodySchema,
  draftCustomerListSchema,
  draftCustomersQuerySchema,
  draftPlaceCodBodySchema,
  draftSendLinkBodySchema,
  draftUpdateBodySchema,
} from '@grocer/shared/order-drafts';
import { coercedIdSchema } from '@grocer/shared/ids';
import { posCounterPackSchema } from '@grocer/shared/pos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { counterCatalogue } from '../catalogue';
import type { Outbox } from '../outbox';
import type { Payments } from '../payments';
import { createDraft, draftCustomers, draftOf, listDrafts, placeDraft, updateDraft } from './drafts';
import { browserOrigin } from './routes';

const params = z.object({ id: z.string().uuid() });

/**
 * Administration → Orders → New order (issue 40 §12): draft orders, under the orders screen
 * (reading needs orders.read, every change orders.manage: staff-permissions.ts).
 */
export const orderDraftRoutes =
  (deps: { payments: Payments; outbox: Outbox }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const placing = { db, outbox: deps.outbox };

    /** Packs with their stock at a warehouse, searched by name (the draft's and the order edit's item search). */
    app.get(
      '/admin/orders/packs',
      {
        schema: {
          querystring: z.object({ warehouse_id: coercedIdSchema, q: z.string().trim().min(1).max(100) }),
          response: { 200: z.object({ data: z.array(posCounterPackSchema) }) },
        },
      },
      async (req) => ({ data: await counterCatalogue(db, req.website.id, req.query.warehouse_id, req.query.q, 10, { inStock: true }) }),
    );

    app.get('/admin/orders/drafts', { schema: { response: { 200: adminDraftListSchema } } }, async (req) => listDrafts(db, req.website.id));

    app.get(
      '/admin/orders/drafts/customers',
      { schema: { querystring: draftCustomersQuerySchema, response: { 200: draftCustomerListSchema } } },
      async (req) => draftCustomers(db, req.website.id, req.query.q),
    );

    app.post('/admin/orders/drafts', { schema: { body: draftCreateBodySchema, response: { 200: adminDraftSchema } } }, async (req) =>
      createDraft(db, auditActor(req), req.website, req.body),
    );

    app.get('/admin/orders/drafts/:id', { schema: { params, response: { 200: adminDraftSchema } } }, async (req) =>
      draftOf(db, req.website.id, req.params.id),
    );

    app.patch(
      '/admin/orders/drafts/:id',
      { schema: { params, body: draftUpdateBodySchema, response: { 200: adminDraftSchema } } },
      async (req) => updateDraft(db, auditActor(req), req.params.id, req.body),
    );

    /** Places the draft as an order awaiting the customer's online payment and sends them the link. */
    app.post(
      '/admin/orders/drafts/:id/send-link',
      { schema: { params, body: draftSendLinkBodySchema, response: { 200: adminDraftSchema } } },
      async (req) => placeDraft(placing, auditActor(req), req.website, req.params.id, req.body, browserOrigin(req), req.staffUser!.name),
    );

    /** Places the draft as a cash-on-delivery order. */
    app.post(
      '/admin/orders/drafts/:id/place-cod',
      { schema: { params, body: draftPlaceCodBodySchema, response: { 200: adminDraftSchema } } },
      async (req) =>
        placeDraft(
          placing,
          auditActor(req),
          req.website,
          req.params.id,
          { payment_method: 'cod', expected_total: req.body.expected_total },
          browserOrigin(req),
          req.staffUser!.name,
        ),
    );
  };
