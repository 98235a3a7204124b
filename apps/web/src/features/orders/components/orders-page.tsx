import { formatDate } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
import { readError } from '../../../lib/errors';
import { ordersQuery } from '../api/orders';
import { StatusBadge } from './status';
import { language, t } from '../../../lib/i18n';

/** /account/orders: number, date ('MMM D, YYYY'), status, total, items; 10 a page. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isPending } = useQuery({ ...ordersQuery(page), placeholderData: keepPreviousData });
  if (isPending) return <LoadingOverlay />;
  if (error) return <p className="text-red-600">{readError(error)}</p>;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold">{t('Orders')}</h1>
      {data.data.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-white p-8 text-center text-gray-600">
          <Package className="mx-auto mb-2 text-gray-300" size={40} aria-hidden="true" />
          <p>{t('No orders yet.')}</p>
          <Link
            to="/products"
            className="mt-3 inline-block rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-semibold text-white"
          >
            {t('Start shopping')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="divide-y rounded-xl border bg-white" aria-label={t('Your orders')}>
            {data.data.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/account/orders/${o.id}`}
                  className="grid grid-cols-2 gap-1 px-4 py-3 text-sm hover:bg-gray-50 sm:grid-cols-5 sm:items-center"
                  data-testid="order-row"
                >
                  <span className="font-semibold">#{o.ordernumber}</span>
                  <span className="text-gray-600 sm:text-left">{formatDate(o.created_at, language())}</span>
                  <span>
                    <StatusBadge status={o.status} />
                  </span>
                  <span className="text-gray-600">{t('{count, plural, one {# item} other {# items}}', { count: o.items })}</span>
                  <span className="font-semibold sm:text-right">{formatINR(o.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pagination
              total={data.meta.total}
              perPage={data.meta.perPage}
              page={page}
              onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})}
            />
          </div>
        </>
      )}
    </div>
  );
}
