import { formatINR, toRupees } from '@grocer/shared/money';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useLowBalance } from '../api/subscriptions';
import { DayPicker, dayInWords, useDay } from './subscription-tabs';
import { t } from '../../../lib/i18n';

const rupees = (paise: number) => formatINR(toRupees(paise));

/**
 * Subscriptions → Low balance: the customers whose wallet does not cover a day's deliveries
 * (tomorrow by default): what is due against their balance, and a link to their wallet card on the
 * customer screen (goodwill credit, or a word with them). The nightly generation holds their
 * delivery and sends them a low-balance message.
 */
export function LowBalance() {
  const [day, setDay] = useDay();
  const low = useLowBalance(day);
  const customers = low.data?.customers;
  return (
    <div className="space-y-4">
      <DayPicker day={day} onChange={setDay} />
      <section aria-label={t('Low balance')} className="rounded-lg border bg-white p-4 shadow-sm sm:p-5">
        <h2 className="text-base font-semibold">{t('Wallets short for {day}', { day: dayInWords(day) })}</h2>
        <p className="mb-3 text-sm text-gray-600">
          {t('Their deliveries are held and they get a low-balance message the evening before, unless they top up first.')}
        </p>
        {low.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(low.error)}
          </p>
        )}
        {!customers && !low.error && <p className="text-sm text-gray-500">{t('Loading…')}</p>}
        {customers && customers.length === 0 && <p className="text-sm text-gray-600">{t("Every wallet covers this day's deliveries.")}</p>}
        {customers && customers.length > 0 && (
          <ul className="divide-y" aria-label={t('Customers short')}>
            {customers.map((c) => (
              <li key={c.user_id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{c.name ?? t('Customer')}</span>
                  {c.phone && <span className="block text-xs text-gray-500">{c.phone}</span>}
                </span>
                <span className="text-sm tabular-nums">
                  {t('Due')} <strong>{rupees(c.due_paise)}</strong> {t('· balance')} <strong>{rupees(c.balance_paise)}</strong> ·{' '}
                  <span className="text-red-700">{t('short {rupees}', { rupees: rupees(c.due_paise - c.balance_paise) })}</span>
                </span>
                <Link
                  to={paths.customer(c.user_id)}
                  aria-label={t('Wallet of {value}', { value: c.name ?? t('the customer') })}
                  className="inline-flex min-h-10 items-center rounded-md border px-3 text-sm font-medium text-teal-800 hover:bg-gray-50"
                >
                  {t('Wallet')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
