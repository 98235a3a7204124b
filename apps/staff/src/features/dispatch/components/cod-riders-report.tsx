import type { CodFigures } from '@grocer/shared/delivery-trips';
import { formatINR, toRupees } from '@grocer/shared/money';
import { Card } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { RangePicker, useRange } from '../../../components/range-picker';
import { codRidersCsvUrl, useCodRiders } from '../api/handovers';
import { t } from '../../../lib/i18n';

const money = (paise: number) => formatINR(toRupees(paise));
const num = 'py-1.5 pr-3 text-right tabular-nums';

/**
 * The COD report by day and rider (issue 45 item 4): delivered cash-on-delivery orders, the cash
 * expected, UPI, handed over, counted, the difference and what is still pending; each order with
 * its rider, trip, handover and bank deposit; CSV like the other reports. It reconciles: handed
 * over + pending = expected, counted = handed over + difference = deposited + not deposited.
 */
export function CodRidersReport() {
  const state = useRange('7d');
  const { from, to } = state.range;
  const report = useCodRiders(from, to);
  const figures = (f: CodFigures) => (
    <>
      <td className={num}>{f.orders}</td>
      <td className={num}>{money(f.expected)}</td>
      <td className={num}>{money(f.upi)}</td>
      <td className={num}>{money(f.handed_over)}</td>
      <td className={num}>{money(f.counted)}</td>
      <td className={`${num} ${f.difference < 0 ? 'text-red-700' : ''}`}>{money(f.difference)}</td>
      <td className={`${num} ${f.pending > 0 ? 'font-semibold text-amber-800' : ''}`}>{money(f.pending)}</td>
      <td className={num}>{money(f.deposited)}</td>
      <td className={`${num} ${f.undeposited > 0 ? 'font-semibold text-amber-800' : ''}`}>{money(f.undeposited)}</td>
    </>
  );
  return (
    <Card title={t('Cash on delivery by day and rider')}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <RangePicker state={state} />
        <a className="rounded-md border px-3 py-2 text-sm font-medium hover:bg-gray-50" href={codRidersCsvUrl(from, to)} download>
          {t('Download CSV')}
        </a>
      </div>
      {report.isPending && <LoadingView />}
      {report.error && (
        <p role="alert" className="text-red-700">
          {errorMessage(report.error)}
        </p>
      )}
      {report.data && (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-gray-600">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t('Day')}</th>
                  <th className="py-1 pr-3 font-medium">{t('Rider')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('COD orders')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Cash expected')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('UPI')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Handed over')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Counted')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Difference')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Pending')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Deposited')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Not deposited')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data.rows.length === 0 && (
                  <tr>
                    <td colSpan={11} className="py-3 text-gray-600">
                      {t('No cash-on-delivery orders delivered by riders in these days.')}
                    </td>
                  </tr>
                )}
                {report.data.rows.map((r) => (
                  <tr key={`${r.date}-${r.rider?.id ?? 0}`} className="border-t">
                    <td className="py-1.5 pr-3 whitespace-nowrap">{r.date}</td>
                    <td className="py-1.5 pr-3">{r.rider?.name ?? t('No rider')}</td>
                    {figures(r)}
                  </tr>
                ))}
              </tbody>
              {report.data.rows.length > 0 && (
                <tfoot>
                  <tr className="border-t-2 font-semibold">
                    <td className="py-1.5 pr-3" colSpan={2}>
                      {t('Total')}
                    </td>
                    {figures(report.data.totals)}
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          {report.data.orders.length > 0 && (
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-medium">
                {t('Each order ({orders})', { orders: report.data.orders.length })}
              </summary>
              <table className="mt-2 w-full text-left text-sm">
                <thead className="text-gray-600">
                  <tr>
                    <th className="py-1 pr-3 font-medium">{t('Day')}</th>
                    <th className="py-1 pr-3 font-medium">{t('Order')}</th>
                    <th className="py-1 pr-3 font-medium">{t('Rider')}</th>
                    <th className="py-1 pr-3 font-medium">{t('Trip')}</th>
                    <th className="py-1 pr-3 text-right font-medium">{t('Total')}</th>
                    <th className="py-1 pr-3 text-right font-medium">{t('Cash')}</th>
                    <th className="py-1 pr-3 text-right font-medium">{t('UPI')}</th>
                    <th className="py-1 pr-3 font-medium">{t('Handover')}</th>
                    <th className="py-1 pr-3 font-medium">{t('Deposit')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.orders.map((o) => (
                    <tr key={`${o.order_id}-${o.trip_id}`} className="border-t">
                      <td className="py-1.5 pr-3">{o.date}</td>
                      <td className="py-1.5 pr-3">
                        <a className="text-brand underline" href={`/bos/admin/orders/${encodeURIComponent(o.order_id)}`}>
                          {o.ordernumber}
                        </a>
                      </td>
                      <td className="py-1.5 pr-3">{o.rider?.name ?? '—'}</td>
                      <td className="py-1.5 pr-3">{o.trip}</td>
                      <td className={num}>{money(o.total)}</td>
                      <td className={num}>{money(o.cash)}</td>
                      <td className={num}>{money(o.upi)}</td>
                      <td className="py-1.5 pr-3">
                        {o.handover_id === null ? <span className="text-amber-800">{t('Pending')}</span> : `#${o.handover_id}`}
                      </td>
                      <td className="py-1.5 pr-3">{o.deposit_id === null ? '—' : `#${o.deposit_id}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      )}
    </Card>
  );
}
