import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { DELIVERY_CODE_MODES, DELIVERY_CODE_MODE_LABELS } from '@grocer/shared/delivery-trips';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { useDispatchSettings, useSaveDispatchSettings, type DispatchSettings } from '../api/dispatch-settings';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';
const CODE_MODE_HINTS: Record<DispatchSettings['code_mode'], string> = {
  all: 'The rider asks every customer for the 4-digit code sent when the trip starts.',
  cod: 'Only cash on delivery orders need the code.',
  prepaid: 'Only orders paid online need the code.',
  off: 'No code: the rider marks orders delivered without one.',
};

// The form's shape: the call number as typed ('' for none), the same rule as the shared contract's.
const formSchema = z.object({
  code_mode: z.enum(DELIVERY_CODE_MODES),
  share_position: z.boolean(),
  call_number: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 -]{6,20})?$/, 'A phone number: digits, spaces, + and -'),
});
type Form = z.infer<typeof formSchema>;
const toForm = (s: DispatchSettings): Form => ({ ...s, call_number: s.call_number ?? '' });
const fromForm = (f: Form): DispatchSettings => ({ ...f, call_number: f.call_number.trim() || null });

/** Administration → Dispatch → Dispatch settings: loads the settings, then the form. */
export function DispatchSettingsSection({ canChange }: { canChange: boolean }) {
  const settings = useDispatchSettings();
  if (settings.error)
    return (
      <Card title={t('Dispatch settings')}>
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(settings.error)}
        </p>
      </Card>
    );
  if (!settings.data) return <LoadingView label={t('Loading dispatch settings...')} />;
  return <DispatchSettingsCard settings={settings.data} canChange={canChange} />;
}

/**
 * The delivery-code mode (which orders need the shopper's code at the door) and the shopper's
 * tracking (riders' phones may share their position while a trip is out; the shop's number the
 * shopper calls). Without `orders.deliver` the fields are shown read-only.
 */
export function DispatchSettingsCard({ settings, canChange }: { settings: DispatchSettings; canChange: boolean }) {
  const save = useSaveDispatchSettings();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<Form>({
    resolver: zodResolver(formSchema),
    defaultValues: toForm(settings),
  });
  const errors = formState.errors;
  const submit = handleSubmit(
    async (form) => {
      setOutcome(null);
      try {
        const saved = await save.mutateAsync({ before: settings, next: fromForm(form) });
        reset(toForm(saved));
        setOutcome({ ok: true, text: 'Saved.' });
      } catch (e) {
        if (e instanceof ApiError)
          for (const [wire, messages] of Object.entries(e.fieldErrors))
            if (messages[0] && wire in form) setError(wire as keyof Form, { type: 'server', message: messages[0] });
        setOutcome({ ok: false, text: `Not saved: ${errorMessage(e)}` });
      }
    },
    () => setOutcome({ ok: false, text: 'Not saved: please correct the fields marked below.' }),
  );
  const mode = watch('code_mode');
  return (
    <Card title={t('Dispatch settings')}>
      <form onSubmit={submit} noValidate aria-label={t('Dispatch settings')} className="grid gap-4 sm:grid-cols-2">
        <fieldset disabled={!canChange} className="contents">
          <Field label={t('Delivery code')} error={errors.code_mode?.message} hint={CODE_MODE_HINTS[mode]}>
            {(a) => (
              // defaultValue as well: some test DOMs ignore a select's value set before its options
              <select {...a} {...register('code_mode')} defaultValue={settings.code_mode} className={inputClass}>
                {DELIVERY_CODE_MODES.map((m) => (
                  <option key={m} value={m}>
                    {m === 'off'
                      ? t('Off')
                      : t('Required for {DELIVERY_CODE_MODE_LABELS}', {
                          DELIVERY_CODE_MODE_LABELS: DELIVERY_CODE_MODE_LABELS[m].toLowerCase(),
                        })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('Number customers call')}
            error={errors.call_number?.message}
            hint={t("The order tracker's Call button dials this number (not the rider's). Leave empty for no button.")}
          >
            {(a) => (
              <input {...a} {...register('call_number')} type="tel" inputMode="tel" placeholder="+91 80 4123 4567" className={inputClass} />
            )}
          </Field>
          <div className="sm:col-span-2">
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 h-4 w-4" {...register('share_position')} />
              <span>
                <span className="font-medium">{t('Riders share their position while a trip is out')}</span>
                <span className="block text-xs text-gray-500">
                  {t('The customer sees how far the rider is. Turning it off deletes every shared position.')}
                </span>
              </span>
            </label>
          </div>
        </fieldset>
        {canChange ? (
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-brand text-white hover:opacity-90`}>
              {t('Save dispatch settings')}
            </button>
          </div>
        ) : (
          <p className="text-xs text-gray-500 sm:col-span-2">{t('Only the delivery manager or the owner can change these.')}</p>
        )}
        {outcome && (
          <p role={outcome.ok ? 'status' : 'alert'} className={`text-sm sm:col-span-2 ${outcome.ok ? 'text-green-800' : 'text-red-700'}`}>
            {outcome.text}
          </p>
        )}
      </form>
    </Card>
  );
}
