import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import { useSearchParams } from 'react-router';
import { TabNav } from '../../../components/ui/tab-nav';
import { paths } from '../../../lib/paths';
import { t } from '../../../lib/i18n';

const TABS = [
  { label: t('Tomorrow'), to: paths.subscriptions(), end: true },
  { label: t('Deliveries'), to: paths.subscriptionDeliveries(), end: false },
  { label: t('Subscriptions'), to: paths.subscriptionList(), end: false },
  { label: t('Low balance'), to: paths.subscriptionLowBalance(), end: false },
  { label: t('Settings'), to: paths.subscriptionSettings(), end: false },
];

/** Administration → Subscriptions' parts: tomorrow's demand, the list, low balances, the settings. */
export function SubscriptionTabs() {
  return <TabNav label={t('Subscriptions')} tabs={TABS} className="print:hidden" />;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const tomorrow = () => addShopDays(shopDayOf(), 1);

/** The day a tab shows, in the address (`?date=`), tomorrow (shop time) when it says none. */
export function useDay(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const given = params.get('date') ?? '';
  const day = DAY.test(given) ? given : tomorrow();
  const set = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (!DAY.test(next) || next === tomorrow()) out.delete('date');
        else out.set('date', next);
        return out;
      },
      { replace: true },
    );
  return [day, set];
}

/** The date picker of a tab (tomorrow by default), labelled "Date". */
export function DayPicker({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  return (
    <label className="flex w-fit flex-col gap-1 text-sm font-medium text-gray-700 print:hidden">
      {t('Date')}
      <input
        type="date"
        value={day}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        className="min-h-10 rounded-md border bg-white px-2 py-1.5 text-sm"
      />
    </label>
  );
}

/** "Mon, 30 Nov 2026" for a shop day. */
export const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
