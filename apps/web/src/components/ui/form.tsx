import { validateField, type FieldRule } from '@grocer/shared/validation';
import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Spinner } from './loading';
import { language, t } from '../../lib/i18n';

/**
 * Form state with the spec §5 rules: every field checked in the spec's order on submit; the form
 * submits only when all pass; once errors are shown they are rechecked on each change; reset
 * restores the initial values and clears errors.
 */
/**
 * A field's error in the page's language: the shared rules write English ('Name is required'),
 * said again here with the field's label translated (English unchanged).
 */
function said(rule: FieldRule, e: string): string {
  if (language() === 'en') return e;
  const field = t(rule.label ?? 'This field');
  if (e.endsWith(' is required')) return t('{field} is required', { field });
  if (e.endsWith(' is not a valid email address')) return t('{field} is not a valid email address', { field });
  if (e.endsWith(' is not in valid format')) return t('{field} is not in valid format', { field });
  return t(e);
}

export function useForm<V extends Record<string, unknown>>(initial: V, rules: Partial<Record<keyof V, FieldRule>>) {
  const first = useRef(initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [shown, setShown] = useState(false);

  const check = useCallback(
    (vals: V) => {
      const out: Partial<Record<keyof V, string>> = {};
      for (const key of Object.keys(rules) as (keyof V)[]) {
        const e = validateField(rules[key]!, vals[key]);
        if (e) out[key] = said(rules[key]!, e);
      }
      return out;
    },
    [rules],
  );

  const set = useCallback(
    <K extends keyof V>(key: K, value: V[K]) =>
      setValues((prev) => {
        const next = { ...prev, [key]: value };
        if (shown) setErrors(check(next));
        return next;
      }),
    [check, shown],
  );

  const handleSubmit = (onValid: (values: V) => void | Promise<void>) => async (e?: FormEvent) => {
    e?.preventDefault();
    const errs = check(values);
    setErrors(errs);
    setShown(true);
    if (Object.keys(errs).length === 0) await onValid(values);
  };

  const reset = () => {
    setValues(first.current);
    setErrors({});
    setShown(false);
  };

  /** Server-side field errors (422 `errors`) shown at their fields. */
  const setServerErrors = (errs: Record<string, string[]>) => {
    setShown(true);
    setErrors(Object.fromEntries(Object.entries(errs).map(([k, v]) => [k, v[0]])) as Partial<Record<keyof V, string>>);
  };

  return useMemo(() => ({ values, errors, set, handleSubmit, reset, setServerErrors }), [values, errors, set]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Field wrapper: label, the control, a hint and the field's error, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  required,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'h-10 w-full rounded-lg border border-gray-300 px-3 text-sm outline-none focus:border-[var(--color-primary)] aria-[invalid=true]:border-red-500';

/** A form's (or field's) error line, announced to screen readers; nothing when there is none. */
export function FormError({
  message,
  id,
  className = 'mt-1',
  testId,
}: {
  message: string | null | undefined;
  id?: string;
  className?: string;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`${className} text-sm text-red-600`} data-testid={testId}>
      {message}
    </p>
  );
}

/** The full-width primary submit button, with a spinner instead of its label while busy. */
export function SubmitButton({ busy, children, className = 'mt-4' }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`${className} flex h-10 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] font-semibold text-white hover:brightness-90 disabled:opacity-70`}
    >
      {busy ? <Spinner size={16} className="text-white" /> : children}
    </button>
  );
}
