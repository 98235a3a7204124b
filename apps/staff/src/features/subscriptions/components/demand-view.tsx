import { Printer } from 'lucide-react';
import { errorMessage } from '../../../lib/error-message';
import { useDemand } from '../api/subscriptions';
import { quantityInWords, totalInWords } from '../words';
import { DayPicker, dayInWords, tomorrow, useDay } from './subscription-tabs';
import { t } from '../../../lib/i18n';

/**
 * Subscriptions → Tomorrow: what the subscriptions deliver on a day (tomorrow by default), by pack
 * — units due and the quantity in words ("42 × 500 ml = 21 litres"): the dairy order. Printable
 * (the browser's print; the frame and controls are left off the page).
 */
export function DemandView() {
  const [day, setDay] = useDay();
  const demand = useDemand(day);
  const packs = demand.data?.packs;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <DayPicker day={day} onChange={setDay} />
        <button
          type="button"
          onClick={() => window.print()}
          disabled={!packs?.length}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-md border bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50 print:hidden"
        >
          <Printer className="size-4" aria-hidden />
          {t('Print')}
        </button>
      </div>
      <section
        aria-label={t('Demand by pack')}
        className="rounded-lg border bg-white p-4 shadow-sm sm:p-5 print:border-0 print:p-0 print:shadow-none"
      >
        <h2 className="text-base font-semibold">
          {day === tomorrow() ? t('Tomorrow') : t('Deliveries')}, {dayInWords(day)}
        </h2>
        <p className="mb-3 text-sm text-gray-600">
          {t(
            'Units of each pack the subscriptions deliver that day (skipped days and pauses left out): the order to place with the dairy.',
          )}
        </p>
        {demand.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(demand.error)}
          </p>
        )}
        {!packs && !demand.error && <p className="text-sm text-gray-500">{t('Loading…')}</p>}
        {packs && packs.length === 0 && <p className="text-sm text-gray-600">{t('No subscription deliveries on this day.')}</p>}
        {packs && packs.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm max-sm:block" aria-label={t('Demand by pack')}>
              <thead className="border-b text-xs uppercase text-gray-500 max-sm:sr-only">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t('Product')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('Pack')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {t('Units')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('Quantity')}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    {t('Subscriptions')}
                  </th>
                </tr>
              </thead>
              <tbody className={`max-sm:block ${demand.isFetching ? 'opacity-60' : ''}`}>
                {packs.map((p) => (
                  <tr key={p.pack_id} className="border-b last:border-0 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:py-2">
                    <td className="py-2 pr-3 font-medium max-sm:py-0">{p.product_name}</td>
                    <td className="py-2 pr-3 max-sm:order-3 max-sm:py-0 max-sm:text-gray-600">{p.pack_name}</td>
                    <td className="py-2 pr-3 text-right tabular-nums max-sm:order-2 max-sm:py-0 max-sm:font-semibold">{p.units}</td>
                    <td className="py-2 pr-3 max-sm:order-5 max-sm:col-span-2 max-sm:py-0" data-testid="quantity-words">
                      {quantityInWords(p.units, p.pack_name)}
                    </td>
                    <td className="py-2 text-right tabular-nums max-sm:order-4 max-sm:py-0 max-sm:text-gray-600">
                      <span className="sm:hidden">{t('subscriptions')} </span>
                      {p.subscriptions}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="max-sm:block">
                <tr className="border-t-2 max-sm:flex max-sm:justify-between max-sm:py-2">
                  <th scope="row" colSpan={3} className="py-2 pr-3 font-semibold">
                    {t('In all')}
                  </th>
                  <td colSpan={2} className="py-2 font-semibold" data-testid="demand-total">
                    {totalInWords(packs)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
