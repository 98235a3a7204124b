import { mobileRule, type FieldRule } from '@grocer/shared/validation';
import { Link, useNavigate } from 'react-router';
import { Field, inputClass, useForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { authApi, pendingSignIn } from '../session';
import { AuthCard, primaryButton } from './auth-card';
import { useState } from 'react';
import { t } from '../../../lib/i18n';

const rules: Record<'name' | 'email' | 'phone', FieldRule> = {
  name: { label: 'Name', required: true },
  email: { label: 'Email', type: 'email', required: true },
  phone: mobileRule,
};

/** /auth/register: name, email and mobile (spec §5 rules), then the code as for login. */
export function RegisterPage() {
  const navigate = useNavigate();
  const form = useForm({ name: '', email: '', phone: '' }, rules);
  const [error, setError] = useState<{ message: string; login?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      const body = { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim() };
      pendingSignIn.save(await authApi.register(body), body);
      navigate('/auth/verify');
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) form.setServerErrors(err.fieldErrors);
      else setError({ message: readError(err), login: err instanceof ApiError && err.code === 'ACCOUNT_EXISTS' });
      setBusy(false);
    }
  });
  const field = (key: 'name' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <Field label={label} error={form.errors[key]} required>
      {(p) => (
        <input
          {...p}
          type={type}
          autoComplete={autoComplete}
          value={form.values[key]}
          onChange={(e) => form.set(key, e.target.value)}
          className={inputClass}
          inputMode={key === 'phone' ? 'numeric' : undefined}
        />
      )}
    </Field>
  );
  return (
    <AuthCard title={t('Create your account')} subtitle={t('We will send a code to your email and mobile to confirm them.')}>
      <form onSubmit={submit} noValidate>
        {field('name', t('Name'), 'text', 'name')}
        {field('email', t('Email'), 'email', 'email')}
        {field('phone', t('Mobile'), 'tel', 'tel-national')}
        {error && (
          <p role="alert" className="mb-2 text-sm text-red-600">
            {error.message}{' '}
            {error.login && (
              <Link to="/auth/login" className="font-semibold underline">
                {t('Login')}
              </Link>
            )}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${primaryButton} mt-2`}>
          {busy ? <Spinner size={18} className="text-white" /> : t('Register')}
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-gray-600">
        {t('Already have an account?')}{' '}
        <Link to="/auth/login" className="font-semibold text-[var(--color-primary)] hover:underline">
          {t('Login')}
        </Link>
      </p>
    </AuthCard>
  );
}
