import type { AnalyticsSettings, AnalyticsSummary } from '@grocer/shared/analytics';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { ApiError } from '@grocer/shared/api-client';
import { analyticsSettingsQuery, useAnalytics, useSaveAnalyticsSettings } from '../api/analytics';
import { t } from '../../../lib/i18n';

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);

/** Administration → Analytics: what shoppers did, kept by the shop itself (no PostHog account needed). */
export function AnalyticsPage() {
  const [days, setDays] = useState(30);
  const { data, isPending, error } = useAnalytics(days);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('Analytics')}</h1>
        <label className="ml-auto text-sm text-gray-600">
          {t('Period')}{' '}
          <select className="rounded-md border bg-white px-2 py-1" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {[1, 7, 30, 90].map((d) => (
              <option key={d} value={d}>
                {d === 1 ? t('Last 24 hours') : t('Last {d} days', { d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isPending ? (
        <LoadingView />
      ) : error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(error)}
        </p>
      ) : (
        <Figures data={data} />
      )}
      <SettingsCard />
    </div>
  );
}

function Figures({ data }: { data: AnalyticsSummary }) {
  const totals = data.daily.reduce(
    (a, d) => ({ visitors: a.visitors + d.visitors, sessions: a.sessions + d.sessions, pageviews: a.pageviews + d.pageviews }),
    { visitors: 0, sessions: 0, pageviews: 0 },
  );
  const peak = Math.max(1, ...data.daily.map((d) => d.sessions));
  const top = data.funnel[0]?.sessions || 1;
  return (
    <>
      {data.destination === 'posthog' && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('Events go to your PostHog project; the figures below count only what was kept here before.')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            [t('Visitors'), totals.visitors],
            [t('Sessions'), totals.sessions],
            [t('Page views'), totals.pageviews],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-white p-4 shadow-sm">
            <p className="text-sm text-gray-500">{label}</p>
            <p className="text-2xl font-semibold" data-testid={`total-${label.toLowerCase().replace(' ', '-')}`}>
              {value}
            </p>
          </div>
        ))}
      </div>
      <Card title={t('Visitors and sessions per day')}>
        {data.daily.length === 0 ? (
          <p className="text-sm text-gray-500">{t('No visits in this period yet.')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-gray-500">
              <tr>
                <th className="py-1 font-medium">{t('Day')}</th>
                <th className="py-1 font-medium">{t('Visitors')}</th>
                <th className="py-1 font-medium">{t('Sessions')}</th>
                <th className="w-1/2 py-1 font-medium">
                  <span className="sr-only">{t('Sessions bar')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.daily.map((d) => (
                <tr key={d.day} className="border-t">
                  <td className="py-1">{d.day}</td>
                  <td className="py-1">{d.visitors}</td>
                  <td className="py-1">{d.sessions}</td>
                  <td className="py-1">
                    <div className="h-2 rounded bg-teal-600" style={{ width: `${(d.sessions / peak) * 100}%` }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card title={t('Funnel')}>
        <ol className="space-y-2" aria-label={t('Funnel steps')}>
          {data.funnel.map((s) => (
            <li key={s.key} className="grid grid-cols-[8rem_1fr_5rem_5rem] items-center gap-3 text-sm">
              <span className="font-medium">{s.label}</span>
              <div className="h-4 rounded bg-gray-100">
                <div className="h-4 rounded bg-teal-600" style={{ width: `${(s.sessions / top) * 100}%` }} />
              </div>
              <span className="text-right tabular-nums" data-testid={`funnel-${s.key}`}>
                {s.sessions}
              </span>
              <span className="text-right text-gray-500 tabular-nums">{pct(s.conversion)}</span>
            </li>
          ))}
        </ol>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('Top searches')}>
          <List rows={data.top_searches.map((s) => [s.query, `${s.searches} · ${s.results} found`])} empty={t('No searches yet.')} />
        </Card>
        <Card title={t('Searches with no results')}>
          <p className="mb-2 text-xs text-gray-500">
            {t('What shoppers wanted and the shop does not have (or calls by another name: add it under Search words).')}
          </p>
          <List rows={data.no_result_searches.map((s) => [s.query, String(s.searches)])} empty={t('Every search found something.')} />
        </Card>
        <Card title={t('Top viewed products')}>
          <List
            rows={data.top_viewed.map((v) => [v.product, `${v.views} ${v.views === 1 ? 'view' : 'views'}`])}
            empty={t('No product views yet.')}
          />
        </Card>
        <Card title={t('Top sold products')}>
          <List rows={data.top_sold.map((v) => [v.product, `${v.quantity} sold`])} empty={t('No sales in this period.')} />
        </Card>
      </div>
    </>
  );
}

function List({ rows, empty }: { rows: Array<[string, string]>; empty: string }) {
  if (!rows.length) return <p className="text-sm text-gray-500">{empty}</p>;
  return (
    <ul className="divide-y text-sm">
      {rows.map(([name, figure]) => (
        <li key={name} className="flex justify-between gap-3 py-1.5">
          <span className="truncate">{name}</span>
          <span className="shrink-0 text-gray-500 tabular-nums">{figure}</span>
        </li>
      ))}
    </ul>
  );
}

function SettingsCard() {
  const { data } = useQuery(analyticsSettingsQuery);
  if (!data) return null;
  return <SettingsForm key={JSON.stringify(data)} saved={data} />;
}

function SettingsForm({ saved }: { saved: AnalyticsSettings }) {
  const [form, setForm] = useState(saved);
  const save = useSaveAnalyticsSettings();
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const set = <K extends keyof AnalyticsSettings>(k: K, v: AnalyticsSettings[K]) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <Card title={t('Analytics settings')}>
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, {
            onSuccess: () => toast.success(t('Analytics settings saved')),
            onError: (err) => toast.error(errorMessage(err)),
          });
        }}
      >
        <Field label={t('Shopper analytics')} error={errors.consent?.[0]} hint={t('Do-Not-Track is always respected.')}>
          {(a) => (
            <select
              {...a}
              className={inputClass}
              value={form.consent}
              onChange={(e) => set('consent', e.target.value as AnalyticsSettings['consent'])}
            >
              <option value="on">{t('On')}</option>
              <option value="consent">{t('Only after consent (a small banner asks)')}</option>
              <option value="off">{t('Off')}</option>
            </select>
          )}
        </Field>
        <Field label={t('Keep events for (days)')} error={errors.retention_days?.[0]}>
          {(a) => (
            <input
              {...a}
              type="number"
              min={1}
              className={inputClass}
              value={form.retention_days}
              onChange={(e) => set('retention_days', Number(e.target.value))}
            />
          )}
        </Field>
        <Field label={t('PostHog host')} error={errors.posthog_host?.[0]} hint={t('Empty: events stay in this shop (this page).')}>
          {(a) => (
            <input
              {...a}
              className={inputClass}
              placeholder="https://eu.i.posthog.com"
              value={form.posthog_host}
              onChange={(e) => set('posthog_host', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('PostHog project key')} error={errors.posthog_key?.[0]}>
          {(a) => (
            <input
              {...a}
              className={inputClass}
              placeholder="phc_…"
              value={form.posthog_key}
              onChange={(e) => set('posthog_key', e.target.value)}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" checked={form.staff_analytics} onChange={(e) => set('staff_analytics', e.target.checked)} />
          {t('Also measure the staff apps (Administration, POS)')}
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={save.isPending}
            className="rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
          >
            {t('Save settings')}
          </button>
        </div>
      </form>
    </Card>
  );
}
