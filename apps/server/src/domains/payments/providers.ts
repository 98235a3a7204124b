import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { toRupees } from '@grocer/shared/money';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { websiteProfile } from '../website/service';
import { paymentSettings } from './tables';
import { fail } from '../../http/errors';
import { decryptSecret } from './secrets';

export interface ProviderKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  baseUrl: string;
  simulated: boolean;
}

/** The simulator's keys: what the default website uses offline when no real keys are set. */
export const SIMULATOR_KEYS = {
  razorpay: { keyId: 'rzp_test_simulator', keySecret: 'simulator-razorpay-secret', webhookSecret: 'simulator-razorpay-webhook' },
  cashfree: { keyId: 'cf_simulator_app', keySecret: 'simulator-cashfree-secret', webhookSecret: 'simulator-cashfree-secret' },
} as const;

export const paymentErrors = {
  notConfigured: (provider: string) => fail('PAYMENT_NOT_CONFIGURED', { provider }),
  providerFailed: (provider: string) => fail('PAYMENT_PROVIDER_ERROR', { provider }),
  badSignature: () => fail('BAD_SIGNATURE'),
  badWebhook: () => fail('BAD_WEBHOOK'),
  staleWebhook: () => fail('WEBHOOK_EXPIRED'),
};

/**
 * Key ids that name an account of the built-in gateway simulator (outside production only): a
 * shop's keys entered in the admin that start so are sent to the simulator, not the provider.
 */
export const SIMULATOR_KEY_PREFIX = { razorpay: 'rzp_test_sim', cashfree: 'cf_sim' } as const;
export const PROVIDER_API = { razorpay: 'https://api.razorpay.com', cashfree: 'https://api.cashfree.com' } as const;

/** Where a website's own keys are used: the simulator for its key ids (outside production), else the provider. */
export function ownKeys(
  config: Config,
  provider: 'razorpay' | 'cashfree',
  row: { keyId: string; keySecret: string; webhookSecret: string; baseUrl: string | null },
  selfUrl: () => string,
): ProviderKeys {
  if (!config.secretsKey) throw fail('SECRETS_KEY_MISSING');
  const simulated = config.gatewaySimulator && row.keyId.startsWith(SIMULATOR_KEY_PREFIX[provider]);
  return {
    keyId: row.keyId,
    keySecret: decryptSecret(config.secretsKey, row.keySecret),
    webhookSecret: decryptSecret(config.secretsKey, row.webhookSecret),
    baseUrl: simulated ? `${selfUrl()}/sim/${provider}` : (row.baseUrl ?? PROVIDER_API[provider]),
    simulated,
  };
}

/**
 * Keys for a website and provider: its own row in payment_settings (set in the admin, secrets
 * decrypted), else (default website only) the environment, else, outside production, the
 * built-in simulator at `selfUrl`.
 */
export async function providerKeys(
  db: DbOrTx,
  config: Config,
  websiteId: number,
  provider: 'razorpay' | 'cashfree',
  selfUrl: () => string,
): Promise<ProviderKeys> {
  const [own] = await db
    .select()
    .from(paymentSettings)
    .where(and(eq(paymentSettings.websiteId, websiteId), eq(paymentSettings.provider, provider)));
  const defaults = PROVIDER_API;
  if (own) return ownKeys(config, provider, own, selfUrl);
  const site = await websiteProfile(db, websiteId);
  const env =
    provider === 'razorpay'
      ? {
          keyId: config.razorpay.keyId,
          keySecret: config.razorpay.keySecret,
          webhookSecret: config.razorpay.webhookSecret,
          baseUrl: config.razorpay.baseUrl,
        }
      : {
          keyId: config.cashfree.appId,
          keySecret: config.cashfree.secretKey,
          webhookSecret: config.cashfree.webhookSecret ?? config.cashfree.secretKey,
          baseUrl: config.cashfree.baseUrl,
        };
  if (site?.isDefault && env.keyId && env.keySecret)
    return {
      keyId: env.keyId,
      keySecret: env.keySecret,
      webhookSecret: env.webhookSecret ?? '',
      baseUrl: env.baseUrl ?? defaults[provider],
      simulated: false,
    };
  if (config.gatewaySimulator) return { ...SIMULATOR_KEYS[provider], baseUrl: `${selfUrl()}/sim/${provider}`, simulated: true };
  throw paymentErrors.notConfigured(PAYMENT_PROVIDER_NAMES[provider]);
}

export const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
export const hmacBase64 = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function call<T>(provider: string, url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch {
    throw paymentErrors.providerFailed(provider);
  }
  if (!res.ok) throw paymentErrors.providerFailed(provider);
  return (await res.json()) as T;
}

