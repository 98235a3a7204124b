import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { dashboardReport } from '../api/get-reports';
import { RangePicker, useRange } from '../../../components/range-picker';
import { dayLabel, inr } from './sales-format';
import { t } from '../../../lib/i18n';

// recharts and d3 (about 115 KB gzip) are the chart's own chunks (issue 42 goal 3): fetched as the
// dashboard opens, beside its data, and drawn when both are there; the figures never wait for them
const loadChart = () => import('./sales-chart');
const SalesChart = lazy(loadChart);

/**
 * Sales at a glance for a chosen range (today, 7 or 30 days, or custom days): revenue, orders,
 * average order value and new customers, revenue by day, the orders waiting now per status (each
 * a link to the filtered order list) and the packs running low.
 */
export function SalesDashboard() {
  const state = useRange('7d');
  useEffect(() => {
    loadChart().catch(() => undefined); // a failure shows when the chart draws (the route's error view)
  }, []);
  const q = dashboardReport.use(state.range);
  const d = q.data;
  const figures = [
    { label: t('Revenue'), value: d && inr.format(d.revenue) },
    { label: t('Orders'), value: d && d.orders.toLocaleString('en-IN') },
    { label: t('Average order value'), value: d && inr.format(d.average_order_value) },
    { label: t('New customers'), value: d && d.new_customers.toLocaleString('en-IN') },
  ];
  return (
    <section aria-labelledby="sales-heading" className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="sales-heading" className="text-lg font-semibold">
          {t('Sales')}
          {d && (
            <span className="ml-2 text-sm font-normal text-gray-500">
              {d.from === d.to ? dayLabel(d.from) : `${dayLabel(d.from)} – ${dayLabel(d.to)}`}
            </span>
          )}
        </h2>
        <RangePicker state={state} />
      </div>
      {q.error && (
        <p role="alert" className="mt-3 text-red-700">
          {errorMessage(q.error)}
        </p>
      )}
      <ul className="mt-4 grid grid-cols-2 gap-4 xl:grid-cols-4" aria-busy={q.isFetching}>
        {figures.map((f) => (
          <li key={f.label} className="rounded-lg border bg-white p-5 shadow-sm">
            <span className="block text-sm text-gray-600">{f.label}</span>
            <span className="mt-1 block text-2xl font-semibold tabular-nums" data-figure={f.label}>
              {f.value ?? <span className="inline-block h-8 w-24 animate-pulse rounded bg-gray-100" aria-label={t('Loading')} />}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <figure className="rounded-lg border bg-white p-4 shadow-sm lg:col-span-2">
          <figcaption className="text-sm font-medium text-gray-700">{t('Revenue by day')}</figcaption>
          <div className="mt-2 h-64">
            {d && (
              <Suspense fallback={<div className="h-full animate-pulse rounded bg-gray-50" aria-label={t('Loading')} />}>
                <SalesChart byDay={d.by_day} />
              </Suspense>
            )}
          </div>
        </figure>
        <div className="rounded-lg border bg-white p-4 shadow-sm">
          <h3 className="text-sm font-medium text-gray-700">{t('Orders waiting now')}</h3>
          <ul className="mt-2 divide-y">
            {(d?.waiting ?? []).map((w) => (
              <li key={w.status}>
                <Link to={paths.orders(`status=${w.status}`)} className="flex items-center justify-between py-2 text-sm hover:text-brand">
                  <span>{ORDER_STATUS_LABELS[w.status]}</span>
                  <span className="font-semibold tabular-nums">{w.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-4 rounded-lg border bg-white p-4 shadow-sm">
        <h3 className="text-sm font-medium text-gray-700">
          {t('Low stock')}
          {d && (
            <span className="ml-1 font-normal text-gray-500">
              {t('({total} at or under their threshold)', { total: d.low_stock.total })}
            </span>
          )}
        </h3>
        <p className="mt-1 text-xs text-gray-500">
          {t("A pack's own threshold (set in Stock) wins over the shop default of")} {d?.low_stock.threshold ?? 5} {t('units.')}
        </p>
        {d && d.low_stock.data.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t('Nothing is running low.')}</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead className="text-left text-gray-500">
              <tr>
                <th className="py-1 font-medium">{t('Product')}</th>
                <th className="py-1 font-medium">{t('Warehouse')}</th>
                <th className="py-1 text-right font-medium">{t('Available')}</th>
                <th className="py-1 text-right font-medium">{t('Threshold')}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {(d?.low_stock.data ?? []).map((l) => (
                <tr key={`${l.pack_id}:${l.warehouse}`}>
                  <td className="py-1.5">
                    <Link to={paths.product(l.product_id)} className="hover:text-brand hover:underline">
                      {l.product} <span className="text-gray-500">{l.pack}</span>
                    </Link>
                  </td>
                  <td className="py-1.5 text-gray-600">{l.warehouse}</td>
                  <td className={`py-1.5 text-right tabular-nums ${l.available === 0 ? 'font-semibold text-red-700' : ''}`}>
                    {l.available}
                  </td>
                  <td className="py-1.5 text-right text-gray-600 tabular-nums">{l.threshold}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
