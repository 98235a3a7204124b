import { useId, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 disabled:bg-gray-50';

/**
 * A labelled form field with its hint and error wired for assistive technology
 * (aria-describedby, aria-invalid). `children` receives the ids to spread on the control.
 */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (a: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-lg border bg-white p-5 shadow-sm ${className}`}>
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}
