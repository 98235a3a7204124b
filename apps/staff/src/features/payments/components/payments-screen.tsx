import type { PaymentSettings, ProviderSettings } from '@grocer/shared/admin-payments';
import { ApiError, field } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useRemoveKeys, useSaveKeys, useSetCod, useTestConnection } from '../api/payments';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';
const NAMES = { razorpay: 'Razorpay', cashfree: 'Cashfree' } as const;
const ID_LABEL = { razorpay: 'Key id', cashfree: 'App id' } as const;
const SOURCE: Record<ProviderSettings['source'], string> = {
  own: 'This shop’s own keys',
  environment: 'The server’s keys (set in its environment)',
  simulator: 'The built-in test gateway (no real money; development only)',
  none: 'Not set up: shoppers cannot pay with it',
};

function fieldErrors(e: unknown): Record<string, string> {
  const errs = e instanceof ApiError ? field(e.data, 'errors') : undefined;
  if (!errs || typeof errs !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errs as Record<string, string[]>).map(([k, v]) => [k.split('.').at(-1)!, Array.isArray(v) ? v[0]! : String(v)]),
  );
}

/** One provider: what is in use (secrets shown as their last four characters), the webhook URL, new keys, test. */
function ProviderCard({ p }: { p: ProviderSettings }) {
  const save = useSaveKeys(p.provider);
  const remove = useRemoveKeys(p.provider);
  const test = useTestConnection(p.provider);
  const [keys, setKeys] = useState({ key_id: '', key_secret: '', webhook_secret: '' });
  const errors = save.error ? fieldErrors(save.error) : {};
  const typed = keys.key_id || keys.key_secret || keys.webhook_secret;
  const name = NAMES[p.provider];
  return (
    <Card title={name}>
      <dl className="space-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-gray-600">{t('In use:')}</dt>
          <dd className="font-medium">{SOURCE[p.source]}</dd>
        </div>
        {p.configured && (
          <>
            <div className="flex gap-2">
              <dt className="text-gray-600">{ID_LABEL[p.provider]}:</dt>
              <dd className="font-mono">{p.key_id}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-gray-600">{t('Secret:')}</dt>
              <dd className="font-mono">•••• {p.key_secret_last4}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-gray-600">{t('Webhook secret:')}</dt>
              <dd className="font-mono">•••• {p.webhook_secret_last4}</dd>
            </div>
            {p.updated_at && (
              <p className="text-xs text-gray-500">
                {t('Saved {updated}. Stored encrypted; never shown again.', { updated: formatDateTime(p.updated_at) })}
              </p>
            )}
          </>
        )}
      </dl>
      <div className="mt-4">
        <p className="text-sm font-medium">{t('Webhook URL')}</p>
        <p className="text-xs text-gray-600">
          {t('Paste this into {name}’s dashboard (Webhooks), with the same webhook secret as below.', { name })}
        </p>
        <div className="mt-1 flex gap-2">
          <input
            readOnly
            aria-label={t('{name} webhook URL', { name })}
            value={p.webhook_url}
            className={`${inputClass} font-mono text-xs`}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className={`${button} border bg-white hover:bg-gray-50`}
            onClick={() => void navigator.clipboard?.writeText(p.webhook_url).then(() => toast.success(t('Copied')))}
          >
            {t('Copy')}
          </button>
        </div>
      </div>
      <form
        aria-label={t('{name} keys', { name })}
        className="mt-4 grid gap-3 sm:grid-cols-3"
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(keys, {
            onSuccess: () => {
              toast.success(t('{name} keys saved', { name }));
              setKeys({ key_id: '', key_secret: '', webhook_secret: '' });
            },
            onError: (err) => toast.error(errorMessage(err)),
          });
        }}
      >
        <Field label={ID_LABEL[p.provider]} error={errors.key_id}>
          {(a) => (
            <input
              {...a}
              required
              className={inputClass}
              value={keys.key_id}
              onChange={(e) => setKeys({ ...keys, key_id: e.target.value })}
            />
          )}
        </Field>
        <Field label={p.provider === 'razorpay' ? t('Key secret') : t('Secret key')} error={errors.key_secret}>
          {(a) => (
            <input
              {...a}
              required
              type="password"
              autoComplete="new-password"
              className={inputClass}
              value={keys.key_secret}
              onChange={(e) => setKeys({ ...keys, key_secret: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('Webhook secret')} error={errors.webhook_secret}>
          {(a) => (
            <input
              {...a}
              required
              type="password"
              autoComplete="new-password"
              className={inputClass}
              value={keys.webhook_secret}
              onChange={(e) => setKeys({ ...keys, webhook_secret: e.target.value })}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3 sm:col-span-3">
          <button type="submit" disabled={save.isPending} className={`${button} bg-brand text-white hover:opacity-90`}>
            {p.configured ? t('Replace keys') : t('Save keys')}
          </button>
          <button
            type="button"
            disabled={test.isPending}
            className={`${button} border bg-white hover:bg-gray-50`}
            onClick={() =>
              test.mutate(typed ? keys : null, {
                onSuccess: (r) => (r.ok ? toast.success(r.message) : toast.error(r.message)),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            {typed ? t('Test these keys') : t('Test connection')}
          </button>
          {p.configured && (
            <button
              type="button"
              disabled={remove.isPending}
              className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(t('{name} keys removed', { name })),
                  onError: (err) => toast.error(errorMessage(err)),
                })
              }
            >
              {t('Remove keys')}
            </button>
          )}
        </div>
        {test.data && (
          <p role="status" className={`text-sm sm:col-span-3 ${test.data.ok ? 'text-green-800' : 'text-red-700'}`}>
            {test.data.message}
          </p>
        )}
      </form>
    </Card>
  );
}

/** Payments: cash on delivery on or off, and each provider's keys. */
export function PaymentsScreen({ settings }: { settings: PaymentSettings }) {
  const cod = useSetCod();
  return (
    <div className="space-y-6">
      <Card title={t('Cash on delivery')}>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={settings.cod_enabled}
            disabled={cod.isPending}
            onChange={(e) =>
              cod.mutate(e.target.checked, {
                onSuccess: (s) => toast.success(s.cod_enabled ? t('Cash on delivery is on') : t('Cash on delivery is off')),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          />
          {t('Offer cash on delivery at checkout')}
        </label>
        <p className="mt-2 text-xs text-gray-600">{t('Each delivery zone may still turn it off or cap it (Delivery).')}</p>
      </Card>
      {settings.providers.map((p) => (
        <ProviderCard key={p.provider} p={p} />
      ))}
    </div>
  );
}
