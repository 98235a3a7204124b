import type { Language } from '@grocer/shared/languages';
import { DEFAULT_CHOICE, type MessageChannel, type MessageKind } from '@grocer/shared/message-choices';
import type { Messages } from '@grocer/shared/messages/types';
import type { WhatsappEvent } from '@grocer/shared/whatsapp';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { reusable, type Db, type DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { DEV_OUTBOX_LINE } from '../../http/logging';
import { outboundAgent } from '../../http/outbound';
import { usersWithPermission } from '../identity';
import { websiteProfile } from '../website/service';
import { channelsFor, whatsappStopped } from './choices';
import { customerMessages } from './language';
import { newOrderPush, sendPush, subscriptionsOf } from './push';
import { outbox } from './tables';

/** What an SMS says as a WhatsApp template (issue 46 §6): the event's template and its named values. */
export interface WhatsappHint {
  event: WhatsappEvent;
  values: Record<string, string>;
  /** the customer's language (outbox/language.ts): the template is sent in it; else the website's template language */
  language?: Language;
}

/** The WhatsApp channel (domains/whatsapp), plugged in by app.ts. */
export interface WhatsappChannel {
  /** the template message's JSON when the website sends on WhatsApp, else null */
  compose(tx: DbOrTx, websiteId: number, to: string, hint: WhatsappHint): Promise<string | null>;
  /** sends it: the provider's message id */
  send(row: OutboxRow): Promise<string>;
}

export interface OutgoingMessage {
  websiteId: number;
  channel: 'email' | 'sms' | 'push';
  /**
   * An SMS with a template hint goes on WhatsApp instead when the website has WhatsApp on (the
   * SMS text kept as its fallback: queued once if the WhatsApp message fails).
   */
  whatsapp?: WhatsappHint;
  to: string;
  subject?: string;
  body: string;
  html?: string;
  /** the message carries a sign-in code (removed from the row once delivered, in production) */
  sensitive?: boolean;
  /**
   * What kind of message it is and for whom (issue 46 §7): the customer's channel choices for the
   * kind are honoured (a channel they turned off gets a `skipped` row, not a message). Without it
   * (sign-in codes, receipts asked for at the till) the message goes where it was asked.
   */
  about?: { kind: MessageKind; userId: number | null };
}

/** What is left of a delivered code message in production: the code is useless to keep and dangerous to leak. */
export const REDACTED = '[removed after delivery: it contained a sign-in code]';

/** Delivered messages are kept this long (order emails, codes in the dev outbox), then purged. */
export const DELIVERED_RETENTION_DAYS = 7;

export type OutboxRow = typeof outbox.$inferSelect;

/** Fills `{{name}}` in the SMS body template with JSON-escaped values (the template is JSON). */
export function renderSmsBody(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => JSON.stringify(values[k] ?? '').slice(1, -1));
}

/**
 * The outbox (DESIGN §5): a message is written first, then delivered: email over SMTP
 * (`SMTP_URL`), SMS as an HTTP POST to `SMS_URL`. Outside production with no transport for the
 * channel, it is logged and kept for `GET /s/api/dev/outbox`. A failed delivery keeps the row
 * (status failed, the error) and is retried by `retryFailed`.
 */
// a message queued (the same columns every time: one statement built once)
const queue = reusable('outbox_queue', (db, name) => {
  const p = sql.placeholder;
  return db
    .insert(outbox)
    .values({
      websiteId: p('websiteId'),
      channel: p('channel'),
      to: p('to'),
      subject: p('subject'),
      body: p('body'),
      html: p('html'),
      sensitive: p('sensitive'),
    })
    .returning()
    .prepare(name);
});

// a delivery's outcome, and the same with a sensitive message's text gone (subject, body, html)
const deliveredStatement = (redact: boolean) =>
  reusable(redact ? 'outbox_delivered_redacted' : 'outbox_delivered', (db, name) => {
    const p = (k: string) => sql`${sql.placeholder(k)}`;
    return db
      .update(outbox)
      .set({
        status: p('status'),
        error: p('error'),
        attempts: sql`${outbox.attempts} + 1`,
        sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
        ...(redact && { subject: p('subject'), body: p('body'), html: null }),
      })
      .where(eq(outbox.id, sql.placeholder('id')))
      .returning()
      .prepare(name);
  });
const delivered = deliveredStatement(false);
const deliveredRedacted = deliveredStatement(true);

/** How far a provider's status is (a callback only moves a message forward). */
const PROVIDER_RANK = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;

