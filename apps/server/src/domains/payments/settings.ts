import { KEYED_PROVIDERS, type KeyedProvider, type PaymentSettings, type ProviderKeysBody } from '@grocer/shared/admin-payments';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { websiteProfile } from '../website/service';
import { codEnabled } from './records';
import { cashfree, ownKeys, providerKeys, razorpay } from './providers';
import { decryptSecret, encryptSecret, lastFour } from './secrets';
import { paymentOptions, paymentSettings } from './tables';

/**
 * A website's payments settings (issue 14). The secrets are encrypted before they reach the
 * database and decrypted only to call the provider: what a browser gets is the key id and the
 * secrets' last four characters.
 */
export async function paymentSettingsOf(db: Db, config: Config, websiteId: number, origin: string): Promise<PaymentSettings> {
  const rows = await db.select().from(paymentSettings).where(eq(paymentSettings.websiteId, websiteId));
  const site = await websiteProfile(db, websiteId);
  const providers = KEYED_PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    const webhook_url = `${origin}/s/api/payments/${provider}/webhook`;
    if (row) {
      const plain = (v: string) => (config.secretsKey ? lastFour(decryptSecret(config.secretsKey, v)) : null);
      return {
        provider,
        configured: true,
        source: 'own' as const,
        key_id: row.keyId,
        key_secret_last4: plain(row.keySecret),
        webhook_secret_last4: plain(row.webhookSecret),
        webhook_url,
        updated_at: row.updatedAt.toISOString(),
      };
    }
    const env =
      provider === 'razorpay' ? config.razorpay.keyId && config.razorpay.keySecret : config.cashfree.appId && config.cashfree.secretKey;
    const source = site?.isDefault && env ? ('environment' as const) : config.gatewaySimulator ? ('simulator' as const) : ('none' as const);
    return {
      provider,
      configured: false,
      source,
      key_id: null,
      key_secret_last4: null,
      webhook_secret_last4: null,
      webhook_url,
      updated_at: null,
    };
  });
  return { cod_enabled: await codEnabled(db, websiteId), providers };
}

const needKey = (config: Config) => {
  if (!config.secretsKey) throw fail('SECRETS_KEY_MISSING');
  return config.secretsKey;
};

/** Saves (or replaces) a provider's keys, encrypted; audited without the secrets. */
export async function saveProviderKeys(db: Db, config: Config, actor: AuditActor, provider: KeyedProvider, body: ProviderKeysBody) {
  const key = needKey(config);
  const values = {
    keyId: body.key_id,
    keySecret: encryptSecret(key, body.key_secret),
    webhookSecret: encryptSecret(key, body.webhook_secret),
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ keyId: paymentSettings.keyId })
      .from(paymentSettings)
      .where(and(eq(paymentSettings.websiteId, actor.websiteId), eq(paymentSettings.provider, provider)));
    await tx
      .insert(paymentSettings)
      .values({ websiteId: actor.websiteId, provider, ...values })
      .onConflictDoUpdate({ target: [paymentSettings.websiteId, paymentSettings.provider], set: values });
    await recordAudit(tx, actor, {
      entity: 'payment_settings',
      entityId: provider,
      action: before ? 'update' : 'create',
      before: before ? { key_id: before.keyId } : null,
      after: { key_id: body.key_id, key_secret: `…${lastFour(body.key_secret)}`, webhook_secret: `…${lastFour(body.webhook_secret)}` },
    });
  });
}

/** Removes a provider's own keys: payments fall back to the environment's (default website) or the simulator. */
export async function removeProviderKeys(db: Db, actor: AuditActor, provider: KeyedProvider) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(paymentSettings)
      .where(and(eq(paymentSettings.websiteId, actor.websiteId), eq(paymentSettings.provider, provider)))
      .returning({ keyId: paymentSettings.keyId });
    if (gone.length)
      await recordAudit(tx, actor, {
        entity: 'payment_settings',
        entityId: provider,
        action: 'delete',
        before: { key_id: gone[0]!.keyId },
        after: null,
      });
  });
}

export async function setCod(db: Db, actor: AuditActor, on: boolean) {
  await db.transaction(async (tx) => {
    const before = await codEnabled(tx, actor.websiteId);
    await tx
      .insert(paymentOptions)
      .values({ websiteId: actor.websiteId, codEnabled: on })
      .onConflictDoUpdate({ target: paymentOptions.websiteId, set: { codEnabled: on, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      entity: 'payment_settings',
      entityId: 'cod',
      action: 'update',
      before: { cod_enabled: before },
      after: { cod_enabled: on },
    });
  });
}

/**
 * "Test connection": asks the provider (the built-in simulator in development and tests) whether
 * the keys in use are accepted; keys typed but not saved are tried as they are.
 */
export async function testConnection(
  db: Db,
  config: Config,
  websiteId: number,
  provider: KeyedProvider,
  selfUrl: () => string,
  typed?: ProviderKeysBody,
): Promise<{ ok: boolean; message: string }> {
  const name = provider === 'razorpay' ? 'Razorpay' : 'Cashfree';
  let k;
  if (typed) {
    const key = needKey(config);
    k = ownKeys(
      config,
      provider,
      {
        keyId: typed.key_id,
        keySecret: encryptSecret(key, typed.key_secret),
        webhookSecret: encryptSecret(key, typed.webhook_secret),
        baseUrl: null,
      },
      selfUrl,
    );
  } else {
    try {
      k = await providerKeys(db, config, websiteId, provider, selfUrl);
    } catch {
      return { ok: false, message: `No ${name} keys are set.` };
    }
  }
  const ok = await (provider === 'razorpay' ? razorpay.check(k) : cashfree.check(k));
  const where = k.simulated ? ' (the built-in test gateway)' : '';
  return ok
    ? { ok: true, message: `${name}${where} accepted the keys ${k.keyId}.` }
    : { ok: false, message: `${name}${where} refused the keys ${k.keyId}, or could not be reached. Check the key id and secret.` };
}

/**
 * At start: a production server without SECRETS_KEY while websites have stored payment keys could
 * not read them, so it refuses to start (the message says what to set). Without stored keys it
 * starts; saving keys is then refused until SECRETS_KEY is set.
 */
export async function checkSecretsKey(db: Db, config: Config): Promise<string | null> {
  if (config.secretsKey) return null;
  const [row] = await db.select({ id: paymentSettings.websiteId }).from(paymentSettings).limit(1);
  return row ? 'Invalid configuration:\n  SECRETS_KEY: required in production: websites have payment keys stored encrypted with it' : null;
}
