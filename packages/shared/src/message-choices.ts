import { z } from 'zod';

/**
 * The shopper's message channels (issue 46 §7): for each kind of message the shop sends them,
 * which of WhatsApp, SMS and email it may use (GET/PUT /s/api/account/messages). A kind nobody
 * chose for sends as it always did (every channel on), so a shopper who never opens the page
 * notices nothing. Sign-in codes, delivery codes and counter receipts are not a choice: they go
 * where they were asked for.
 */

/** What the shop tells a customer about, each a row of the page. */
export const MESSAGE_KINDS = ['orders', 'payments', 'subscriptions', 'offers'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export type ChannelChoice = Record<MessageChannel, boolean>;

/** A kind nobody chose for: every channel, as the shop always sent. */
export const DEFAULT_CHOICE: ChannelChoice = { whatsapp: true, sms: true, email: true };

/** Order updates reach the shopper one way at least (they paid for what the updates are about). */
export const ORDERS_NEED_A_CHANNEL = 'Order updates need at least one way to reach you';

export const messageChoiceSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  whatsapp: z.boolean(),
  sms: z.boolean(),
  email: z.boolean(),
});
export type MessageChoice = z.infer<typeof messageChoiceSchema>;

export const messageChoicesSchema = z.object({
  /** the channels that can reach this shopper here: WhatsApp when the website sends on it, email when the account has one */
  channels: z.array(z.enum(MESSAGE_CHANNELS)),
  /** one per kind, in MESSAGE_KINDS order */
  choices: z.array(messageChoiceSchema),
  /** the shopper's mobile replied STOP on WhatsApp (every WhatsApp box shows off until they tick one again) */
  whatsapp_stopped: z.boolean(),
});
export type MessageChoices = z.infer<typeof messageChoicesSchema>;

/** PUT: the kinds being changed (a kind left out keeps its choice); a channel the shopper cannot use is kept as it was. */
export const messageChoicesBodySchema = z
  .object({
    choices: z
      .array(messageChoiceSchema)
      .min(1)
      .max(MESSAGE_KINDS.length)
      .refine((c) => new Set(c.map((x) => x.kind)).size === c.length, 'Each kind of message once'),
  })
  .strict();
export type MessageChoicesBody = z.infer<typeof messageChoicesBodySchema>;

/** Whether a kind's choice leaves it a channel among those that can reach the shopper. */
export const reachable = (c: ChannelChoice, channels: readonly MessageChannel[]): boolean => channels.some((ch) => c[ch]);

/**
 * A WhatsApp reply that stops or restarts the shop's WhatsApp messages: STOP (also STOP ALL,
 * UNSUBSCRIBE, रोकें, ನಿಲ್ಲಿಸಿ) or START, in any case, with any spacing or a full stop; anything
 * else is not a command.
 */
export function whatsappCommand(text: string): 'stop' | 'start' | null {
  const w = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s.!।]+/gu, ' ')
    .trim();
  if (['stop', 'stop all', 'stopall', 'unsubscribe', 'रोकें', 'रोके', 'ನಿಲ್ಲಿಸಿ'].includes(w)) return 'stop';
  if (w === 'start') return 'start';
  return null;
}
