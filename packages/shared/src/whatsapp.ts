import { z } from 'zod';

/**
 * WhatsApp order updates (issue 46 §6): a website's WhatsApp Business Cloud API settings
 * (`/s/api/admin/whatsapp`), and the message templates it sends. The access token and the app
 * secret are stored encrypted and never sent back: a GET says whether each is set, with its last
 * four characters.
 */

/** The messages sent on WhatsApp, each an approved template with its body parameters in order ({{1}}, {{2}} …). */
export const WHATSAPP_TEMPLATES = {
  order_placed: { name: 'order_placed', params: ['customer_name', 'order_number', 'total'] },
  order_confirmed: { name: 'order_confirmed', params: ['order_number'] },
  out_for_delivery: { name: 'order_out_for_delivery', params: ['order_number', 'delivery_person'] },
  out_for_delivery_code: { name: 'order_out_for_delivery_code', params: ['order_number', 'delivery_code'] },
  order_delivered: { name: 'order_delivered', params: ['order_number'] },
  order_refunded: { name: 'order_refunded', params: ['order_number', 'amount'] },
  low_wallet_balance: { name: 'low_wallet_balance', params: ['balance', 'due', 'delivery_day'] },
} as const satisfies Record<string, { name: string; params: readonly string[] }>;
export type WhatsappEvent = keyof typeof WHATSAPP_TEMPLATES;

/** Indian numbers as the shop keeps them (10 digits, or +91…) in the wa_id form: digits with the country code. */
export function waNumber(phone: string): string {
  const d = phone.replace(/\D/g, '');
  return d.length === 10 ? `91${d}` : d;
}

/** What the website's templates are written in by default (a template is approved per language). */
export const WHATSAPP_LANGUAGES = ['en', 'en_US', 'hi', 'kn'] as const;

export const whatsappSettingsSchema = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  phone_number_id: z.string().nullable(),
  /** never the token: whether it is set and its last four characters */
  access_token_last4: z.string().nullable(),
  app_secret_last4: z.string().nullable(),
  verify_token_last4: z.string().nullable(),
  language: z.enum(WHATSAPP_LANGUAGES),
  /** paste into the Meta app's webhook settings (callback URL) */
  webhook_url: z.string(),
  updated_at: z.string().nullable(),
  templates: z.array(z.object({ event: z.string(), name: z.string(), params: z.array(z.string()) })),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

const secret = (what: string) => z.string().trim().min(8, `Paste the ${what} (at least 8 characters)`).max(1000);

/**
 * PUT /s/api/admin/whatsapp. The secrets may be left out (or empty) once saved: the stored ones are
 * kept. The first save needs all three.
 */
export const whatsappSettingsBodySchema = z
  .object({
    enabled: z.boolean(),
    phone_number_id: z
      .string()
      .trim()
      .regex(/^\d{5,30}$/, 'The phone number id is digits only (WhatsApp Manager, API setup)'),
    access_token: z.union([secret('access token'), z.literal('')]).optional(),
    app_secret: z.union([secret('app secret'), z.literal('')]).optional(),
    verify_token: z.union([secret('verify token'), z.literal('')]).optional(),
    language: z.enum(WHATSAPP_LANGUAGES),
  })
  .strict();
export type WhatsappSettingsBody = z.infer<typeof whatsappSettingsBodySchema>;
