import { outboxListSchema } from '@grocer/shared/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Outbox } from './service';

/**
 * `GET /s/api/dev/outbox`: the messages this website sent, newest first, so a developer (and the
 * browser journeys) can read sign-in codes. Registered only outside production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.get('/dev/outbox', { schema: { response: { 200: outboxListSchema } } }, async (req) => ({
    data: (await outbox.list(req.website.id)).map((m) => ({ id: m.id, channel: m.channel, to: m.to, subject: m.subject, body: m.body, status: m.status, created_at: m.createdAt.toISOString() })),
  }));
};