export class Outbox {
  private transporter: Transporter | null = null;
  /** the WhatsApp channel (domains/whatsapp), plugged in by app.ts; without it hinted SMS stay SMS */
  whatsapp: WhatsappChannel | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage): Promise<OutboxRow> {
    return this.deliver(await this.queue(this.db, message));
  }

  /** The messages a customer reads (outbox/language.ts: their account's language, else the order's, else the website's default). */
  messagesFor(websiteId: number, who: { userId?: number | null; orderLanguage?: string | null }): Promise<Messages> {
    return customerMessages(this.db, websiteId, who);
  }

  /** The website's name, as a message names the shop. */
  async shopName(db: DbOrTx, websiteId: number): Promise<string> {
    return (await websiteProfile(db, websiteId))?.name ?? '';
  }

  /** Whether the website sends hinted SMS on WhatsApp (callers that send SMS only with an SMS provider ask this too). */
  async whatsappOn(tx: DbOrTx, websiteId: number): Promise<boolean> {
    return !!this.whatsapp && (await this.whatsapp.compose(tx, websiteId, '0', { event: 'order_confirmed', values: {} })) !== null;
  }

  /**
   * A provider's status for a message of the website (WhatsApp's signed callbacks, domains/whatsapp):
   * moves the row forward only (sent < delivered < read < failed), so a retried, late or lower
   * status changes nothing. Answers the row when it moved, else null.
   */
  async recordProviderStatus(
    websiteId: number,
    providerMessageId: string,
    status: NonNullable<OutboxRow['providerStatus']>,
    error: string | null,
  ): Promise<OutboxRow | null> {
    const rank = sql`case ${outbox.providerStatus} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end`;
    const [r] = await this.db
      .update(outbox)
      .set({
        providerStatus: status,
        providerStatusAt: sql`now()`,
        ...(status === 'failed' && { error: error ?? 'The provider reported it failed' }),
      })
      .where(and(eq(outbox.websiteId, websiteId), eq(outbox.providerMessageId, providerMessageId), sql`${rank} < ${PROVIDER_RANK[status]}`))
      .returning();
    return r ?? null;
  }

  /**
   * A failed WhatsApp message's SMS version, queued once (the row's `fallback_at` is claimed, and the
   * SMS row's `fallback_of` is unique), then delivered: null when it has fallen back already.
   */
  async fallBack(whatsappId: number): Promise<OutboxRow | null> {
    const sms = await this.db.transaction(async (tx) => {
      const [w] = await tx
        .update(outbox)
        .set({ fallbackAt: sql`now()` })
        .where(and(eq(outbox.id, whatsappId), eq(outbox.channel, 'whatsapp'), isNull(outbox.fallbackAt), isNotNull(outbox.fallbackBody)))
        .returning();
      if (!w) return null;
      const [s] = await tx
        .insert(outbox)
        .values({ websiteId: w.websiteId, channel: 'sms', to: w.to, body: w.fallbackBody!, sensitive: w.sensitive, fallbackOf: w.id })
        .onConflictDoNothing()
        .returning();
      return s ?? null;
    });
    return sms ? this.deliver(sms) : null;
  }

  async deliver(row: OutboxRow): Promise<OutboxRow> {
    // a message the customer's choices held back is kept as it is (it says why), never sent
    if (row.status === 'skipped') return row;
    let status: OutboxRow['status'] = 'sent';
    let error: string | null = null;
    let providerId: string | null = null;
    try {
      if (row.channel === 'push') await this.sendPush(row);
      else if (row.channel === 'whatsapp') {
        if (!this.whatsapp) throw new Error('WhatsApp is not set up');
        providerId = await this.whatsapp.send(row);
      } else if (row.channel === 'email' && this.config.smtpUrl) await this.sendEmail(row);
      else if (row.channel === 'sms' && this.config.smsUrl) await this.sendSms(row);
      else if (this.config.production) throw new Error(`No ${row.channel === 'email' ? 'SMTP_URL' : 'SMS_URL'} configured`);
      else {
        status = 'logged';
        // Only in development is the message printed as it is (a developer without SMTP or SMS
        // reads the sign-in code there; http/logging.ts lets this one line through unmasked).
        // Tests keep it for the dev outbox; production never gets here.
        if (this.config.env === 'development')
          this.log.info(
            { [DEV_OUTBOX_LINE]: true, outbox: row.id, channel: row.channel },
            `[outbox] to ${row.to}: ${row.subject ? `${row.subject}: ` : ''}${row.body}`,
          );
        else this.log.info({ outbox: row.id, channel: row.channel }, '[outbox] kept for the development outbox');
      }
    } catch (e) {
      status = 'failed';
      error = (e as Error).message;
      this.log.error({ outbox: row.id, err: e }, 'message delivery failed');
    }
    // Outside production a code stays readable in the dev outbox; in production nobody needs it
    // once it has left, and a failed one keeps its text for the retry.
    const redact = row.sensitive && status === 'sent' && this.config.production;
    const [updated] = await (redact ? deliveredRedacted : delivered)(this.db, {
      id: row.id,
      status,
      error,
      sentAt: status === 'failed' ? null : new Date().toISOString(),
      subject: row.subject === null ? null : REDACTED,
      body: REDACTED,
    });
    if (providerId) {
      const [withId] = await this.db.update(outbox).set({ providerMessageId: providerId }).where(eq(outbox.id, row.id)).returning();
      return withId!;
    }
    // a WhatsApp message that could not be sent goes by SMS instead (once)
    if (row.channel === 'whatsapp' && status === 'failed') await this.fallBack(row.id);
    return updated!;
  }

  /**
   * Retries failed deliveries (up to 5 attempts each), and messages queued by an event consumer that
   * were never delivered (the process stopped between its commit and the delivery: still queued
   * after 10 minutes); run on an interval by the server.
   */
  async retryFailed(limit = 20): Promise<number> {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(
        sql`${outbox.createdAt} > now() - interval '1 day' and (
          (${outbox.status} = 'failed' and ${outbox.attempts} < 5 and ${outbox.channel} <> 'whatsapp') or (${outbox.status} = 'queued' and ${outbox.createdAt} < now() - interval '10 minutes'))`,
      )
      .orderBy(outbox.id)
      .limit(limit);
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  /**
   * Deletes delivered messages (sent, or logged in development) older than the retention, in
   * batches; a plain guarded delete, so every process may run it at once.
   */
  async purgeDelivered(batch = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const gone = await this.db.execute(sql`
        delete from ${outbox} where id in (
          select id from ${outbox} where status in ('sent', 'logged', 'skipped') and sent_at < now() - make_interval(days => ${DELIVERED_RETENTION_DAYS}) limit ${batch} for update skip locked)
        returning id`);
      const n = rowsOf(gone).length;
      total += n;
      if (n < batch) return total;
    }
  }

  /** Newest first, for the development outbox. */
  list(websiteId: number, limit = 50): Promise<OutboxRow[]> {
    return this.db.select().from(outbox).where(eq(outbox.websiteId, websiteId)).orderBy(desc(outbox.id)).limit(limit);
  }

  private async sendEmail(row: OutboxRow) {
    this.transporter ??= nodemailer.createTransport(this.config.smtpUrl);
    await this.transporter.sendMail({
      ...(await this.senderOf(row.websiteId)),
      to: row.to,
      subject: row.subject ?? '',
      text: row.body,
      html: row.html ?? undefined,
    });
  }

  /**
   * Each website's own sender (issue 16): its name on the installation's address (SMTP_FROM, the
   * one the mail server accepts), replies to the shop's own email from its address settings.
   */
  private async senderOf(websiteId: number): Promise<{ from: string | { name: string; address: string }; replyTo?: string }> {
    const site = await websiteProfile(this.db, websiteId);
    const configured = this.config.smtpFrom;
    const address = configured.match(/<([^>]+)>/)?.[1] ?? configured;
    if (!site) return { from: configured };
    const email = site.webAddress?.email;
    return { from: { name: site.name, address }, ...(typeof email === 'string' && email.includes('@') ? { replyTo: email } : {}) };
  }

  /**
   * A message written with the caller's handle (an event consumer's transaction, outbox/events.ts),
   * not delivered: the caller delivers the row (`deliver`) once its transaction has committed.
   */
  async queue(tx: DbOrTx, message: OutgoingMessage): Promise<OutboxRow> {
    const about = message.about;
    const choice = about?.userId ? await channelsFor(tx, message.websiteId, about.userId, about.kind) : DEFAULT_CHOICE;
    if (message.channel === 'sms' && message.whatsapp && this.whatsapp) {
      // a mobile that replied STOP gets no WhatsApp message, whoever it is for
      const wanted = choice.whatsapp && !(await whatsappStopped(tx, message.websiteId, message.to));
      const body = wanted ? await this.whatsapp.compose(tx, message.websiteId, message.to, message.whatsapp) : null;
      if (!wanted && about && (await this.whatsappOn(tx, message.websiteId)) && this.config.production && !this.config.smsUrl)
        return this.skip(tx, message, 'whatsapp', 'WhatsApp is off for this customer and there is no SMS provider');
      if (body !== null) {
        const [w] = await tx
          .insert(outbox)
          .values({
            websiteId: message.websiteId,
            channel: 'whatsapp',
            to: message.to,
            body,
            sensitive: message.sensitive ?? false,
            // a failed WhatsApp message falls back to SMS only when the customer takes SMS for it
            fallbackBody: choice.sms ? message.body : null,
          })
          .returning();
        return w!;
      }
    }
    if (message.channel !== 'push' && !choice[message.channel]) return this.skip(tx, message, message.channel);
    const [row] = await queue(tx, {
      websiteId: message.websiteId,
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      body: message.body,
      html: message.html ?? null,
      sensitive: message.sensitive ?? false,
    });
    return row!;
  }

  /** A message the customer's choices hold back: a `skipped` row saying why (support can see it), delivered never. */
  private async skip(tx: DbOrTx, m: OutgoingMessage, channel: MessageChannel, why?: string): Promise<OutboxRow> {
    const [row] = await tx
      .insert(outbox)
      .values({
        websiteId: m.websiteId,
        channel: m.channel,
        to: m.to,
        subject: m.subject ?? null,
        body: m.sensitive ? REDACTED : m.body,
        status: 'skipped',
        error: why ?? `The customer turned ${channel === 'sms' ? 'SMS' : channel} off for ${m.about?.kind ?? 'this'} messages`,
        sentAt: sql`now()`,
      })
      .returning();
    return row!;
  }

  /**
   * A plain text on WhatsApp (the Cloud API's `text` message: a service reply within the 24 hours
   * after the customer wrote, no template), queued and delivered; no SMS fallback.
   */
  async sendWhatsappText(websiteId: number, to: string, text: string): Promise<OutboxRow> {
    const [row] = await this.db
      .insert(outbox)
      .values({ websiteId, channel: 'whatsapp', to, body: JSON.stringify({ to, text }) })
      .returning();
    return this.deliver(row!);
  }

  /**
   * A new order, for the browsers of the website's staff who may read orders (issue 40.17): one
   * outbox row per browser (`to`: its endpoint, `body`: the JSON payload), written with the
   * caller's handle (the notifications consumer of the order event stream) and delivered by it
   * once committed; a failure is retried like any message.
   */
  async queueNewOrderPush(
    tx: DbOrTx,
    o: { websiteId: number; id: string; ordernumber: string; total: number; paymentMethod: string },
  ): Promise<OutboxRow[]> {
    const subs = await subscriptionsOf(tx, o.websiteId);
    if (!subs.length) return [];
    const allowed = await usersWithPermission(tx, o.websiteId, [...new Set(subs.map((s) => s.userId))], 'orders.read');
    const push = newOrderPush(o);
    const rows: OutboxRow[] = [];
    for (const s of subs.filter((x) => allowed.has(x.userId)))
      rows.push(
        await this.queue(tx, { websiteId: o.websiteId, channel: 'push', to: s.endpoint, subject: push.title, body: JSON.stringify(push) }),
      );
    return rows;
  }

  private pushAgent: ReturnType<typeof outboundAgent> | null = null;

  /**
   * One push. In production the endpoint is an outgoing URL like any other (https, public
   * addresses only, checked as the connection is made); outside it a local push service is fine.
   */
  private async sendPush(row: OutboxRow) {
    if (this.config.production) this.pushAgent ??= outboundAgent();
    const dispatcher = this.pushAgent ?? undefined;
    const address = this.config.smtpFrom.match(/<([^>]+)>/)?.[1] ?? this.config.smtpFrom;
    const subject = this.config.publicUrl?.startsWith('https://') ? this.config.publicUrl : `mailto:${address}`;
    await sendPush(this.db, row.websiteId, row.to, row.body, {
      subject,
      send: (url, init) =>
        fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000), ...(dispatcher && { dispatcher }) } as RequestInit),
    });
  }

  private async sendSms(row: OutboxRow) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.smsAuthHeader) headers.authorization = this.config.smsAuthHeader;
    const res = await fetch(this.config.smsUrl!, {
      method: 'POST',
      headers,
      body: renderSmsBody(this.config.smsBody, { to: row.to, message: row.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }

  close() {
    this.transporter?.close();
    void this.pushAgent?.close();
  }
}
