import { z } from 'zod';

/**
 * Administration's payments settings (`/s/api/admin/payments*`, issue 14): a website's own
 * Razorpay and Cashfree keys, stored encrypted and never sent back (only their last four
 * characters), the webhook addresses to paste into the provider, and cash on delivery on or off.
 */
export const KEYED_PROVIDERS = ['razorpay', 'cashfree'] as const;
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];

export const providerSettingsSchema = z.object({
  provider: z.enum(KEYED_PROVIDERS),
  /** keys of its own set in the admin; else `source` says what payments use */
  configured: z.boolean(),
  /** own: this website's keys; environment: the server's (default website); simulator: the built-in test gateway; none */
  source: z.enum(['own', 'environment', 'simulator', 'none']),
  key_id: z.string().nullable(),
  key_secret_last4: z.string().nullable(),
  webhook_secret_last4: z.string().nullable(),
  webhook_url: z.string(),
  updated_at: z.string().nullable(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

export const paymentSettingsSchema = z.object({
  cod_enabled: z.boolean(),
  providers: z.array(providerSettingsSchema),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

const secret = (what: string) => z.string().trim().min(8, `Paste the ${what} (at least 8 characters)`).max(200);

/** PUT /s/api/admin/payments/:provider: all three, pasted from the provider's dashboard. */
export const providerKeysBodySchema = z
  .object({
    key_id: z
      .string()
      .trim()
      .min(4, 'Paste the key id')
      .max(100)
      .regex(/^[\w-]+$/, 'Letters, digits, - and _ only'),
    key_secret: secret('key secret'),
    webhook_secret: secret('webhook secret'),
  })
  .strict();
export type ProviderKeysBody = z.infer<typeof providerKeysBodySchema>;

export const codBodySchema = z.object({ cod_enabled: z.boolean() }).strict();

export const connectionResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionResult = z.infer<typeof connectionResultSchema>;

/** POST /s/api/admin/payments/:provider/test: keys typed in the form (not saved yet), or nothing for the saved ones. */
export const testConnectionBodySchema = z.union([providerKeysBodySchema, z.object({}).strict()]).nullish();
