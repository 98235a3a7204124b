import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';

/**
 * The environment, parsed once. Everything else receives a Config; nothing reads process.env.
 * Defaults make `npm start` on a fresh clone serve the seeded demo shop on the embedded database.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  TRUST_PROXY: z.string().default(''),
  /** SIGTERM: how long readiness answers 503 before the server stops accepting (a load balancer notices meanwhile) */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  DATA_DIR: z.string().default('./data'),
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * `on` (default): the hot catalogue reads are named prepared statements (db/client.ts `hotRows`);
   * `off` behind a pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  DATABASE_PREPARED: z.enum(['on', 'off']).default('on'),
  CDN_URL: z.string().default(''),
  MEDIA_MAX_MB: z.coerce.number().positive().max(100).default(10),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  S3_PREFIX: z.string().default(''),
  SESSION_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `GET /s/metrics` answers Prometheus with `Authorization: Bearer <token>` (none: 404) */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters (openssl rand -hex 16)').optional(),
  /** Prometheus `GET /metrics` on a port of its own, at METRICS_HOST */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  WEB_DIST: z.string().optional(),
  STAFF_DIST: z.string().optional(),
  /** the rider's phone app's build (apps/rider/dist), served at /rider */
  RIDER_DIST: z.string().optional(),
  SEED: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Demo Grocery <no-reply@demo.shop>'),
  SMS_URL: z.string().optional(),
  SMS_BODY: z.string().default('{"to":"{{to}}","message":"{{message}}"}'),
  SMS_AUTH_HEADER: z.string().optional(),
  // the WhatsApp Business Cloud API (issue 46 §6); outside production, unset with the simulator on: the built-in one
  WHATSAPP_API_URL: z.string().optional(),
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
  /** encrypts the websites' payment secrets at rest (AES-256-GCM); at least 32 characters, e.g. `openssl rand -base64 32` */
  SECRETS_KEY: z.string().min(32, 'at least 32 characters (openssl rand -base64 32)').optional(),
  ENVIRONMENT: z.string().default('local'),
  POSTHOG_HOST: z.string().default(''),
  /** more PostHog hosts a website admin may pick (comma-separated origins); trusted like POSTHOG_HOST */
  POSTHOG_HOSTS: z.string().default(''),
  POSTHOG_KEY: z.string().default(''),
  SENTRY_DSN: z.string().default(''),
  BRGEST_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** error occurrences waiting for the first-party inbox, at most (more are dropped and counted) */
  ERROR_QUEUE_SIZE: z.coerce.number().int().min(1).default(1000),
  /**
   * `on` (default): catalogue answers and the products in them are cached for seconds; `off`:
   * everything computed afresh (the uncached path, measured); `products`: answers afresh, products
   * from their cache (what a miss of the answer cache costs, measured).
   */
  CATALOGUE_CACHE: z.enum(['on', 'off', 'products']).default('on'),
  /** `npm run backup`'s folder when none is named (default ./backups/<time>) */
  BACKUP_DIR: z.string().optional(),
  /** the folder of pg_dump/pg_restore to use (default: the server's major version, ops/postgres-tools.ts) */
  PG_BIN_DIR: z.string().optional(),
  /** set by npm: where the command was typed (the ops commands resolve relative paths from there) */
  INIT_CWD: z.string().optional(),
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
  if (production && e.GATEWAY_SIMULATOR === 'on')
    throw new Error('Invalid configuration:\n  GATEWAY_SIMULATOR: the payment simulator is refused in production');
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    // Outside production the dev outbox (every sign-in code) and the payment simulator are on:
    // only this machine may reach them unless HOST says otherwise.
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /**
     * On SIGTERM readiness turns false at once; the server keeps serving for this long (a load
     * balancer polling /s/api/health/ready stops sending meanwhile), then stops accepting (main.ts).
     */
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? (production ? 5_000 : 0),
    dataDir: path.resolve(e.DATA_DIR),
    /** originals (uploaded or generated) and the resized cache under .cache/ */
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
    /** largest accepted upload, bytes */
    mediaMaxBytes: Math.round(e.MEDIA_MAX_MB * 1024 * 1024),
    /** S3-compatible object storage for media originals when a bucket is named; else the local folder */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
          prefix: e.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
        }
      : null,
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED === 'on',
    cdnUrl: e.CDN_URL.replace(/\/$/, ''),
    // Outside production a fixed secret keeps sessions valid across restarts of the demo.
    sessionSecret: e.SESSION_SECRET ?? 'development-only-secret-change-me',
    logLevel: e.LOG_LEVEL,
    /** the Prometheus metrics (http/metrics.ts): on when either way of scraping them is set */
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT !== undefined ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST } : null,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    staffDist: path.resolve(e.STAFF_DIST ?? new URL('../../staff/dist', import.meta.url).pathname),
    riderDist: path.resolve(e.RIDER_DIST ?? new URL('../../rider/dist', import.meta.url).pathname),
    seed: e.SEED,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smsUrl: e.SMS_URL,
    smsBody: e.SMS_BODY,
    /** sent as the SMS request's Authorization header when set */
    smsAuthHeader: e.SMS_AUTH_HEADER,
    /** the Cloud API's base (default https://graph.facebook.com; the simulator's outside production) */
    whatsappApiUrl: e.WHATSAPP_API_URL,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      baseUrl: e.RAZORPAY_BASE_URL,
    },
    cashfree: {
      appId: e.CASHFREE_APP_ID,
      secretKey: e.CASHFREE_SECRET_KEY,
      webhookSecret: e.CASHFREE_WEBHOOK_SECRET,
      baseUrl: e.CASHFREE_BASE_URL,
    },
    /** a prepaid order not paid within this many minutes releases its stock and slot */
    paymentTimeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
    gatewaySimulator: production ? false : e.GATEWAY_SIMULATOR !== 'off',
    publicUrl: e.PUBLIC_URL,
    /**
     * The key of the payment secrets stored per website (payments/secrets.ts): SECRETS_KEY, else
     * outside production one derived from the session secret (so `npm start` works); null in
     * production without it (saving keys is refused, and main.ts refuses to start if any exist).
     */
    secretsKey:
      e.SECRETS_KEY ?? (production ? null : `derived-from-session-secret:${e.SESSION_SECRET ?? 'development-only-secret-change-me'}`),
    /** the environment label of error reports, written into each page's <meta name="environment"> */
    environment: e.ENVIRONMENT,
    /** the default PostHog host and project key for /brgest (a website's own settings win); none: first-party */
    posthogHost: e.POSTHOG_HOST.replace(/\/$/, ''),
    /** the hosts a website admin may pick for /brgest (the operator's: trusted, not address-checked) */
    posthogHosts: e.POSTHOG_HOSTS.split(',')
      .map((h) => h.trim().replace(/\/$/, ''))
      .filter(Boolean),
    posthogKey: e.POSTHOG_KEY,
    /** where the error tunnel forwards; none: the first-party error inbox */
    sentryDsn: e.SENTRY_DSN,
    /** /brgest: requests per minute per client address; the error tunnel: events per minute */
    brgestRateLimit: e.BRGEST_RATE_LIMIT,
    /** the error inbox's in-memory queue (domains/errors/intake.ts), occurrences */
    errorQueueSize: e.ERROR_QUEUE_SIZE,
    /** the few-seconds cache of catalogue answers (catalogue/answers.ts); off only to measure without it */
    catalogueCache: e.CATALOGUE_CACHE === 'on',
    /** the few-seconds cache of the products in them (catalogue/service.ts hydrateProducts) */
    productCache: e.CATALOGUE_CACHE !== 'off',
    backupDir: e.BACKUP_DIR,
    pgBinDir: e.PG_BIN_DIR,
    invokedFrom: e.INIT_CWD,
  };
}

