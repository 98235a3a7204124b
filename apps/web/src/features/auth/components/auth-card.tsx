import type { ReactNode } from 'react';

/** The centred card every sign-in screen uses. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-[70vh] items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-gray-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

// darker on hover, not fainter: white on a faded primary falls below 4.5:1 (axe, issue 39)
export const primaryButton =
  'flex h-11 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] font-semibold text-white hover:brightness-90 disabled:opacity-60';
