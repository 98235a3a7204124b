import { adminOrderSchema } from '@grocer/shared/admin-orders';
import { orderEditBodySchema, orderEditConfirmBodySchema, orderEditQuoteSchema } from '@grocer/shared/order-edit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor, recordAudit } from '../audit';
import { fail } from '../../http/errors';
import { findUserById } from '../identity';
import { openBalanceOf, type Payments } from '../payments';
import { balanceSentSchema } from '@grocer/shared/order-balance';
import { toRupees } from '@grocer/shared/money';
import { sendBalanceLink } from './payment-link';
import { browserOrigin } from './routes';
import type { Outbox } from '../outbox';
import { sendPendingRefunds } from './adjustments';
import { adminOrder, findAdminOrder } from './admin-service';
import { quoteEditOf, staffEditOrder } from './edits';

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
      // staff: a prepaid order costing more is quoted, its difference to be paid by link (issue 40 §12)
      async (req) => quoteEditOf(db, await findAdminOrder(db, req.website.id, req.params.id), req.body, new Date(), true),
    );

    app.post(
      '/admin/orders/:id/edit',
      { schema: { params, body: orderEditConfirmBodySchema, response: { 200: adminOrderSchema } } },
      async (req) => {
        const { order, adjustment } = await staffEditOrder(db, auditActor(req), req.params.id, req.body);
        if (adjustment && adjustment.refundStatus !== 'none')
          await sendPendingRefunds(db, (...a) => deps.payments.refundPart(...a), order.id);
        // the customer is told from the edit's `order.changed` event (notifications consumer)
        return adminOrder(db, await findAdminOrder(db, req.website.id, order.id));
      },
    );

    /** The open balance's payment link sent to the customer by email and SMS (orders.manage), audited. */
    app.post('/admin/orders/:id/balance/send', { schema: { params, response: { 200: balanceSentSchema } } }, async (req) => {
      const order = await findAdminOrder(db, req.website.id, req.params.id);
      const open = await openBalanceOf(db, order.id);
      if (!open) throw fail('NO_BALANCE_DUE');
      const customer = await findUserById(db, order.userId);
      const sentTo = await sendBalanceLink(
        deps.outbox,
        req.website,
        order,
        { email: customer?.email ?? null, phone: customer?.phone ?? order.address.phone },
        open,
        browserOrigin(req),
      );
      await recordAudit(db, auditActor(req), {
        entity: 'order',
        entityId: order.id,
        action: 'send-balance-link',
        after: { amount: toRupees(open.amount), sent_to: sentTo },
      });
      return { sent_to: sentTo };
    });
  };
