import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { orderDetailSchema, razorpayVerifyBodySchema } from '@grocer/shared/order';
import { findOrder, orderDetail } from '../orders/service';
import type { Payments } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** the exact bytes of a webhook body (signatures are over them) */
    rawBody?: string;
  }
}

/** Razorpay Checkout's verification, and the providers' webhooks (raw body, no CSRF: signed). */
export const paymentRoutes: FastifyPluginAsyncZod<{ db: Db; payments: Payments }> = async (app, { db, payments }) => {
  app.post(
    '/payments/razorpay/verify',
    { schema: { body: razorpayVerifyBodySchema, response: { 200: orderDetailSchema } } },
    async (req) => {
      const s = { websiteId: req.website.id, userId: (await requireUser(db, req)).id };
      const o = await findOrder(db, s, req.body.order_id);
      await payments.verifyRazorpay(o, req.body);
      return orderDetail(db, await findOrder(db, s, o.id));
    },
  );

  await app.register(async (hooks) => {
    // The body is kept as sent (signatures are over its bytes) and parsed by the service, which
    // answers 400 to anything that is not a payment event; other content types get Fastify's 415.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      done(null, null);
    });
    hooks.post('/payments/razorpay/webhook', { config: { csrf: false, webhook: 'razorpay' } }, async (req) => {
      await payments.razorpayWebhook(
        req.rawBody ?? '',
        String(req.headers['x-razorpay-signature'] ?? ''),
        String(req.headers['x-razorpay-event-id'] ?? ''),
      );
      return { ok: true };
    });
    hooks.post('/payments/cashfree/webhook', { config: { csrf: false, webhook: 'cashfree' } }, async (req) => {
      await payments.cashfreeWebhook(
        req.rawBody ?? '',
        String(req.headers['x-webhook-signature'] ?? ''),
        String(req.headers['x-webhook-timestamp'] ?? ''),
      );
      return { ok: true };
    });
  });
};
