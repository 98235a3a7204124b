import type { CodeSent } from '@grocer/shared/account';
import type { Init, User } from '@grocer/shared/storefront';
import { mobileRule, type FieldRule } from '@grocer/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Field, FormError, inputClass, SubmitButton, useForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { initQuery } from '../../../lib/init';
import { accountApi, accountQuery } from '../api/account';
import { t } from '../../../lib/i18n';

const rules: Record<'name' | 'email' | 'phone', FieldRule> = {
  name: { label: 'Name', required: true },
  email: { label: 'Email', type: 'email', required: true },
  phone: mobileRule,
};

/** /account/details: name saves at once; a new email or mobile is saved after its code. */
export function DetailsPage({ user }: { user: User }) {
  const client = useQueryClient();
  const form = useForm({ name: user.name, email: user.email ?? '', phone: user.phone ?? '' }, rules);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<CodeSent | null>(null);
  const [code, setCode] = useState('');
  const [alsoCode, setAlsoCode] = useState('');

  const show = (u: User) => {
    client.setQueryData<Init>(initQuery.queryKey, (init) => (init ? { ...init, user: u } : init));
    void client.invalidateQueries({ queryKey: accountQuery.queryKey });
  };
  const save = form.handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      const r = await accountApi.saveDetails({ name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim() });
      show(r.user);
      setPending(r.pending);
      if (!r.pending) toast.success(t('Profile saved'));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) form.setServerErrors(err.fieldErrors);
      else setError(readError(err));
    } finally {
      setBusy(false);
    }
  });
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await accountApi.verifyDetails(code.replace(/\D/g, ''), pending?.also ? alsoCode.replace(/\D/g, '') : undefined);
      show(r.user);
      setPending(null);
      setCode('');
      setAlsoCode('');
      toast.success(t('Your contact details are updated'));
    } catch (err) {
      setError(readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-lg">
      <h1 className="mb-4 text-2xl font-bold">{t('Profile')}</h1>
      {pending ? (
        <form onSubmit={confirm} className="rounded-xl border bg-white p-5" noValidate>
          {pending.also ? (
            <p className="mb-3 text-sm text-gray-700">
              {t('We sent a code to')} <strong>{pending.sent_to}</strong> {t('and another to')} <strong>{pending.also.sent_to}</strong>.{' '}
              {t('Enter both to confirm the new email and mobile number.')}
            </p>
          ) : (
            <p className="mb-3 text-sm text-gray-700">
              {t('We sent a code to')} <strong>{pending.sent_to}</strong>.{' '}
              {pending.channel === 'email' ? t('Enter it to confirm the new email.') : t('Enter it to confirm the new mobile number.')}
            </p>
          )}
          <label htmlFor="change-code" className="mb-1 block text-sm font-medium">
            {pending.also ? t('Email code') : t('6-digit code')}
          </label>
          <input
            id="change-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            className={inputClass}
            aria-invalid={!!error}
          />
          {pending.also && (
            <>
              <label htmlFor="change-also-code" className="mb-1 mt-3 block text-sm font-medium">
                {t('Mobile code')}
              </label>
              <input
                id="change-also-code"
                value={alsoCode}
                onChange={(e) => setAlsoCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                className={inputClass}
                aria-invalid={!!error}
              />
            </>
          )}
          {error && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
          <div className="mt-4 flex gap-2">
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-semibold text-white"
            >
              {busy ? <Spinner size={16} className="text-white" /> : t('Confirm')}
            </button>
            <button type="button" onClick={() => setPending(null)} className="rounded-lg border px-4 py-2 text-sm">
              {t('Cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={save} className="rounded-xl border bg-white p-5" noValidate>
          {(['name', 'email', 'phone'] as const).map((key) => (
            <Field
              key={key}
              label={key === 'phone' ? t('Mobile') : key === 'email' ? t('Email') : t('Name')}
              error={form.errors[key]}
              required
              hint={key === 'name' ? undefined : t('Changing it sends a code to the new one')}
            >
              {(p) => (
                <input
                  {...p}
                  type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                  value={form.values[key]}
                  onChange={(e) => form.set(key, e.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
          ))}
          <FormError message={error} className="mb-2" />
          <SubmitButton busy={busy} className="">
            {t('Save')}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
