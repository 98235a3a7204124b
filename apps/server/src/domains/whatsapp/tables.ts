import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

/**
 * A website's WhatsApp Business Cloud API settings (issue 46 §6, migration 0054): the sending
 * phone number's id, the access token and the app secret (which signs the status callbacks) stored
 * encrypted like the payment keys (payments/secrets.ts), the verify token of the webhook handshake,
 * and the templates' default language.
 */
export const whatsappSettings = pgTable('whatsapp_settings', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  phoneNumberId: text().notNull(),
  /** encrypted (`v1:…`, payments/secrets.ts) */
  accessToken: text().notNull(),
  /** encrypted */
  appSecret: text().notNull(),
  verifyToken: text().notNull(),
  language: text().notNull().default('en'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's message to the website's WhatsApp number that the webhook handled (issue 46 §7,
 * migration 0061): written first, keyed by WhatsApp's message id, so a retried webhook finds it and
 * does nothing twice. `command`: what it asked (STOP or START), null for any other text.
 */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    messageId: text().notNull(),
    fromPhone: text().notNull(),
    command: text().$type<'stop' | 'start'>(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.messageId] }),
    index('whatsapp_inbound_received_idx').on(t.receivedAt),
    check('whatsapp_inbound_command_ck', sql`${t.command} is null or ${t.command} in ('stop', 'start')`),
  ],
);
