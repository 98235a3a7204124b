import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The WhatsApp Business Cloud API's documented calls (issue 46 §6), the adapter beside the SMS one:
 * a template message is `POST {base}/{version}/{phone_number_id}/messages` with a bearer token and
 * answers `{ messaging_product, contacts: [...], messages: [{ id: "wamid…" }] }`; the status
 * callbacks are signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app
 * secret>` and carry `entry[].changes[].value.statuses[]` ({ id, status, recipient_id, timestamp,
 * errors? }). The built-in simulator (sim.ts) speaks the same shapes over HTTP.
 */
export const GRAPH_API_URL = 'https://graph.facebook.com';
export const GRAPH_API_VERSION = 'v21.0';

export interface CloudAccount {
  base: string;
  phoneNumberId: string;
  accessToken: string;
}

export interface TemplateMessage {
  /** digits only, with the country code (wa_id form) */
  to: string;
  name: string;
  language: string;
  params: string[];
}

/** The request body of a template message (the documented shape). */
export function templateRequest(m: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    template: {
      name: m.name,
      language: { code: m.language },
      components: m.params.length ? [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text })) }] : [],
    },
  };
}

/** A plain text message (a service reply, allowed within 24 hours of the customer's own message). */
export interface TextMessage {
  /** digits only, with the country code (wa_id form) */
  to: string;
  text: string;
}

/** The request body of a text message (the documented shape). */
export function textRequest(m: TextMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'text',
    text: { preview_url: false, body: m.text },
  };
}

/** Sends a template or a text message: the provider's message id, or an error saying what the API answered. */
export async function sendTemplate(a: CloudAccount, m: TemplateMessage | TextMessage): Promise<string> {
  const res = await fetch(`${a.base.replace(/\/$/, '')}/${GRAPH_API_VERSION}/${encodeURIComponent(a.phoneNumberId)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${a.accessToken}` },
    body: JSON.stringify('text' in m ? textRequest(m) : templateRequest(m)),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await res.json().catch(() => null)) as {
    messages?: Array<{ id?: string }>;
    error?: { message?: string; code?: number };
  } | null;
  if (!res.ok) throw new Error(`WhatsApp answered ${res.status}${answer?.error?.message ? `: ${answer.error.message}` : ''}`);
  const id = answer?.messages?.[0]?.id;
  if (!id) throw new Error('WhatsApp answered without a message id');
  return id;
}

/** `sha256=<hex>` of the raw body with the app secret, as X-Hub-Signature-256 carries it. */
export const signatureOf = (appSecret: string, raw: string) =>
  `sha256=${createHmac('sha256', appSecret).update(raw, 'utf8').digest('hex')}`;

/** Whether a callback's X-Hub-Signature-256 is the app secret's over these exact bytes (constant time). */
export function signatureOk(appSecret: string, raw: string, header: string): boolean {
  const want = Buffer.from(signatureOf(appSecret, raw));
  const got = Buffer.from(header);
  return want.length === got.length && timingSafeEqual(want, got);
}

export type CloudStatus = 'sent' | 'delivered' | 'read' | 'failed';
export interface StatusUpdate {
  id: string;
  status: CloudStatus;
  error: string | null;
}

/** The status updates of a webhook body (messages and other fields are ignored). */
export function statusesOf(body: unknown): StatusUpdate[] {
  const out: StatusUpdate[] = [];
  const b = body as { object?: string; entry?: Array<{ changes?: Array<{ field?: string; value?: { statuses?: unknown[] } }> }> };
  if (b?.object !== 'whatsapp_business_account' || !Array.isArray(b.entry)) return out;
  for (const e of b.entry)
    for (const c of e?.changes ?? [])
      for (const s of (c?.value?.statuses ?? []) as Array<{
        id?: unknown;
        status?: unknown;
        errors?: Array<{ title?: string; message?: string }>;
      }>) {
        if (typeof s?.id !== 'string' || !['sent', 'delivered', 'read', 'failed'].includes(String(s.status))) continue;
        const err = s.errors?.[0];
        out.push({ id: s.id, status: s.status as CloudStatus, error: err ? (err.message ?? err.title ?? 'failed') : null });
      }
  return out;
}

/** A customer's message to the number: its id, the sender's wa_id, and its text (null for media, buttons …). */
export interface InboundMessage {
  id: string;
  from: string;
  text: string | null;
}

/** The customers' messages of a webhook body (`entry[].changes[].value.messages[]`, field `messages`). */
export function inboundOf(body: unknown): InboundMessage[] {
  const out: InboundMessage[] = [];
  const b = body as { object?: string; entry?: Array<{ changes?: Array<{ field?: string; value?: { messages?: unknown[] } }> }> };
  if (b?.object !== 'whatsapp_business_account' || !Array.isArray(b.entry)) return out;
  for (const e of b.entry)
    for (const c of e?.changes ?? [])
      for (const m of (c?.value?.messages ?? []) as Array<{ id?: unknown; from?: unknown; type?: unknown; text?: { body?: unknown } }>) {
        if (typeof m?.id !== 'string' || typeof m.from !== 'string' || !/^\d{8,15}$/.test(m.from)) continue;
        out.push({ id: m.id, from: m.from, text: m.type === 'text' && typeof m.text?.body === 'string' ? m.text.body : null });
      }
  return out;
}

/** Indian numbers in the wa_id form (@grocer/shared/whatsapp: the outbox matches STOPped mobiles with it too). */
export { waNumber } from '@grocer/shared/whatsapp';
