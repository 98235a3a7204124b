import { whatsappSettingsBodySchema, whatsappSettingsSchema } from '@grocer/shared/whatsapp';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import type { Outbox } from '../outbox';
import { handleCallback, verifyHandshake } from './service';
import { saveWhatsappSettings, whatsappSettingsOf } from './settings';

/** The shop's address as the owner's browser sees it (the webhook URL to paste into the Meta app). */
function browserOrigin(req: FastifyRequest): string {
  const o = req.headers['x-origin'] ?? req.headers.origin;
  if (typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o)) return o;
  return `${req.protocol}://${req.host}`;
}

/**
 * Administration's WhatsApp settings (in the staff scope: the payments permission, like the other
 * provider keys). No answer carries a secret: whether each is set, its last four characters.
 */
export const whatsappAdminRoutes =
  (deps: { config: Config }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const settings = (req: Parameters<typeof browserOrigin>[0]) => whatsappSettingsOf(db, deps.config, req.website.id, browserOrigin(req));
    app.get('/admin/whatsapp', { schema: { response: { 200: whatsappSettingsSchema } } }, async (req) => settings(req));
    app.put('/admin/whatsapp', { schema: { body: whatsappSettingsBodySchema, response: { 200: whatsappSettingsSchema } } }, async (req) => {
      await saveWhatsappSettings(db, deps.config, auditActor(req), req.body);
      return settings(req);
    });
  };

/**
 * The webhook of the website's WhatsApp number (the website from the host, like the payment
 * webhooks): GET is Meta's verification handshake, POST the signed status callbacks (raw body, no
 * CSRF: signed with the app secret).
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; outbox: Outbox }> = async (app, d) => {
  app.get('/whatsapp/webhook', { config: { csrf: false } }, async (req, reply) => {
    const challenge = await verifyHandshake(d.db, req.website.id, req.query as Record<string, string | undefined>);
    if (challenge === null) return reply.status(403).type('text/plain').send('Forbidden');
    return reply.type('text/plain').send(challenge);
  });
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      done(null, null);
    });
    hooks.post('/whatsapp/webhook', { config: { csrf: false } }, async (req) => {
      const moved = await handleCallback(d, req.website.id, req.rawBody ?? '', String(req.headers['x-hub-signature-256'] ?? ''));
      return { ok: true, moved };
    });
  });
};
