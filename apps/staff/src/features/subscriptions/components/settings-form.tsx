import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { formatINR, toRupees } from '@grocer/shared/money';
import type { SubscriptionSettings, SubscriptionSettingsView } from '@grocer/shared/subscriptions';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { LoadingView } from '../../../components/ui/loading';
import { PackPicker } from '../../../components/ui/pack-picker';
import { errorMessage } from '../../../lib/error-message';
import { useSaveSubscriptionSettings, useSubscriptionPacks, useSubscriptionSettings } from '../api/subscriptions';
import { formFieldOf, settingsFormSchema, settingsToForm, type SettingsFormValues } from '../settings-form';
import { t } from '../../../lib/i18n';

/** Subscriptions → Settings: loads the website's settings, then the form. */
export function SubscriptionSettingsScreen() {
  const settings = useSubscriptionSettings();
  if (settings.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(settings.error)}
      </p>
    );
  if (!settings.data) return <LoadingView />;
  return <SettingsForm settings={settings.data} />;
}

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/**
 * The website's subscription settings: the cut-off (changes for a day close at this time the
 * evening before), the packs shoppers may subscribe to (searched and picked; each removable), the
 * minimum wallet top-up and the cashback rule (a percent of each subscription order, capped).
 * Rupees typed, paise sent (`settings-form.ts`); checked with the shared schema, then the server.
 */
export function SettingsForm({ settings }: { settings: SubscriptionSettingsView }) {
  const save = useSaveSubscriptionSettings();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<SettingsFormValues, unknown, SubscriptionSettings>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settingsToForm(settings),
  });
  const { register, handleSubmit, formState, control, setError, reset } = form;
  const errors = formState.errors;

  const submit = handleSubmit(
    async (body) => {
      setOutcome(null);
      try {
        const saved = await save.mutateAsync(body);
        reset(settingsToForm(saved));
        setOutcome({
          ok: true,
          text: `Settings saved: ${saved.packs.length} subscribable ${saved.packs.length === 1 ? 'pack' : 'packs'}, cut-off ${saved.cutoff_time}.`,
        });
      } catch (e) {
        if (e instanceof ApiError)
          for (const [wire, messages] of Object.entries(e.fieldErrors)) {
            const field = formFieldOf(wire);
            if (field && messages[0]) setError(field, { type: 'server', message: messages[0] });
          }
        setOutcome({ ok: false, text: `Not saved: ${errorMessage(e)}` });
      }
    },
    () => setOutcome({ ok: false, text: 'Not saved: please correct the fields marked below.' }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('Subscription settings')} className="max-w-3xl space-y-6">
      <LeaveGuard when={formState.isDirty && !formState.isSubmitting} />
      <Card title={t('Cut-off')}>
        <Field
          label={t('Cut-off time')}
          error={errors.cutoff_time?.message}
          hint={t(
            "Shoppers change tomorrow's delivery (skip, quantity, pause) until this time the evening before; then tomorrow's orders are made.",
          )}
        >
          {(a) => <input {...a} {...register('cutoff_time')} type="time" className={`${inputClass} max-w-40`} />}
        </Field>
      </Card>

      <Card title={t('Subscribable packs')}>
        <Controller
          control={control}
          name="packs"
          render={({ field }) => (
            <div className="space-y-3">
              <PackPicker
                label={t('Add a pack')}
                useMatches={useSubscriptionPacks}
                exclude={field.value.map((p) => p.id)}
                onPick={(p) => field.onChange([...field.value, { id: p.id, label: p.label, pricePaise: p.pricePaise }])}
              />
              {field.value.length === 0 ? (
                <p className="text-sm text-gray-600">
                  {t('No pack is subscribable yet: search and add the daily essentials (milk, curd, bread).')}
                </p>
              ) : (
                <ul aria-label={t('Chosen packs')} className="divide-y rounded-md border">
                  {field.value.map((p) => (
                    <li key={p.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                      <span className="min-w-0 flex-1">{p.label}</span>
                      <span className="tabular-nums text-gray-500">{formatINR(toRupees(p.pricePaise))}</span>
                      <button
                        type="button"
                        onClick={() => field.onChange(field.value.filter((x) => x.id !== p.id))}
                        aria-label={t('Remove {label}', { label: p.label })}
                        className="inline-flex size-9 items-center justify-center rounded-md hover:bg-gray-100"
                      >
                        <X className="size-4" aria-hidden />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {errors.packs?.message && (
                <p role="alert" className="text-xs text-red-700">
                  {errors.packs.message}
                </p>
              )}
            </div>
          )}
        />
      </Card>

      <Card title={t('Wallet')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t('Minimum top-up (₹)')}
            error={errors.min_topup?.message}
            hint={t('The least a shopper adds to the wallet at once.')}
          >
            {(a) => <input {...a} {...register('min_topup')} inputMode="decimal" className={inputClass} />}
          </Field>
          <Field
            label={t('Cashback (%)')}
            error={errors.cashback_percent?.message}
            hint={t('Of each subscription order, back to the wallet.')}
          >
            {(a) => <input {...a} {...register('cashback_percent')} inputMode="numeric" className={inputClass} />}
          </Field>
          <Field label={t('Cashback cap (₹)')} error={errors.cashback_cap?.message} hint={t('The most one order earns back.')}>
            {(a) => <input {...a} {...register('cashback_cap')} inputMode="decimal" className={inputClass} />}
          </Field>
        </div>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={formState.isSubmitting}
          className="min-h-10 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50"
        >
          {formState.isSubmitting ? t('Saving…') : t('Save settings')}
        </button>
        {outcome && (
          <p role={outcome.ok ? 'status' : 'alert'} className={`text-sm ${outcome.ok ? 'text-green-800' : 'text-red-700'}`}>
            {outcome.text}
          </p>
        )}
      </div>
    </form>
  );
}
