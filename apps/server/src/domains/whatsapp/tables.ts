import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
