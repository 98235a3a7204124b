import type { MessageKind } from '@grocer/shared/message-choices';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * Every message the shop sends (codes, order confirmations), written before it is delivered so
 * a failed delivery is never lost: status queued → sent | logged (development, no transport) |
 * failed (with the error; retried).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /**
     * `push`: a Web Push to one staff browser (`to` is its subscription's endpoint); `whatsapp`: a
     * template message of the WhatsApp Business Cloud API (`body`: its JSON, domains/whatsapp)
     */
    channel: text().$type<'email' | 'sms' | 'push' | 'whatsapp'>().notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    /** carries a sign-in code: in production the text is removed once delivered */
    sensitive: boolean().notNull().default(false),
    /** `skipped`: held back by the customer's channel choices (issue 46 §7; `error` says which), never sent */
    status: text().$type<'queued' | 'sent' | 'logged' | 'failed' | 'skipped'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** the provider's id of the message (WhatsApp: `messages[0].id`), which its status callbacks name */
    providerMessageId: text(),
    /** the furthest status a signed callback reported (only moves forward; domains/whatsapp) */
    providerStatus: text().$type<'sent' | 'delivered' | 'read' | 'failed'>(),
    providerStatusAt: timestamp({ withTimezone: true }),
    /** a WhatsApp message's SMS version, queued once if it fails (`fallbackAt` set then) */
    fallbackBody: text(),
    fallbackAt: timestamp({ withTimezone: true }),
    /** on an SMS fallback: the WhatsApp row it stands in for (unique: a message falls back once) */
    fallbackOf: integer(),
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.createdAt),
    index('outbox_provider_message_idx')
      .on(t.websiteId, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    uniqueIndex('outbox_fallback_of_uq')
      .on(t.fallbackOf)
      .where(sql`${t.fallbackOf} is not null`),
  ],
);

/**
 * A staff member's browser asking for Web Push (issue 40.17: new orders), per website: the push
 * service's endpoint and the keys the payload is encrypted to (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.websiteId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.websiteId, t.userId),
  ],
);

/** The installation's VAPID key pair (RFC 8292), made once on first use and kept: one row, id 1. */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer().primaryKey(),
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/** What happened to an order, for the consumers that act on it (notifications; docs/orders.md "The order event stream"). */
/** `order.changed`: the shop removed or substituted a line, or edited the order (migration 0066) */
export type DomainEventTopic = 'order.placed' | 'order.status_changed' | 'order.refunded' | 'order.changed';

/**
 * The order event stream (issue 41 §4, migration 0049): written in the transaction (or the one
 * statement) that made the change, so a rolled-back change leaves no event; read by the consumers
 * from the job runner.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    topic: text().$type<DomainEventTopic>().notNull(),
    orderId: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_created_idx').on(t.createdAt),
    check('domain_events_topic_ck', sql`${t.topic} in ('order.placed', 'order.status_changed', 'order.refunded', 'order.changed')`),
  ],
);

/** An event a consumer has handled (its processed marker), written with what the consumer wrote for it. */
export const domainEventReceipts = pgTable(
  'domain_event_receipts',
  {
    consumer: text().notNull(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.eventId] }), index('domain_event_receipts_event_idx').on(t.eventId)],
);

/**
 * A shopper's message channels for one kind of message on one website (issue 46 §7, migration
 * 0061), written when they change it on the account page or reply STOP/START on WhatsApp. One row
 * per kind with a column per channel (not jsonb): the outbox reads one typed row as it queues, and
 * STOP is one update of the `whatsapp` column. No row: every channel on, as the shop always sent.
 */
export const messageChoices = pgTable(
  'message_choices',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<MessageKind>().notNull(),
    whatsapp: boolean().notNull().default(true),
    sms: boolean().notNull().default(true),
    email: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.userId, t.kind] }),
    check('message_choices_kind_ck', sql`${t.kind} in ('orders', 'payments', 'subscriptions', 'offers')`),
  ],
);

/**
 * A mobile (wa_id form: digits with the country code) that replied STOP to the website's WhatsApp
 * number: no WhatsApp message goes to it, whoever it is for, until it replies START or its
 * account's owner ticks WhatsApp again (migration 0061).
 */
export const whatsappOptOuts = pgTable(
  'whatsapp_opt_outs',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    stoppedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.phone] })],
);