/**
 * TRUST_PROXY for Fastify's `trustProxy`: off (the socket's address is the client), a hop count,
 * or the proxies' addresses/CIDRs. `true` (believe any X-Forwarded-For) is refused: a client
 * could then choose the address its rate limits are counted on.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === 'off' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((a) => {
    const [ip, bits, ...rest] = a.split('/');
    const kind = isIP(ip ?? '');
    if (!kind || rest.length) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128));
  });
  if (bad.length || !list.length)
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: a hop count or comma-separated proxy addresses/CIDRs (got ${bad.join(', ') || value})`,
    );
  return list;
}

/** Whether a listen address is reachable only from this machine. */
export const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** The banner printed at start when development mode listens where other machines reach it. */
export function exposureWarning(config: Pick<Config, 'production' | 'host' | 'gatewaySimulator'>): string | null {
  if (config.production || isLoopbackHost(config.host)) return null;
  const line = '!'.repeat(78);
  return [
    line,
    `  WARNING: development mode (NODE_ENV is not production) is listening on ${config.host},`,
    '  reachable from other machines.',
    config.gatewaySimulator ? '  The payment simulator is on: anyone who reaches it can mark orders paid.' : '',
    '  The dev outbox answers only this machine. For a real shop set NODE_ENV=production;',
    '  for development on this machine only, leave HOST unset (127.0.0.1).',
    line,
  ]
    .filter(Boolean)
    .join('\n');
}
