import { Printer } from 'lucide-react';
import { errorMessage } from '../../../lib/error-message';
import { t } from '../../../lib/i18n';
import { useDeliveries, useGenerate } from '../api/subscriptions';
import { DayPicker, dayInWords, useDay } from './subscription-tabs';

const STATUS: Record<string, string> = {
  pending: 'Not made yet',
  ordered: 'Ordered',
  held: 'Held: wallet short',
  out_of_stock: 'Out of stock',
  slot_full: 'Slot full',
};

/**
 * Subscriptions → Deliveries (issue 44 §6): a day's deliveries (tomorrow by default) as the morning
 * round, grouped by pincode and area in route order, numbered, with each door's items (one-off items
 * marked) and the order made; printable. "Prepare orders now" runs the day's generation at once
 * (the nightly job does it after the cut-off): made once, and the day's changes close with it.
 */
export function Deliveries() {
  const [day, setDay] = useDay();
  const list = useDeliveries(day);
  const generate = useGenerate();
  const areas = list.data?.areas;
  const stops = areas?.reduce((n, a) => n + a.stops.length, 0) ?? 0;
  const made = generate.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <DayPicker day={day} onChange={setDay} />
        <button
          type="button"
          disabled={generate.isPending}
          onClick={() => generate.mutate(day)}
          className="min-h-10 rounded-md bg-teal-700 px-4 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50"
        >
          {generate.isPending ? t('Preparing…') : t('Prepare orders now')}
        </button>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex min-h-10 items-center gap-2 rounded-md border bg-white px-4 text-sm font-medium hover:bg-gray-50"
        >
          <Printer size={16} aria-hidden="true" /> {t('Print')}
        </button>
      </div>
      <div role="status" className="print:hidden">
        {made && made.date === day && (
          <p className="rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900">
            {t('{orders, plural, one {# order} other {# orders}} made ({khata} on khata), {held} held, {already} already made.', {
              orders: made.orders,
              khata: made.on_khata,
              held: made.held,
              already: made.already,
            })}
          </p>
        )}
        {generate.error && <p className="text-sm text-red-700">{errorMessage(generate.error)}</p>}
      </div>
      <section
        aria-label={t('Deliveries')}
        className="rounded-lg border bg-white p-4 shadow-sm sm:p-5 print:border-0 print:p-0 print:shadow-none"
      >
        <h2 className="text-base font-semibold">
          {t('Deliveries for {day}', { day: dayInWords(day) })} · {t('{count, plural, one {# stop} other {# stops}}', { count: stops })}
        </h2>
        {list.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(list.error)}
          </p>
        )}
        {!areas && !list.error && <p className="text-sm text-gray-500">{t('Loading…')}</p>}
        {areas && areas.length === 0 && <p className="mt-2 text-sm text-gray-600">{t('No subscription deliveries on this day.')}</p>}
        {areas?.map((a) => (
          <div key={`${a.pincode}-${a.area}`} className="mt-4 break-inside-avoid">
            <h3 className="border-b pb-1 text-sm font-semibold text-gray-800">
              {a.pincode} · {a.area || t('No area')}
            </h3>
            <ol aria-label={t('Stops in {area}', { area: `${a.pincode} ${a.area}` })} className="divide-y">
              {a.stops.map((s) => (
                <li key={s.sequence} className="grid gap-1 py-2 text-sm sm:grid-cols-[2rem_1fr_1fr_auto] sm:gap-3">
                  <span className="font-semibold tabular-nums">{s.sequence}.</span>
                  <span className="min-w-0">
                    <span className="block font-medium">{s.name ?? t('Customer')}</span>
                    <span className="block text-gray-600">{s.address}</span>
                    {s.phone && <span className="block text-xs text-gray-500">{s.phone}</span>}
                  </span>
                  <ul className="min-w-0">
                    {s.items.map((i) => (
                      <li key={`${i.label}-${i.extra}`}>
                        {i.quantity} × {i.label}
                        {i.extra && <span className="ml-1 text-xs text-gray-600">{t('(added)')}</span>}
                      </li>
                    ))}
                  </ul>
                  <span className="text-xs sm:text-right">
                    <span
                      className={`block font-medium ${s.status === 'ordered' ? 'text-teal-800' : s.status === 'pending' ? 'text-gray-700' : 'text-red-700'}`}
                    >
                      {t(STATUS[s.status] ?? s.status)}
                    </span>
                    {s.ordernumber && (
                      <span className="block text-gray-600">
                        #{s.ordernumber} · {s.payment === 'khata' ? t('On khata') : t('Wallet')}
                      </span>
                    )}
                    {s.slot && <span className="block text-gray-600">{s.slot}</span>}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </div>
  );
}
