import {
  adminOrderListSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
  bulkBodySchema,
  bulkResultSchema,
  cancelBodySchema,
  cashHandoverBodySchema,
  cashHandoverResultSchema,
  deliverBodySchema,
  noteBodySchema,
  pickListQuerySchema,
  removeLineBodySchema,
  shipBodySchema,
  substituteLineBodySchema,
} from '@grocer/shared/admin-orders';
import { ORDER_MOVE_NEEDS } from '@grocer/shared/staff-roles';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hasPermission } from '../../http/auth';
import { Errors } from '../../http/errors';
import { auditActor, recordAudit } from '../audit';
import type { Outbox } from '../outbox';
import type { Payments } from '../payments';
import {
  adminOrder,
  findAdminOrder,
  handOverOneOrderCash,
  handOverOrdersCash,
  listAdminOrders,
  moveManyOrders,
  moveOneOrder,
  type Moved,
  type StaffMove,
} from './admin-service';
import { pendingRefunds, removeLine, sendPendingRefunds, substituteLine, type AdjustmentRow } from './adjustments';
import type { OrderRow } from './errors';
import { packingSlipHtml, pickListHtml } from './printables';
import { orderNotesAdminRoutes } from './admin-notes-routes';

const params = z.object({ id: z.string().uuid() });

/**
 * Staff calls on orders (registered in the staff scope, which guards `/admin`), scoped to the
 * request's website: another website's order is 404. Every move goes through `moveOrder` and writes
 * its event (the shopper is told by the notifications consumer); after it commits, a cancelled
 * prepaid order is refunded through the provider.
 */
