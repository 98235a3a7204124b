import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSummary } from '../api/get-summary';
import { t } from '../../../lib/i18n';

export interface Figure {
  label: string;
  value: number | undefined;
  to?: string;
}

/**
 * The dashboard's figures, all from the server: the catalogue summary, plus figures the route
 * brings from other features (products needing attention), below the sales the route brings.
 */
export function Dashboard({ websiteName, attention, sales }: { websiteName: string; attention: Figure[]; sales?: ReactNode }) {
  const summary = useSummary();
  const figures: Figure[] = [
    { label: t('Products'), value: summary.data?.products, to: paths.products() },
    ...attention,
    { label: t('Categories'), value: summary.data?.categories },
    { label: t('Brands'), value: summary.data?.brands },
    { label: t('People'), value: summary.data?.members },
  ];
  return (
    <>
      <h1 className="text-2xl font-semibold">{t('Dashboard')}</h1>
      <p className="mt-1 text-gray-600">{t('{websiteName} at a glance.', { websiteName })}</p>
      {summary.error && (
        <p role="alert" className="mt-4 text-red-700">
          {summary.error.message}
        </p>
      )}
      {sales}
      <h2 className="mt-8 text-lg font-semibold">{t('Catalogue')}</h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-3">
        {figures.map((f) => {
          const body = (
            <>
              <span className="block text-sm text-gray-600">{f.label}</span>
              <span className="mt-1 block text-3xl font-semibold tabular-nums">
                {f.value === undefined ? (
                  <span className="inline-block h-8 w-16 animate-pulse rounded bg-gray-100" aria-label={t('Loading')} />
                ) : (
                  f.value.toLocaleString('en-IN')
                )}
              </span>
            </>
          );
          return (
            <li key={f.label}>
              {f.to ? (
                <Link to={f.to} className="block rounded-lg border bg-white p-5 shadow-sm hover:border-brand">
                  {body}
                </Link>
              ) : (
                <div className="rounded-lg border bg-white p-5 shadow-sm">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
