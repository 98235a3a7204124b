import type { SubscriptionJson } from '@grocer/shared/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, ChevronRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadingView, Spinner } from '../../../components/ui/loading';
import type { AddressFormSlot } from '../../../lib/address-form-slot';
import { readError } from '../../../lib/errors';
import { calendarQuery, OWN, subscriptionsQuery, type SubscriptionOwner } from '../api';
import { cutoffRule, dayWords, nextDelivery, rupees, scheduleText } from '../words';
import { msg, t } from '../../../lib/i18n';
import { withLater } from '../../../locales/load';

// a sales agent's "Subscribe {customer}": loaded on the agent's view only, never the shopper's
const AgentSubscribe = lazy(() => withLater(import('./agent-subscribe')));

export const STATUS_WORDS: Record<SubscriptionJson['status'], string> = {
  active: msg('Active'),
  paused: msg('Paused'),
  cancelled: msg('Cancelled'),
};
export const statusClass = (s: SubscriptionJson['status']) =>
  s === 'active' ? 'bg-green-100 text-green-800' : s === 'paused' ? 'bg-amber-100 text-amber-900' : 'bg-gray-100 text-gray-700';

/** The next delivery of one subscription, read from its calendar. */
function NextDelivery({ id, packName, owner }: { id: number; packName: string; owner: SubscriptionOwner }) {
  const { data } = useQuery(calendarQuery(id, owner));
  if (!data) return <span className="text-gray-500">…</span>;
  const next = nextDelivery(data.days);
  return <>{next ? `Next: ${dayWords(next.date)}, ${next.quantity} × ${packName}` : t('No delivery in the next 30 days')}</>;
}

/** Back to the sales dashboard, on a sales agent's view of a customer's subscriptions. */
export function DashboardLink() {
  return (
    <Link to="/account/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-[var(--color-primary)]">
      <ArrowLeft size={16} aria-hidden="true" /> {t('Sales dashboard')}
    </Link>
  );
}

/**
 * /account/subscriptions (issue 44 §4): each subscription with its schedule in words, status and
 * next delivery. The same list, for a sales agent, of one of their customers' (`owner`).
 */
export function SubscriptionsPage({ owner = OWN, addressForm }: { owner?: SubscriptionOwner; addressForm?: AddressFormSlot }) {
  const { data, error, isPending } = useQuery(subscriptionsQuery(owner));
  const customer = owner.customer;
  const heading = customer ? t('Subscriptions of {name}', { name: customer.name }) : t('Subscriptions');
  if (isPending) return <LoadingView />;
  if (error)
    return (
      <div className="space-y-3">
        {customer && <DashboardLink />}
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="text-red-700">{readError(error)}</p>
      </div>
    );
  const subs = [...data.subscriptions].sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled') || b.id - a.id);
  return (
    <div className="space-y-5">
      {customer && <DashboardLink />}
      <h1 className="text-2xl font-bold">{heading}</h1>
      {customer && (
        <Suspense fallback={<Spinner size={18} />}>
          <AgentSubscribe owner={{ ...owner, customer }} addressForm={addressForm} />
        </Suspense>
      )}
      {subs.length === 0 ? (
        <div className="rounded-xl border bg-white p-6 text-center">
          <CalendarClock size={32} className="mx-auto text-gray-400" aria-hidden="true" />
          <p className="mt-2 font-medium">{t('No subscriptions yet')}</p>
          {!customer && (
            <>
              <p className="mt-1 text-sm text-gray-600">
                {t("Milk, curd or bread every morning: choose Subscribe on a product's page, and each delivery is paid from your wallet.")}
              </p>
              <Link to="/products" className="mt-4 inline-block rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
                {t('Browse products')}
              </Link>
            </>
          )}
        </div>
      ) : (
        <ul className="space-y-3">
          {subs.map((s) => (
            <li key={s.id}>
              <Link to={`${owner.pages}/${s.id}`} className="flex items-center gap-3 rounded-xl border bg-white p-4 hover:bg-gray-50">
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">
                      {s.product_name} · {s.pack_name}
                    </span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass(s.status)}`}>
                      {t(STATUS_WORDS[s.status])}
                    </span>
                  </span>
                  <span className="mt-0.5 block text-sm text-gray-700">
                    {s.quantity} × {scheduleText(s.schedule)} · {t('{price} per delivery', { price: rupees(s.quantity * s.price_paise) })}
                  </span>
                  {s.status !== 'cancelled' && (
                    <span className="mt-0.5 block text-sm text-gray-600">
                      <NextDelivery id={s.id} packName={s.pack_name} owner={owner} />
                    </span>
                  )}
                </span>
                <ChevronRight size={18} className="shrink-0 text-gray-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-gray-500">
        {cutoffRule(data.cutoff_time)}{' '}
        {customer ? t("Deliveries are paid from the customer's wallet.") : t('Deliveries are paid from your wallet.')}
      </p>
    </div>
  );
}
