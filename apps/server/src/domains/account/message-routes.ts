import {
  MESSAGE_KINDS,
  messageChoicesBodySchema,
  messageChoicesSchema,
  type MessageChannel,
  type MessageChoices,
} from '@grocer/shared/message-choices';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { choicesOf, saveChoices, whatsappStopped, type Outbox } from '../outbox';

/**
 * The shopper's message channels (issue 46 §7): per kind of message, WhatsApp / SMS / email, only
 * those that can reach them (WhatsApp when the website sends on it, email when the account has one).
 * The outbox keeps and honours them (outbox/choices.ts).
 */
export const messageRoutes: FastifyPluginAsyncZod<{ db: Db; outbox: Outbox }> = async (app, { db, outbox }) => {
  async function answer(req: FastifyRequest) {
    const user = await requireUser(db, req);
    const websiteId = req.website.id;
    const channels: MessageChannel[] = [
      ...((await outbox.whatsappOn(db, websiteId)) ? (['whatsapp'] as const) : []),
      'sms',
      ...(user.email ? (['email'] as const) : []),
    ];
    const stopped = !!user.phone && (await whatsappStopped(db, websiteId, user.phone));
    const saved = await choicesOf(db, websiteId, user.id);
    const body: MessageChoices = {
      channels,
      choices: MESSAGE_KINDS.map((kind) => ({ kind, ...saved[kind], whatsapp: saved[kind].whatsapp && !stopped })),
      whatsapp_stopped: stopped,
    };
    return { user, websiteId, channels, body };
  }

  app.get('/account/messages', { schema: { response: { 200: messageChoicesSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return (await answer(req)).body;
  });

  app.put('/account/messages', { schema: { body: messageChoicesBodySchema, response: { 200: messageChoicesSchema } } }, async (req) => {
    const { user, websiteId, channels } = await answer(req);
    await saveChoices(db, { websiteId, userId: user.id, phone: user.phone, channels }, req.body.choices);
    return (await answer(req)).body;
  });
};
