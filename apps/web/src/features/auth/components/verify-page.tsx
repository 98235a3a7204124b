import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { inputClass } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { STAFF_APP_PATH } from '@grocer/shared/links';
import { applySession, authApi, pendingSignIn } from '../session';
import { AuthCard, primaryButton } from './auth-card';
import { useSecondsUntil } from '../seconds-left';
import { t } from '../../../lib/i18n';

interface OtpCredentialLike {
  code: string;
}

/**
 * The code from the SMS, read by the browser (WebOTP: the SMS ends with `@host #code`), where the
 * browser can: Chrome on Android asks the shopper once and hands the code over. Null until then.
 */
export function useSmsCode(enabled: boolean): string | null {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((c) => {
        const digits = (c as unknown as OtpCredentialLike | null)?.code?.replace(/\D/g, '') ?? '';
        if (digits.length === 6) setCode(digits);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [enabled]);
  return code;
}

/** A code field: digits and spaces (pasting "123 456" works); a whole code is handed to `onComplete`. */
function CodeInput({
  id,
  label,
  value,
  onChange,
  error,
  autoFocus,
  onComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  autoFocus?: boolean;
  /** the code is whole: its 6th digit typed, or pasted at once */
  onComplete?: (code: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="mb-1 mt-3 block text-sm font-medium first:mt-0">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => {
          const next = e.target.value.replace(/[^\d ]/g, '').slice(0, 7);
          onChange(next);
          // typing the 6th digit signs in, as a paste does: no extra tap
          if (onComplete && digitsOf(next).length === 6 && digitsOf(value).length < 6) onComplete(digitsOf(next));
        }}
        onPaste={(e) => {
          const pasted = digitsOf(e.clipboardData.getData('text'));
          if (pasted.length !== 6 || !onComplete) return;
          e.preventDefault();
          onChange(pasted);
          onComplete(pasted);
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        maxLength={7}
        className={`${inputClass} text-center font-mono text-2xl tracking-[0.5em]`}
        aria-invalid={!!error}
        aria-describedby={error ? 'code-error' : undefined}
      />
    </>
  );
}

const digitsOf = (code: string) => code.replace(/\D/g, '');

/**
 * /auth/verify: the code field, and for a registration a second one for the code sent to the
 * mobile (each identifier is proven by its own code); resend after the countdown. On success
 * the user and their cart are everywhere at once, `onSignedIn` does what the visitor was doing
 * and answers the saved path (spec §2), which is opened.
 */
export function VerifyPage({ onSignedIn }: { onSignedIn: () => string | Promise<string> }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(pendingSignIn.read);
  const [code, setCode] = useState('');
  const [alsoCode, setAlsoCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const seconds = useSecondsUntil(pending ? pending.sentAt + pending.resend_after * 1000 : 0);
  const submitRef = useRef<(e?: FormEvent, filled?: string) => Promise<void>>(undefined);
  const fromSms = useSmsCode(!!pending && pending.channel === 'sms' && !pending.also);
  useEffect(() => {
    if (!fromSms) return;
    setCode(fromSms);
    void submitRef.current?.(undefined, fromSms);
  }, [fromSms]);
  if (!pending) return <Navigate to="/auth/login" replace />;

  const submit = async (e?: FormEvent, filled?: string) => {
    e?.preventDefault();
    if (busy) return;
    const digits = digitsOf(filled ?? code);
    if (digits.length !== 6 || (pending.also && digitsOf(alsoCode).length !== 6)) return setError('Enter the 6-digit code');
    setBusy(true);
    setError(null);
    try {
      const { user, cart, cart_merged } = await authApi.verify(pending.identifier, digits, pending.also ? digitsOf(alsoCode) : undefined);
      pendingSignIn.clear();
      await applySession(client, user, cart);
      // The items picked before signing in joined the cart the shopper already had: say so.
      if (cart_merged > 0)
        toast.info(
          `${cart_merged} ${cart_merged === 1 ? 'item' : 'items'} you picked before signing in ${cart_merged === 1 ? 'was' : 'were'} added to your cart. Please check it before you order.`,
        );
      const to = await onSignedIn();
      if (STAFF_APP_PATH.test(to)) window.location.assign(to);
      else navigate(to, { replace: true });
    } catch (err) {
      setError(readError(err));
      setBusy(false);
    }
  };
  submitRef.current = submit;
  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      pendingSignIn.save(
        pending.register ? await authApi.register(pending.register) : await authApi.login(pending.identifier),
        pending.register,
      );
      setPending(pendingSignIn.read());
      setCode('');
      setAlsoCode('');
    } catch (err) {
      setError(readError(err));
    } finally {
      setResending(false);
    }
  };
  return (
    <AuthCard
      title={t('Enter the code')}
      subtitle={
        <>
          {t('Sent to')} <strong>{pending.sent_to}</strong>
          {pending.also && (
            <>
              {' '}
              {t('and')} <strong>{pending.also.sent_to}</strong>
            </>
          )}
          .{' '}
          <Link to={pending.register ? '/auth/register' : '/auth/login'} className="text-[var(--color-primary)] underline">
            {t('Change')}
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <CodeInput
          id="code"
          label={pending.also ? (pending.channel === 'email' ? t('Email code') : t('Mobile code')) : t('6-digit code')}
          value={code}
          onChange={setCode}
          error={error}
          autoFocus
          onComplete={pending.also ? undefined : (c) => void submit(undefined, c)}
        />
        {pending.also && (
          <CodeInput
            id="also-code"
            label={pending.also.channel === 'email' ? t('Email code') : t('Mobile code')}
            value={alsoCode}
            onChange={setAlsoCode}
            error={error}
          />
        )}
        {error && (
          <p id="code-error" role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${primaryButton} mt-5`}>
          {busy ? <Spinner size={18} className="text-white" /> : t('Verify')}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-gray-600" aria-live="polite">
        {seconds > 0 ? (
          <span>{t('Resend code in {seconds}s', { seconds })}</span>
        ) : (
          <button type="button" onClick={resend} disabled={resending} className="font-semibold text-[var(--color-primary)] hover:underline">
            {resending ? t('Sending…') : t('Resend code')}
          </button>
        )}
      </p>
    </AuthCard>
  );
}
