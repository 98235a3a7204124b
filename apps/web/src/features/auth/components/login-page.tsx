import { IDENTIFIER_MESSAGE, parseIdentifier } from '@grocer/shared/account';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { inputClass } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/loading';
import { ApiError, field } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { authApi, pendingSignIn } from '../session';
import { AuthCard, primaryButton } from './auth-card';
import { useSecondsUntil } from '../seconds-left';
import { t } from '../../../lib/i18n';

/**
 * /auth/login: an email or mobile number; a 6-digit code is sent and /auth/verify takes it.
 * `reason`: why a signed-out visitor was sent here (the heart, "Notify me"), shown above the field.
 */
export function LoginPage({ showRegister, reason }: { showRegister: boolean; reason?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ message: string; register?: boolean; cooldown?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // A code was sent moments ago: the wait the server gave counts down, Send code waits with it.
  const [waitUntil, setWaitUntil] = useState(0);
  const waiting = useSecondsUntil(waitUntil);
  const shown = error?.cooldown ? (waiting > 0 ? { ...error, message: error.message.replace(/\d+/, String(waiting)) } : null) : error;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const id = parseIdentifier(value);
    if (!id) return setError({ message: value.trim() ? t(IDENTIFIER_MESSAGE) : t('Email or mobile number is required') });
    setBusy(true);
    setError(null);
    try {
      pendingSignIn.save(await authApi.login(id.value));
      navigate('/auth/verify');
    } catch (err) {
      const cooldown = err instanceof ApiError && err.code === 'RESEND_COOLDOWN' ? Number(field(err.data, 'retry_after')) : NaN;
      if (cooldown > 0) setWaitUntil(Date.now() + cooldown * 1000);
      setError({ message: readError(err), register: err instanceof ApiError && err.code === 'ACCOUNT_NOT_FOUND', cooldown: cooldown > 0 });
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('Login')} subtitle={t('We will send a 6-digit code to your email or mobile.')}>
      {reason && (
        <p className="mb-4 rounded-lg bg-gray-50 px-3 py-2 text-sm font-medium text-gray-800" data-testid="sign-in-reason">
          {reason}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor="identifier" className="mb-1 block text-sm font-medium">
          {t('Email or mobile number')}
        </label>
        <input
          id="identifier"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="username"
          autoFocus
          placeholder={t('you@example.com or 98xxxxxxxx')}
          className={inputClass}
          aria-invalid={!!shown}
          aria-describedby={shown ? 'identifier-error' : undefined}
        />
        {shown && (
          <p id="identifier-error" role="alert" className="mt-1 text-sm text-red-600">
            {shown.message}
            {shown.register && showRegister && (
              <>
                {' '}
                <Link to="/auth/register" className="font-semibold underline">
                  {t('Register')}
                </Link>
              </>
            )}
          </p>
        )}
        <button type="submit" disabled={busy || waiting > 0} className={`${primaryButton} mt-5`}>
          {busy ? <Spinner size={18} className="text-white" /> : t('Send code')}
        </button>
      </form>
      {showRegister && (
        <p className="mt-5 text-center text-sm text-gray-600">
          {t('New here?')}{' '}
          <Link to="/auth/register" className="font-semibold text-[var(--color-primary)] hover:underline">
            {t('Create an account')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
