import { z } from 'zod';
import path from 'node:path';

/**
 * The environment, parsed once. Everything else receives a Config; nothing reads process.env.
 * Defaults make `npm start` on a fresh clone serve the seeded demo shop on the embedded database.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  CDN_URL: z.string().default(''),
  SESSION_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  STAFF_DIST: z.string().optional(),
  SEED: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Demo Grocery <no-reply@demo.shop>'),
  SMS_URL: z.string().optional(),
  SMS_BODY: z.string().default('{"to":"{{to}}","message":"{{message}}"}'),
  SMS_AUTH_HEADER: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_BASE_URL: z.string().optional(),
  CASHFREE_APP_ID: z.string().optional(),
  CASHFREE_SECRET_KEY: z.string().optional(),
  CASHFREE_BASE_URL: z.string().optional(),
  CASHFREE_WEBHOOK_SECRET: z.string().optional(),
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  GATEWAY_SIMULATOR: z.enum(['on', 'off']).optional(),
  PUBLIC_URL: z.string().optional(),
});

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SESSION_SECRET) throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production');
  // The gateway simulator marks orders paid without money: never in production, not even asked for.
  if (production && e.GATEWAY_SIMULATOR === 'on') throw new Error('Invalid configuration:\n  GATEWAY_SIMULATOR: the payment simulator is refused in production');
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    /** originals (uploaded or generated) and the resized cache under .cache/ */
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
    databaseUrl: e.DATABASE_URL,
    cdnUrl: e.CDN_URL.replace(/\/$/, ''),
    // Outside production a fixed secret keeps sessions valid across restarts of the demo.
    sessionSecret: e.SESSION_SECRET ?? 'development-only-secret-change-me',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    staffDist: path.resolve(e.STAFF_DIST ?? new URL('../../staff/dist', import.meta.url).pathname),
    seed: e.SEED,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smsUrl: e.SMS_URL,
    smsBody: e.SMS_BODY,
    /** sent as the SMS request's Authorization header when set */
    smsAuthHeader: e.SMS_AUTH_HEADER,
    razorpay: { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET, baseUrl: e.RAZORPAY_BASE_URL },
    cashfree: { appId: e.CASHFREE_APP_ID, secretKey: e.CASHFREE_SECRET_KEY, webhookSecret: e.CASHFREE_WEBHOOK_SECRET, baseUrl: e.CASHFREE_BASE_URL },
    /** a prepaid order not paid within this many minutes releases its stock and slot */
    paymentTimeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
    gatewaySimulator: production ? false : e.GATEWAY_SIMULATOR !== 'off',
    publicUrl: e.PUBLIC_URL,
  };
}
