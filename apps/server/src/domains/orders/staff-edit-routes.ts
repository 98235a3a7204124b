import { adminOrderSchema } from '@grocer/shared/admin-orders';
import { orderEditBodySchema, orderEditConfirmBodySchema, orderEditQuoteSchema } from '@grocer/shared/order-edit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/service';
import type { Outbox } from '../outbox/service';
import type { Payments } from '../payments/service';
import { pendingRefunds, recordAdjustmentRefund } from './adjustments';
import { adminOrder, findAdminOrder } from './admin-service';
import { quoteEditOf, staffEditOrder } from './edits';
import { notifyChange } from './notify';

const params = z.object({ id: z.string().uuid() });

/**
 * Administration's order edit (issue 40 §12): a quote of the whole order wanted, then the change
 * (orders.manage, from the address). A prepaid order's refund of the difference is sent after the
 * commit with the adjustment's own key, as the shopper's edit and a substitution send theirs; the
 * shopper is told what changed.
 */
export const orderStaffEditRoutes =
  (deps: { payments: Payments; outbox: Outbox; config: Config }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    app.post(
      '/admin/orders/:id/edit/quote',
      { schema: { params, body: orderEditBodySchema, response: { 200: orderEditQuoteSchema } } },
      async (req) => quoteEditOf(db, await findAdminOrder(db, req.website.id, req.params.id), req.body),
    );

    app.post(
      '/admin/orders/:id/edit',
      { schema: { params, body: orderEditConfirmBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => {
        const { order, adjustment, fresh } = await staffEditOrder(db, auditActor(req), req.params.id, req.body);
        if (adjustment && adjustment.refundStatus !== 'none') {
          for (const a of await pendingRefunds(db, order.id)) {
            if (!a.refundKey) continue;
            const refundId = await deps.payments.refundPart(order.id, a.amount, a.refundKey);
            await recordAdjustmentRefund(db, a.id, refundId ? { refundId } : { failed: true });
          }
        }
        if (adjustment && fresh)
          await notifyChange({ db, outbox: deps.outbox, config: deps.config, log: app.log }, order, adjustment.description);
        return adminOrder(db, await findAdminOrder(db, req.website.id, order.id));
      },
    );
  };
