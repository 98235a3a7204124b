import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { WHATSAPP_LANGUAGES, type WhatsappSettings, type WhatsappSettingsBody } from '@grocer/shared/whatsapp';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useSaveWhatsappSettings } from '../api/whatsapp';
import { whatsappFormSchema, whatsappToForm } from '../form';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';
const LANGUAGE_LABELS: Record<(typeof WHATSAPP_LANGUAGES)[number], string> = {
  en: 'English (en)',
  en_US: 'English US (en_US)',
  hi: 'Hindi (hi)',
  kn: 'Kannada (kn)',
};
const SECRET_FIELDS = [
  { name: 'access_token', label: t('Access token'), last4: 'access_token_last4' },
  { name: 'app_secret', label: t('App secret'), last4: 'app_secret_last4' },
  { name: 'verify_token', label: t('Verify token'), last4: 'verify_token_last4' },
] as const;

/**
 * WhatsApp order updates (issue 46 §6), on the Payments screen beside the other provider keys: on
 * or off, the sending number's id, the access token, the app secret (signs the status callbacks)
 * and the verify token (the webhook handshake), the templates' language. Secrets are shown only as
 * "set •••• 1234"; a secret field left empty keeps the saved one. The templates the shop must have
 * approved in WhatsApp Manager are listed with their parameters.
 */
export function WhatsappSettingsCard({ settings }: { settings: WhatsappSettings }) {
  const save = useSaveWhatsappSettings();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<WhatsappSettingsBody>({
    resolver: zodResolver(whatsappFormSchema(settings.configured)),
    defaultValues: whatsappToForm(settings),
  });
  const errors = formState.errors;
  const submit = handleSubmit(
    async (body) => {
      setOutcome(null);
      try {
        const saved = await save.mutateAsync(body);
        reset(whatsappToForm(saved));
        setOutcome({ ok: true, text: saved.enabled ? 'Saved: order updates go on WhatsApp.' : 'Saved: WhatsApp is off.' });
      } catch (e) {
        if (e instanceof ApiError)
          for (const [wire, messages] of Object.entries(e.fieldErrors))
            if (messages[0] && wire in body) setError(wire as keyof WhatsappSettingsBody, { type: 'server', message: messages[0] });
        setOutcome({ ok: false, text: `Not saved: ${errorMessage(e)}` });
      }
    },
    () => setOutcome({ ok: false, text: 'Not saved: please correct the fields marked below.' }),
  );
  return (
    <Card title={t('WhatsApp order updates')}>
      <p className="text-sm text-gray-600">
        {t(
          'Order updates go to the customer’s phone on WhatsApp (Cloud API) instead of SMS; a message WhatsApp cannot deliver is sent by SMS once.',
        )}
      </p>
      <form onSubmit={submit} noValidate aria-label={t('WhatsApp settings')} autoComplete="off" className="mt-4 grid gap-3 sm:grid-cols-2">
        <label className="flex items-center gap-3 text-sm sm:col-span-2">
          <input type="checkbox" className="h-4 w-4" {...register('enabled')} />
          {t('Send order updates on WhatsApp')}
        </label>
        <Field label={t('Phone number id')} error={errors.phone_number_id?.message} hint={t('WhatsApp Manager → API setup')}>
          {(a) => <input {...a} {...register('phone_number_id')} inputMode="numeric" className={`${inputClass} font-mono`} />}
        </Field>
        <Field label={t('Template language')} error={errors.language?.message}>
          {(a) => (
            <select {...a} {...register('language')} className={inputClass}>
              {WHATSAPP_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_LABELS[l]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {SECRET_FIELDS.map((f) => (
          <Field
            key={f.name}
            label={f.label}
            error={errors[f.name]?.message}
            hint={settings[f.last4] ? t('Set •••• {settings} (leave empty to keep it)', { settings: settings[f.last4] }) : t('Not set')}
          >
            {(a) => <input {...a} {...register(f.name)} type="password" autoComplete="new-password" className={inputClass} />}
          </Field>
        ))}
        <div className="sm:col-span-2">
          <p className="text-sm font-medium">{t('Webhook callback URL')}</p>
          <p className="text-xs text-gray-600">{t('Paste it into the Meta app (WhatsApp → Configuration) with the verify token above.')}</p>
          <input
            readOnly
            aria-label={t('WhatsApp webhook URL')}
            value={settings.webhook_url}
            className={`${inputClass} font-mono text-xs`}
            onFocus={(e) => e.target.select()}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-brand text-white hover:opacity-90`}>
            {t('Save WhatsApp settings')}
          </button>
          {settings.updated_at && (
            <span className="text-xs text-gray-500">
              {t('Saved {updated}. Secrets stored encrypted.', { updated: formatDateTime(settings.updated_at) })}
            </span>
          )}
        </div>
        {outcome && (
          <p role={outcome.ok ? 'status' : 'alert'} className={`text-sm sm:col-span-2 ${outcome.ok ? 'text-green-800' : 'text-red-700'}`}>
            {outcome.text}
          </p>
        )}
      </form>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium">
          {t('Templates to have approved ({templates})', { templates: settings.templates.length })}
        </summary>
        <ul className="mt-2 space-y-1" aria-label={t('WhatsApp templates')}>
          {settings.templates.map((template) => (
            <li key={template.event}>
              <span className="font-mono">{template.name}</span>
              <span className="text-gray-600"> — {template.params.map((p, i) => `{{${i + 1}}} ${p}`).join(', ')}</span>
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}
