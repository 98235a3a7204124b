import { outboxListSchema } from '@grocer/shared/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Errors } from '../../http/errors';
import type { EventStream } from './events';
import type { Outbox } from './service';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * `GET /s/api/dev/outbox`: the messages this website sent, newest first, so a developer (and the
 * browser journeys) can read sign-in codes. Registered only outside production, and answered only
 * to this machine: a request from another address, or relayed by a proxy (which may itself be on
 * this machine), is refused. The order event stream is drained first (outbox/events.ts), so what an
 * order's change sends is there when the journeys look.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: Outbox; events: EventStream }> = async (app, { outbox, events }) => {
  app.get('/dev/outbox', { schema: { response: { 200: outboxListSchema } } }, async (req) => {
    const h = req.headers;
    if (!LOOPBACK.test(req.ip) || !LOOPBACK.test(req.socket.remoteAddress ?? '') || h['x-forwarded-for'] || h.forwarded || h['x-real-ip']) {
      throw Errors.forbidden('The development outbox answers only on this machine.');
    }
    // the order event stream's messages as soon as they are written, not on the job's next run
    await events.drain();
    return {
      data: (await outbox.list(req.website.id)).map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        status: m.status,
        created_at: m.createdAt.toISOString(),
      })),
    };
  });
};
