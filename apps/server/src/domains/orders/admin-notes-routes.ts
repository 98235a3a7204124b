import { adminOrderSchema } from '@grocer/shared/admin-orders';
import {
  orderNoteBodySchema,
  orderRefundBodySchema,
  orderTagBodySchema,
  orderTagListSchema,
  printQuerySchema,
} from '@grocer/shared/order-notes';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import type { Payments } from '../payments';
import { adminOrder, findAdminOrder } from './admin-service';
import { sendPendingRefunds } from './adjustments';
import { orderErrors } from './errors';
import { invoiceHtml, invoicesHtml } from './invoice';
import { addOrderNote, addOrderTag, removeOrderTag, websiteTags } from './notes';
import { packingSlipsHtml } from './printables';
import { ordersByIds } from './queries';
import { refundAmount } from './refunds';

const params = z.object({ id: z.string().uuid() });
const html = (reply: FastifyReply, body: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(body);

/**
 * The staff's notes, tags, refunds of an amount and printing on orders (issue 40 §12), registered
 * inside `orderAdminRoutes` (the staff scope: reading needs orders.read, writing orders.manage).
 * Another website's order is 404; each write answers the order screen as it now stands.
 */
export const orderNotesAdminRoutes =
  (deps: { payments: Payments }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const screen = async (websiteId: number, id: string) => adminOrder(db, await findAdminOrder(db, websiteId, id));

    app.post(
      '/admin/orders/:id/notes',
      { schema: { params, body: orderNoteBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => {
        await addOrderNote(db, auditActor(req), req.params.id, req.body.text);
        return screen(req.website.id, req.params.id);
      },
    );

    app.get('/admin/orders/tags', { schema: { response: { 200: orderTagListSchema } } }, async (req) => ({
      data: await websiteTags(db, req.website.id),
    }));
    app.post(
      '/admin/orders/:id/tags',
      { schema: { params, body: orderTagBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => {
        await addOrderTag(db, auditActor(req), req.params.id, req.body.tag);
        return screen(req.website.id, req.params.id);
      },
    );
    app.delete(
      '/admin/orders/:id/tags/:tag',
      { schema: { params: params.extend({ tag: z.string().min(1).max(80) }), response: { 200: adminOrderSchema } } },
      async (req) => {
        await removeOrderTag(db, auditActor(req), req.params.id, req.params.tag);
        return screen(req.website.id, req.params.id);
      },
    );

    /**
     * A refund of an amount (goodwill, the delivery fee, other): held as pending in its transaction,
     * then sent to the provider with its own key (with any other pending part refund of the order).
     * A retried request (same key) sends nothing new: the provider answers the same refund.
     */
    app.post(
      '/admin/orders/:id/refunds',
      { schema: { params, body: orderRefundBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => {
        const done = await refundAmount(db, auditActor(req), req.params.id, req.body);
        await sendPendingRefunds(db, (...a) => deps.payments.refundPart(...a), done.order.id);
        return screen(req.website.id, req.params.id);
      },
    );

    /** The GST tax invoice of one order (not for one never placed). */
    app.get('/admin/orders/:id/invoice', { schema: { params } }, async (req, reply) => {
      const o = await findAdminOrder(db, req.website.id, req.params.id);
      if (o.status === 'pending_payment' || o.status === 'payment_failed') throw orderErrors.invoiceNotIssued();
      return html(reply, await invoiceHtml(db, o));
    });

    /** The ticked orders, in the order given; another website's are left out, none at all is 404. */
    const chosen = async (websiteId: number, ids: string[]) => {
      const found = new Map((await ordersByIds(db, websiteId, [...new Set(ids)])).map((o) => [o.id, o]));
      const list = [...new Set(ids)].flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
      if (list.length === 0) throw orderErrors.notFound();
      return list;
    };
    /** Invoices of many orders in one document, a page each; orders never placed have none and are left out. */
    app.get('/admin/orders/invoices', { schema: { querystring: printQuerySchema } }, async (req, reply) => {
      const list = (await chosen(req.website.id, req.query.ids)).filter(
        (o) => o.status !== 'pending_payment' && o.status !== 'payment_failed',
      );
      if (list.length === 0) throw orderErrors.invoiceNotIssued();
      return html(reply, await invoicesHtml(db, req.website.id, list));
    });
    app.get('/admin/orders/packing-slips', { schema: { querystring: printQuerySchema } }, async (req, reply) =>
      html(reply, await packingSlipsHtml(db, req.website.id, await chosen(req.website.id, req.query.ids))),
    );
  };