/** Razorpay's Orders and Refunds APIs (amounts in paise, HTTP basic auth). */
export const razorpay = {
  auth: (k: ProviderKeys) => `Basic ${Buffer.from(`${k.keyId}:${k.keySecret}`).toString('base64')}`,
  createOrder: (k: ProviderKeys, body: { amount: number; receipt: string; notes: Record<string, string> }) =>
    call<{ id: string; status: string; amount: number }>('Razorpay', `${k.baseUrl}/v1/orders`, {
      method: 'POST',
      headers: { authorization: razorpay.auth(k), 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, currency: 'INR' }),
    }),
  orderPayments: (k: ProviderKeys, orderId: string) =>
    call<{ items: Array<{ id: string; status: string; amount: number }> }>(
      'Razorpay',
      `${k.baseUrl}/v1/orders/${encodeURIComponent(orderId)}/payments`,
      { headers: { authorization: razorpay.auth(k) } },
    ),
  /** `idempotencyKey` (X-Refund-Idempotency, 10+ characters): a retry with it refunds once */
  refund: (k: ProviderKeys, paymentId: string, amount: number, idempotencyKey?: string) =>
    call<{ id: string; status: string }>('Razorpay', `${k.baseUrl}/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
      method: 'POST',
      headers: {
        authorization: razorpay.auth(k),
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'x-refund-idempotency': idempotencyKey } : {}),
      },
      body: JSON.stringify({ amount }),
    }),
  /** "Test connection": the keys may list the account's orders. */
  check: async (k: ProviderKeys): Promise<boolean> => {
    try {
      const res = await fetch(`${k.baseUrl}/v1/orders?count=1`, {
        headers: { authorization: razorpay.auth(k) },
        signal: AbortSignal.timeout(15_000),
      });
      return res.ok;
    } catch {
      return false;
    }
  },
  /** razorpay_signature = HMAC-SHA256(order_id + "|" + payment_id, key_secret), hex */
  paymentSignature: (k: ProviderKeys, orderId: string, paymentId: string) => hmacHex(k.keySecret, `${orderId}|${paymentId}`),
  webhookSignature: (k: ProviderKeys, rawBody: string) => hmacHex(k.webhookSecret, rawBody),
};

export const CASHFREE_API_VERSION = '2025-01-01';

/** Cashfree PG's Orders API (amounts in rupees, x-client-id / x-client-secret / x-api-version). */
export const cashfree = {
  headers: (k: ProviderKeys) => ({
    'x-client-id': k.keyId,
    'x-client-secret': k.keySecret,
    'x-api-version': CASHFREE_API_VERSION,
    'content-type': 'application/json',
  }),
  createOrder: (
    k: ProviderKeys,
    body: {
      order_id: string;
      order_amount: number;
      customer_details: Record<string, string>;
      order_meta: { return_url: string; notify_url?: string };
    },
  ) =>
    call<{ order_id: string; cf_order_id: string; payment_session_id: string; order_status: string }>(
      'Cashfree',
      `${k.baseUrl}/pg/orders`,
      { method: 'POST', headers: cashfree.headers(k), body: JSON.stringify({ ...body, order_currency: 'INR' }) },
    ),
  getOrder: (k: ProviderKeys, orderId: string) =>
    call<{ order_id: string; order_status: string; order_amount: number }>(
      'Cashfree',
      `${k.baseUrl}/pg/orders/${encodeURIComponent(orderId)}`,
      { headers: cashfree.headers(k) },
    ),
  orderPayments: (k: ProviderKeys, orderId: string) =>
    call<Array<{ cf_payment_id: string | number; payment_status: string; payment_amount: number; payment_message?: string }>>(
      'Cashfree',
      `${k.baseUrl}/pg/orders/${encodeURIComponent(orderId)}/payments`,
      { headers: cashfree.headers(k) },
    ),
  refund: (k: ProviderKeys, orderId: string, amount: number, refundId: string) =>
    call<{ refund_id: string; refund_status: string }>('Cashfree', `${k.baseUrl}/pg/orders/${encodeURIComponent(orderId)}/refunds`, {
      method: 'POST',
      headers: cashfree.headers(k),
      body: JSON.stringify({ refund_amount: amount, refund_id: refundId }),
    }),
  /** "Test connection": an unknown order is 404 to good keys, 401 to bad ones. */
  check: async (k: ProviderKeys): Promise<boolean> => {
    try {
      const res = await fetch(`${k.baseUrl}/pg/orders/grocer-connection-test`, {
        headers: cashfree.headers(k),
        signal: AbortSignal.timeout(15_000),
      });
      return res.ok || res.status === 404;
    } catch {
      return false;
    }
  },
  /** x-webhook-signature = base64(HMAC-SHA256(timestamp + raw body, secret)) */
  webhookSignature: (k: ProviderKeys, timestamp: string, rawBody: string) => hmacBase64(k.webhookSecret, timestamp + rawBody),
};

/**
 * Refunds `paise` of a payment at its provider, with an idempotency key (Razorpay's
 * X-Refund-Idempotency, Cashfree's refund_id: a retry refunds once). Answers the provider's refund
 * id and whether the money has already gone back (the simulator and instant refunds); throws when
 * the provider could not be reached or refused.
 */
export async function refundAtProvider(
  k: ProviderKeys,
  provider: 'razorpay' | 'cashfree',
  ids: { paymentId: string; orderId: string },
  paise: number,
  key: string,
): Promise<{ refundId: string; done: boolean }> {
  if (provider === 'razorpay') {
    const r = await razorpay.refund(k, ids.paymentId, paise, key);
    return { refundId: r.id, done: r.status === 'processed' };
  }
  const r = await cashfree.refund(k, ids.orderId, toRupees(paise), key);
  return { refundId: r.refund_id, done: r.refund_status === 'processed' || r.refund_status === 'SUCCESS' };
}

/** Cashfree's `customer_details` of an order (its shopper, the delivery contact): one spelling for every Cashfree order the shop creates. */
export function cashfreeCustomer(
  order: { userId: number | null; address: { phone: string; name: string } },
  email: string | null | undefined,
) {
  return {
    customer_id: `u${order.userId}`,
    customer_phone: order.address.phone,
    customer_name: order.address.name,
    customer_email: email ?? '',
  };
}
