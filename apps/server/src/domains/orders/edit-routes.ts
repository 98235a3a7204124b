import { orderDetailSchema, type OrderDetail } from '@grocer/shared/order';
import { orderEditBodySchema, orderEditConfirmBodySchema, orderEditQuoteSchema } from '@grocer/shared/order-edit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import type { Payments } from '../payments';
import { sendPendingRefunds } from './adjustments';
import { editOrder, quoteEdit } from './edits';
import { findOrder, orderDetail, type Shopper } from './service';

const idParams = z.object({ id: z.string().uuid() });

/**
 * The shopper changes an order until it is packed (issue 39 §14): a quote of the change, then the
 * change. A prepaid order's refund of the difference is sent after the commit, as a staff
 * substitution's is (same idempotency key on a retry; a provider that fails leaves it pending for
 * the staff's "retry refunds").
 */
export const orderEditRoutes: FastifyPluginAsyncZod<{
  db: Db;
  payments: Payments;
  /** the order as the shopper reads it (names in their language: orders/routes.ts) */
  inLanguage?: (req: FastifyRequest, d: OrderDetail) => Promise<OrderDetail>;
}> = async (app, { db, payments, inLanguage }) => {
  const shopper = async (req: FastifyRequest): Promise<Shopper> => ({ websiteId: req.website.id, userId: (await requireUser(db, req)).id });

  app.post(
    '/orders/:id/edit/quote',
    { schema: { params: idParams, body: orderEditBodySchema, response: { 200: orderEditQuoteSchema } } },
    async (req) => quoteEdit(db, await shopper(req), req.params.id, req.body),
  );

  app.post(
    '/orders/:id/edit',
    { schema: { params: idParams, body: orderEditConfirmBodySchema, response: { 200: orderDetailSchema } } },
    async (req) => {
      const s = await shopper(req);
      const { order, adjustment } = await editOrder(db, s, req.params.id, req.body);
      if (adjustment && adjustment.refundStatus !== 'none') await sendPendingRefunds(db, (...a) => payments.refundPart(...a), order.id);
      const detail = await orderDetail(db, await findOrder(db, s, order.id));
      return inLanguage ? inLanguage(req, detail) : detail;
    },
  );
};
