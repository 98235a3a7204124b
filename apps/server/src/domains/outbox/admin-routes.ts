import { pushStatusSchema, pushSubscriptionInputSchema, pushUnsubscribeSchema } from '@grocer/shared/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { pushStatus, subscribePush, unsubscribePush } from './push';

/**
 * "Notify me of new orders" (issue 40.17): a staff browser's Web Push subscription, on the orders
 * screen (`/s/api/admin/orders/push`), open to whoever may read orders, since that is who is told.
 */
export const pushAdminRoutes =
  (opts: { production: boolean }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const config = { staffNeed: 'orders.read' as const };
    const actor = (req: Parameters<typeof auditActor>[0]) => ({ ...auditActor(req), actorId: req.staffUser!.id });

    app.get('/admin/orders/push', { config, schema: { response: { 200: pushStatusSchema } } }, async (req) =>
      pushStatus(db, req.website.id, req.staffUser!.id),
    );

    app.post(
      '/admin/orders/push',
      { config, schema: { body: pushSubscriptionInputSchema, response: { 200: pushStatusSchema } } },
      async (req) => {
        await subscribePush(db, actor(req), req.body, opts);
        return pushStatus(db, req.website.id, req.staffUser!.id);
      },
    );

    app.delete(
      '/admin/orders/push',
      { config, schema: { body: pushUnsubscribeSchema, response: { 200: pushStatusSchema } } },
      async (req) => {
        await unsubscribePush(db, actor(req), req.body.endpoint);
        return pushStatus(db, req.website.id, req.staffUser!.id);
      },
    );
  };
