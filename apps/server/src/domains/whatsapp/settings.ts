import { WHATSAPP_TEMPLATES, type WhatsappSettings, type WhatsappSettingsBody } from '@grocer/shared/whatsapp';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { decryptSecret, encryptSecret, lastFour } from '../payments';
import { GRAPH_API_URL, type CloudAccount } from './cloud-api';
import { whatsappSettings } from './tables';

export type WhatsappSettingsRow = typeof whatsappSettings.$inferSelect;

export const settingsRowOf = async (db: DbOrTx, websiteId: number): Promise<WhatsappSettingsRow | null> =>
  (await db.select().from(whatsappSettings).where(eq(whatsappSettings.websiteId, websiteId)))[0] ?? null;

const needKey = (config: Config) => {
  if (!config.secretsKey) throw fail('SECRETS_KEY_MISSING');
  return config.secretsKey;
};

/** What a browser sees: whether each secret is set and its last four characters, never the secret. */
export async function whatsappSettingsOf(db: Db, config: Config, websiteId: number, origin: string): Promise<WhatsappSettings> {
  const row = await settingsRowOf(db, websiteId);
  const plain = (v: string) => (config.secretsKey ? lastFour(decryptSecret(config.secretsKey, v)) : null);
  return {
    configured: !!row,
    enabled: row?.enabled ?? false,
    phone_number_id: row?.phoneNumberId ?? null,
    access_token_last4: row ? plain(row.accessToken) : null,
    app_secret_last4: row ? plain(row.appSecret) : null,
    verify_token_last4: row ? lastFour(row.verifyToken) : null,
    language: (row?.language ?? 'en') as WhatsappSettings['language'],
    webhook_url: `${origin}/s/api/whatsapp/webhook`,
    updated_at: row?.updatedAt.toISOString() ?? null,
    templates: Object.entries(WHATSAPP_TEMPLATES).map(([event, t]) => ({ event, name: t.name, params: [...t.params] })),
  };
}

/**
 * Saves the settings: the token and the app secret encrypted (payments/secrets.ts), a secret left
 * empty keeps the stored one (the first save needs all three); audited without the secrets.
 */
export async function saveWhatsappSettings(db: Db, config: Config, actor: AuditActor, body: WhatsappSettingsBody) {
  const key = needKey(config);
  await db.transaction(async (tx) => {
    const before = await settingsRowOf(tx, actor.websiteId);
    const missing = (['access_token', 'app_secret', 'verify_token'] as const).filter((k) => !body[k] && !before);
    if (missing.length) throw Errors.invalid(Object.fromEntries(missing.map((k) => [k, ['Paste it: nothing is saved yet']])));
    const values = {
      enabled: body.enabled,
      phoneNumberId: body.phone_number_id,
      accessToken: body.access_token ? encryptSecret(key, body.access_token) : before!.accessToken,
      appSecret: body.app_secret ? encryptSecret(key, body.app_secret) : before!.appSecret,
      verifyToken: body.verify_token || before!.verifyToken,
      language: body.language,
      updatedAt: new Date(),
    };
    await tx
      .insert(whatsappSettings)
      .values({ websiteId: actor.websiteId, ...values })
      .onConflictDoUpdate({ target: whatsappSettings.websiteId, set: values });
    const shown = (r: { enabled: boolean; phoneNumberId: string; language: string }) => ({
      enabled: r.enabled,
      phone_number_id: r.phoneNumberId,
      language: r.language,
    });
    await recordAudit(tx, actor, {
      entity: 'whatsapp_settings',
      entityId: String(actor.websiteId),
      action: before ? 'update' : 'create',
      before: before ? shown(before) : null,
      after: {
        ...shown(values),
        ...(body.access_token && { access_token: `…${lastFour(body.access_token)}` }),
        ...(body.app_secret && { app_secret: `…${lastFour(body.app_secret)}` }),
        ...(body.verify_token && { verify_token: `…${lastFour(body.verify_token)}` }),
      },
    });
  });
}

/** The account to send with: the Cloud API's base (WHATSAPP_API_URL, else the simulator outside production, else Meta's). */
export function accountOf(config: Config, row: WhatsappSettingsRow, selfUrl: () => string): CloudAccount {
  const base = config.whatsappApiUrl ?? (config.gatewaySimulator ? `${selfUrl()}/sim/whatsapp` : GRAPH_API_URL);
  return { base, phoneNumberId: row.phoneNumberId, accessToken: decryptSecret(needKey(config), row.accessToken) };
}

export const appSecretOf = (config: Config, row: WhatsappSettingsRow) => decryptSecret(needKey(config), row.appSecret);
