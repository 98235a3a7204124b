import { useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { agentReportCsvUrl, useAgentReport } from '../api/agents';
import { t } from '../../../lib/i18n';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Sales and commission by agent for a range of days (default: this month so far), with a CSV download. */
export function AgentReport() {
  const [range, setRange] = useState({ from: '', to: '' });
  const report = useAgentReport(range);
  const shown = report.data ? { from: report.data.from, to: report.data.to } : range;
  return (
    <section aria-labelledby="agent-report" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="agent-report" className="text-lg font-semibold">
          {t('Sales by agent')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            {t('From')}
            <input
              type="date"
              value={shown.from}
              onChange={(e) => setRange({ from: e.target.value, to: shown.to })}
              className={`${inputClass} w-40`}
            />
          </label>
          <label className="text-sm">
            {t('To')}
            <input
              type="date"
              value={shown.to}
              onChange={(e) => setRange({ from: shown.from, to: e.target.value })}
              className={`${inputClass} w-40`}
            />
          </label>
          <a href={agentReportCsvUrl(shown)} download className="rounded-md border bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50">
            {t('Download CSV')}
          </a>
        </div>
      </div>
      {report.error ? (
        <p role="alert" className="mt-3 text-red-700">
          {errorMessage(report.error)}
        </p>
      ) : !report.data ? (
        <p className="mt-3 text-gray-600">{t('Loading…')}</p>
      ) : (
        <table className="mt-3 w-full rounded-lg border bg-white text-sm">
          <thead className="bg-gray-50 text-left">
            <tr>
              <th className="px-3 py-2 font-medium">{t('Agent')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('Rate')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('Orders')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('Customers')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('Sales')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('Commission')}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {report.data.data.map((r) => (
              <tr key={r.agent_id}>
                <td className="px-3 py-2">{r.name}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.commission_rate}%</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.orders}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.customers}</td>
                <td className="px-3 py-2 text-right tabular-nums">{inr.format(r.sales)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{inr.format(r.commission)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t font-semibold">
            <tr>
              <td className="px-3 py-2">{t('Total')}</td>
              <td />
              <td className="px-3 py-2 text-right tabular-nums">{report.data.total.orders}</td>
              <td />
              <td className="px-3 py-2 text-right tabular-nums">{inr.format(report.data.total.sales)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{inr.format(report.data.total.commission)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
