import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { GRAPH_API_VERSION, signatureOf, waNumber, type CloudStatus } from './cloud-api';

/**
 * The WhatsApp simulator (issue 46 §8): the Cloud API's template message call as documented, for
 * development and tests (outside production only, mounted with the payment simulator). It checks
 * each request against the documented shape, records what was sent (GET /sim/whatsapp/messages),
 * can be told to refuse a number or to fail it later, and sends signed status callbacks to the
 * webhook of a registered account, as Meta does. A test plays a customer writing to the shop with
 * POST /sim/whatsapp/inbound ({ phone_number_id, from, text, id? }): the documented `messages`
 * webhook, signed like the callbacks. State is in memory (a test double).
 */
interface SimAccount {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** the shop's webhook (`/s/api/whatsapp/webhook` on the website's host) */
  callbackUrl: string | null;
}
export interface SimMessage {
  id: string;
  phone_number_id: string;
  to: string;
  /** `text`: a plain service reply (`template` then empty, `text` its body) */
  type: 'template' | 'text';
  template: string;
  language: string;
  params: string[];
  text?: string;
  /** the statuses sent to the webhook so far */
  statuses: CloudStatus[];
}

const graphError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .status(status)
    .send({ error: { message, type: status === 401 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: 'sim' } });

export const whatsappSimRoutes: FastifyPluginAsync = async (app) => {
  const accounts = new Map<string, SimAccount>();
  const messages: SimMessage[] = [];
  /** numbers told to fail: `reject` answers the send with an error; `callback` accepts it, then reports it failed */
  const failing = new Map<string, 'reject' | 'callback'>();

  app.post<{ Body: { phone_number_id?: string; access_token?: string; app_secret?: string; callback_url?: string } }>(
    '/sim/whatsapp/accounts',
    async (req, reply) => {
      const b = req.body ?? {};
      if (!b.phone_number_id || !b.access_token || !b.app_secret)
        return reply.status(400).send({ message: 'phone_number_id, access_token and app_secret are needed' });
      accounts.set(b.phone_number_id, {
        phoneNumberId: b.phone_number_id,
        accessToken: b.access_token,
        appSecret: b.app_secret,
        callbackUrl: b.callback_url ?? null,
      });
      return { ok: true };
    },
  );
  app.post<{ Body: { to?: string; how?: 'reject' | 'callback' | 'none' } }>('/sim/whatsapp/fail', async (req, reply) => {
    const to = waNumber(req.body?.to ?? '');
    if (!to) return reply.status(400).send({ message: 'to is needed' });
    if (req.body?.how === 'none') failing.delete(to);
    else failing.set(to, req.body?.how === 'callback' ? 'callback' : 'reject');
    return { ok: true };
  });
  app.get('/sim/whatsapp/messages', async () => messages);

  /** Posts a webhook body to the account's webhook, signed with its app secret (or `signWith`): the webhook's answer. */
  const post = async (a: SimAccount, raw: string, signWith?: string) => {
    const res = await fetch(a.callbackUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(signWith ?? a.appSecret, raw) },
      body: raw,
    });
    return { delivered: res.ok, status: res.status, body: await res.text() };
  };

  /** Sends a signed status callback for a message to its account's webhook: the webhook's answer. */
  const callback = async (m: SimMessage, status: CloudStatus, signWith?: string) => {
    const a = accounts.get(m.phone_number_id);
    if (!a?.callbackUrl) return { delivered: false, status: 0 };
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'sim-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: m.phone_number_id },
                statuses: [
                  {
                    id: m.id,
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: m.to,
                    ...(status === 'failed' && {
                      errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
                    }),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await post(a, raw, signWith);
    m.statuses.push(status);
    return { delivered: res.delivered, status: res.status };
  };

  // A customer writes to the shop's number: the documented inbound `messages` webhook (a text
  // message), signed like the callbacks. `id` may be given to replay the same message (a retry).
  app.post<{ Body: { phone_number_id?: string; from?: string; text?: string; id?: string; name?: string; sign_with?: string } }>(
    '/sim/whatsapp/inbound',
    async (req, reply) => {
      const b = req.body ?? {};
      const a = b.phone_number_id ? accounts.get(b.phone_number_id) : undefined;
      if (!a?.callbackUrl) return reply.status(400).send({ message: 'A registered account with a callback_url is needed' });
      const from = waNumber(b.from ?? '');
      if (!/^\d{8,15}$/.test(from) || typeof b.text !== 'string') return reply.status(400).send({ message: 'from and text are needed' });
      const id = b.id ?? `wamid.${randomBytes(12).toString('base64url')}`;
      const raw = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'sim-waba',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550000000', phone_number_id: a.phoneNumberId },
                  contacts: [{ profile: { name: b.name ?? 'Customer' }, wa_id: from }],
                  messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: b.text } }],
                },
              },
            ],
          },
        ],
      });
      return { id, ...(await post(a, raw, b.sign_with)) };
    },
  );
  app.post<{ Params: { id: string }; Body: { status?: CloudStatus; sign_with?: string } }>(
    '/sim/whatsapp/messages/:id/status',
    async (req, reply) => {
      const m = messages.find((x) => x.id === req.params.id);
      if (!m) return reply.status(404).send({ message: 'Unknown message' });
      const status = req.body?.status;
      if (!status || !['sent', 'delivered', 'read', 'failed'].includes(status)) return reply.status(400).send({ message: 'status?' });
      return callback(m, status, req.body?.sign_with);
    },
  );

  // --- the Cloud API
  app.post<{ Params: { version: string; phoneNumberId: string }; Body: Record<string, unknown> }>(
    '/sim/whatsapp/:version/:phoneNumberId/messages',
    async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const a = accounts.get(req.params.phoneNumberId);
      if (!auth.startsWith('Bearer ') || auth.length < 12 || (a && auth !== `Bearer ${a.accessToken}`))
        return graphError(reply, 401, 190, 'Invalid OAuth access token.');
      if (req.params.version !== GRAPH_API_VERSION) return graphError(reply, 400, 100, `Unknown version ${req.params.version}`);
      const b = req.body as {
        messaging_product?: unknown;
        to?: unknown;
        type?: unknown;
        text?: { body?: unknown };
        template?: {
          name?: unknown;
          language?: { code?: unknown };
          components?: Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
        };
      };
      // a text message (a service reply): a non-empty body of at most 4096 characters
      if (b?.messaging_product === 'whatsapp' && b.type === 'text') {
        const text = b.text?.body;
        if (typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to) || typeof text !== 'string' || !text.trim() || text.length > 4096)
          return graphError(reply, 400, 100, '(#100) Invalid parameter');
        if (failing.get(b.to) === 'reject') return graphError(reply, 400, 131026, 'Message undeliverable');
        const m: SimMessage = {
          id: `wamid.${randomBytes(12).toString('base64url')}`,
          phone_number_id: req.params.phoneNumberId,
          to: b.to,
          type: 'text',
          template: '',
          language: '',
          params: [],
          text,
          statuses: [],
        };
        messages.push(m);
        return { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: m.id }] };
      }
      const params = b?.template?.components?.find((c) => c.type === 'body')?.parameters ?? [];
      if (
        b?.messaging_product !== 'whatsapp' ||
        typeof b.to !== 'string' ||
        !/^\d{8,15}$/.test(b.to) ||
        b.type !== 'template' ||
        typeof b.template?.name !== 'string' ||
        typeof b.template.language?.code !== 'string' ||
        !params.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text.length > 0)
      )
        return graphError(reply, 400, 100, '(#100) Invalid parameter');
      const fail = failing.get(b.to);
      if (fail === 'reject') return graphError(reply, 400, 131026, 'Message undeliverable');
      const m: SimMessage = {
        id: `wamid.${randomBytes(12).toString('base64url')}`,
        phone_number_id: req.params.phoneNumberId,
        to: b.to,
        type: 'template',
        template: b.template.name,
        language: b.template.language.code,
        params: params.map((p) => String(p.text)),
        statuses: [],
      };
      messages.push(m);
      // told to fail later: the failure arrives as a callback once the answer is on its way
      if (fail === 'callback') setTimeout(() => void callback(m, 'failed').catch(() => undefined), 50);
      return { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: m.id }] };
    },
  );
};