export const orderAdminRoutes =
  (deps: { payments: Payments; outbox: Outbox; config: Config }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    // notes, tags, refunds of an amount, invoices and bulk printing (issue 40 §12)
    await app.register(orderNotesAdminRoutes({ payments: deps.payments }), { db });
    // the shopper's status message follows from the move's `order.status_changed` event
    // (notifications consumer); the provider's refund is still asked for here, once committed
    const after = async (moved: Moved) => {
      if (moved.refund) await deps.payments.refundOrder(moved.order.id);
      if (moved.refunds) await sendRefunds(moved.order.id);
    };
    const move = async (req: FastifyRequest<{ Params: { id: string } }>, m: Omit<StaffMove, 'actor'>, refundTo?: 'wallet' | 'source') => {
      const moved = await moveOneOrder(db, req.website.id, req.params.id, { ...m, actor: auditActor(req) });
      // the customer's choice for the refund, told to staff (issue 44 §2): the wallet at once, or the source
      if (moved.refund && refundTo === 'wallet') await deps.payments.chooseRefundTo(moved.order.id, 'wallet');
      await after(moved);
      return adminOrder(db, await findAdminOrder(db, req.website.id, req.params.id));
    };

    /** Sends an order's pending partial refunds to the provider, each with its own idempotency key. */
    const sendRefunds = (orderId: string) => sendPendingRefunds(db, (...a) => deps.payments.refundPart(...a), orderId);
    // the customer is told from the change's `order.changed` event (notifications consumer)
    const changed = async (done: { adjustment: AdjustmentRow; order: OrderRow; fresh: boolean }) => {
      if (done.adjustment.refundStatus !== 'none') await sendRefunds(done.order.id);
      return adminOrder(db, await findAdminOrder(db, done.order.websiteId, done.order.id));
    };
    const lineParams = z.object({ id: z.string().uuid(), lineId: coercedIdSchema });

    /** A line (or some of its units) removed: missing or damaged, before or after delivery. */
    app.post(
      '/admin/orders/:id/lines/:lineId/remove',
      { schema: { params: lineParams, body: removeLineBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => changed(await removeLine(db, auditActor(req), req.params.id, req.params.lineId, req.body)),
    );

    /** Units of a line replaced by another pack, before the order ships; the difference settled. */
    app.post(
      '/admin/orders/:id/lines/:lineId/substitute',
      { schema: { params: lineParams, body: substituteLineBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => changed(await substituteLine(db, auditActor(req), req.params.id, req.params.lineId, req.body)),
    );

    /** Sends again the partial refunds the provider did not take (same idempotency keys: never twice). */
    app.post('/admin/orders/:id/refunds/retry', { schema: { params, response: { 200: adminOrderSchema } } }, async (req) => {
      const o = await findAdminOrder(db, req.website.id, req.params.id);
      const pending = (await pendingRefunds(db, o.id)).filter((a) => a.refundKey).length;
      await sendRefunds(o.id);
      // the provider call cannot share a transaction: the retry is recorded once it has been made
      await db.transaction((tx) =>
        recordAudit(tx, auditActor(req), {
          entity: 'order',
          entityId: o.id,
          label: `#${o.ordernumber}`,
          action: 'refund_retry',
          after: { refunds_sent: pending },
        }),
      );
      return adminOrder(db, await findAdminOrder(db, req.website.id, req.params.id));
    });

    app.get('/admin/orders', { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrderListSchema } } }, async (req) =>
      listAdminOrders(db, req.website.id, req.query),
    );

    app.get('/admin/orders/:id', { schema: { params, response: { 200: adminOrderSchema } } }, async (req) =>
      adminOrder(db, await findAdminOrder(db, req.website.id, req.params.id)),
    );

    /** Printables: a self-contained page the browser prints. */
    app.get('/admin/orders/pick-list', { schema: { querystring: pickListQuerySchema } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await pickListHtml(db, req.website.id, req.query)),
    );

    app.get('/admin/orders/:id/packing-slip', { schema: { params } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await packingSlipHtml(db, await findAdminOrder(db, req.website.id, req.params.id))),
    );

    const plain = { schema: { params, body: noteBodySchema.optional(), response: { 200: adminOrderSchema } } };
    app.post('/admin/orders/:id/confirm', plain, async (req) => move(req, { action: 'confirm' }));
    app.post('/admin/orders/:id/pack', plain, async (req) => move(req, { action: 'pack' }));
    app.post('/admin/orders/:id/ship', { schema: { params, body: shipBodySchema, response: { 200: adminOrderSchema } } }, async (req) =>
      move(req, { action: 'ship', delivery: req.body.delivery }),
    );
    app.post(
      '/admin/orders/:id/deliver',
      { schema: { params, body: deliverBodySchema, response: { 200: adminOrderSchema } } },
      async (req) =>
        move(req, {
          action: 'deliver',
          cashCollected: req.body.cash_collected,
          refused: req.body.refused,
          shortReason: req.body.short_reason,
        }),
    );
    /** Cash on delivery: the cash collected for one order is now in the shop's till (409 when it is not waiting). */
    app.post(
      '/admin/orders/:id/cash-handover',
      { schema: { params, body: noteBodySchema.optional(), response: { 200: adminOrderSchema } } },
      async (req) => {
        await handOverOneOrderCash(db, auditActor(req), req.params.id);
        return adminOrder(db, await findAdminOrder(db, req.website.id, req.params.id));
      },
    );
    /** The same for many orders at once (the COD report's list): those not waiting are answered as skipped. */
    app.post(
      '/admin/orders/cash-handover',
      { schema: { body: cashHandoverBodySchema, response: { 200: cashHandoverResultSchema } } },
      async (req) => handOverOrdersCash(db, auditActor(req), req.body.ids),
    );
    app.post('/admin/orders/:id/cancel', { schema: { params, body: cancelBodySchema, response: { 200: adminOrderSchema } } }, async (req) =>
      move(req, { action: 'cancel', reason: req.body.reason }, req.body.refund_to),
    );

    app.post('/admin/orders/bulk', { schema: { body: bulkBodySchema, response: { 200: bulkResultSchema } } }, async (req) => {
      // the route lets anyone who reads orders in; the move itself needs its own permission
      if (!hasPermission(req.staffUser!, ORDER_MOVE_NEEDS[req.body.action])) throw Errors.forbidden();
      const { result, movedOrders } = await moveManyOrders(db, req.website.id, req.body, auditActor(req));
      for (const order of movedOrders) await after({ order, refund: null });
      return result;
    });
  };
