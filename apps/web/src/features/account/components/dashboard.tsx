import { formatINR } from '@grocer/shared/money';
import { formatDate } from '@grocer/shared/format';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@grocer/shared/order';
import { useQuery } from '@tanstack/react-query';
import { Heart, MapPin, Package, User } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { accountQuery } from '../api/account';
import { language, t } from '../../../lib/i18n';

/** The account dashboard: greeting, counts, recent orders when there are any, shortcuts. */
export function AccountDashboard() {
  const { data, error, isPending } = useQuery(accountQuery);
  if (isPending) return <LoadingOverlay />;
  if (error) return <p className="text-red-600">{readError(error)}</p>;
  const tiles = [
    { to: '/account/orders', label: t('Orders'), value: data.counts.orders, icon: Package },
    { to: '/account/addresses', label: t('Addresses'), value: data.counts.addresses, icon: MapPin },
    { to: '/account/wishlist', label: t('Saved products'), value: data.counts.wishlist_items, icon: Heart },
    { to: '/account/details', label: t('Profile'), value: null, icon: User },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold">{t('Hello, {name}', { name: data.user.name.split(' ')[0] })}</h1>
      <p className="mt-1 text-sm text-gray-600">{[data.user.email, data.user.phone].filter(Boolean).join(' · ')}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(({ to, label, value, icon: I }) => (
          <li key={to}>
            <Link to={to} className="flex h-full flex-col gap-2 rounded-xl border bg-white p-4 hover:shadow-sm">
              <I size={20} className="text-[var(--color-primary)]" aria-hidden="true" />
              <span className="text-sm text-gray-600">{label}</span>
              {value !== null && <span className="text-2xl font-bold tabular-nums">{value}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {data.recent_orders.length > 0 && (
        <section className="mt-8">
          <h2 className="mb-3 text-lg font-semibold">{t('Recent orders')}</h2>
          <ul className="divide-y rounded-xl border bg-white">
            {data.recent_orders.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/account/orders/${o.id}`}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm hover:bg-gray-50"
                >
                  <span className="font-semibold">#{o.ordernumber}</span>
                  <span className="text-gray-600">{formatDate(o.created_at, language())}</span>
                  <span>{t(ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status)}</span>
                  <span>{t('{count, plural, one {# item} other {# items}}', { count: o.items })}</span>
                  <span className="font-semibold">{formatINR(o.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="mt-8 flex flex-wrap gap-2">
        <Link to="/products" className="rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-semibold text-white">
          {t('Continue shopping')}
        </Link>
        <Link to="/account/addresses" className="rounded-lg border bg-white px-4 py-2 text-sm font-medium">
          {t('Manage addresses')}
        </Link>
      </section>
    </div>
  );
}
