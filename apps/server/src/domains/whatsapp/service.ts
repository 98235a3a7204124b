import type { Language } from '@grocer/shared/languages';
import { whatsappCommand } from '@grocer/shared/message-choices';
import { WHATSAPP_TEMPLATES, type WhatsappEvent } from '@grocer/shared/whatsapp';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { Errors } from '../../http/errors';
import { findUserByPhone } from '../identity';
import { customerMessages, setWhatsappStopped, type Outbox, type OutboxRow, type WhatsappHint } from '../outbox';
import {
  inboundOf,
  sendTemplate,
  signatureOk,
  statusesOf,
  waNumber,
  type InboundMessage,
  type TemplateMessage,
  type TextMessage,
} from './cloud-api';
import { accountOf, appSecretOf, settingsRowOf } from './settings';
import { whatsappInbound } from './tables';

/** The template message an event's values make: the table's template, its parameters in order. */
export function templateFor(event: WhatsappEvent, values: Record<string, string>, to: string, language: string): TemplateMessage {
  const t = WHATSAPP_TEMPLATES[event];
  // WhatsApp refuses an empty parameter: a value the order lacks is a dash
  return { to: waNumber(to), name: t.name, language, params: t.params.map((p) => values[p]?.trim() || '-') };
}

/**
 * The language code a template is sent with (issue 46 §5): the customer's language; English in the
 * website's own English code (`en` or `en_US`, as its templates were approved); without the
 * customer's language, the website's template language as before.
 */
export function templateLanguage(website: string, customer: Language | undefined): string {
  if (!customer) return website;
  if (customer === 'en') return website.startsWith('en') ? website : 'en';
  return customer;
}

/**
 * The WhatsApp channel (issue 46 §6), plugged into the outbox by app.ts: an SMS queued with a
 * template hint goes on WhatsApp instead when the website has it on (its SMS text kept for the
 * fallback); the row is delivered through the Cloud API (message id kept); signed status callbacks
 * move the row's provider status forward, and a failure queues the SMS once (Outbox.fallBack).
 */
export function createWhatsappChannel(d: { db: Db; config: Config; log: FastifyBaseLogger; selfUrl: () => string; outbox: Outbox }) {
  const channel = {
    /** the template message's JSON for the row when the website sends on WhatsApp, else null */
    async compose(tx: DbOrTx, websiteId: number, to: string, hint: WhatsappHint): Promise<string | null> {
      const row = await settingsRowOf(tx, websiteId);
      if (!row?.enabled) return null;
      return JSON.stringify(templateFor(hint.event, hint.values, to, templateLanguage(row.language, hint.language)));
    },
    /** sends the row's template message (or text reply): the provider's message id */
    async send(r: OutboxRow): Promise<string> {
      const row = await settingsRowOf(d.db, r.websiteId);
      if (!row) throw new Error('WhatsApp is not set up for this website');
      const m = JSON.parse(r.body) as TemplateMessage | TextMessage;
      return sendTemplate(accountOf(d.config, row, d.selfUrl), 'text' in m ? { to: waNumber(m.to), text: m.text } : m);
    },
  };
  d.outbox.whatsapp = channel;
  return channel;
}

/** GET handshake: the challenge when the mode is subscribe and the verify token is the website's, else null. */
export async function verifyHandshake(db: Db, websiteId: number, q: Record<string, string | undefined>): Promise<string | null> {
  const row = await settingsRowOf(db, websiteId);
  if (!row || q['hub.mode'] !== 'subscribe' || !q['hub.challenge'] || q['hub.verify_token'] !== row.verifyToken) return null;
  return q['hub.challenge'];
}

/**
 * A callback of the website's WhatsApp number: the signature (the website's app secret over the raw
 * body) is checked first (401, nothing changed, when wrong); each status then moves its message's
 * row forward, only for this website's rows; a `failed` one that moved the row queues its SMS
 * version (once: Outbox.fallBack). Each customer's message is handled once (`handleInbound`).
 * Answers how many rows moved.
 */
export async function handleCallback(d: { db: Db; config: Config; outbox: Outbox }, websiteId: number, raw: string, signature: string) {
  const row = await settingsRowOf(d.db, websiteId);
  if (!row || !signature || !signatureOk(appSecretOf(d.config, row), raw, signature)) throw Errors.unauthenticated('Bad signature');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw Errors.invalid({ body: ['Not JSON'] });
  }
  let moved = 0;
  for (const u of statusesOf(body)) {
    // a retried, late or lower status changes nothing (the outbox moves rows forward only)
    const r = await d.outbox.recordProviderStatus(websiteId, u.id, u.status, u.error ?? 'WhatsApp reported the message failed');
    if (r?.channel !== 'whatsapp') continue;
    moved++;
    if (u.status === 'failed') await d.outbox.fallBack(r.id);
  }
  for (const m of inboundOf(body)) await handleInbound(d, websiteId, m);
  return moved;
}

/** The language a command's own script says (रोकें: Hindi, ನಿಲ್ಲಿಸಿ: Kannada), for a mobile with no account language. */
const scriptOf = (text: string): Language | null => (/[\u0900-\u097F]/.test(text) ? 'hi' : /[\u0C80-\u0CFF]/.test(text) ? 'kn' : null);

/**
 * A customer's message (issue 46 §7): its receipt is written first (a retried webhook finds it and
 * does nothing twice); STOP or START then turns the website's WhatsApp messages off or on for the
 * mobile and its accounts, in the same transaction, and once that has committed a short text
 * confirms it in the customer's language (their account's, else the command's script, else the
 * website's). Any other text is only recorded (a person at the shop answers it in WhatsApp).
 */
async function handleInbound(d: { db: Db; outbox: Outbox }, websiteId: number, m: InboundMessage): Promise<void> {
  const command = m.text === null ? null : whatsappCommand(m.text);
  const reply = await d.db.transaction(async (tx) => {
    const [mine] = await tx
      .insert(whatsappInbound)
      .values({ websiteId, messageId: m.id, fromPhone: m.from, command })
      .onConflictDoNothing()
      .returning();
    if (!mine || !command) return null;
    const local = m.from.length === 12 && m.from.startsWith('91') ? m.from.slice(2) : m.from;
    // one statement at a time on the transaction's connection
    const userIds: number[] = [];
    for (const p of new Set([local, `+91${local}`, m.from])) {
      const u = await findUserByPhone(tx, p);
      if (u && !userIds.includes(u.id)) userIds.push(u.id);
    }
    await setWhatsappStopped(tx, { websiteId, phone: m.from, userIds }, command === 'stop');
    const words = await customerMessages(tx, websiteId, { userId: userIds[0] ?? null, orderLanguage: scriptOf(m.text ?? '') });
    const shop = await d.outbox.shopName(tx, websiteId);
    return command === 'stop' ? words.whatsapp.stopped({ shop }) : words.whatsapp.started({ shop });
  });
  if (reply) await d.outbox.sendWhatsappText(websiteId, m.from, reply);
}
