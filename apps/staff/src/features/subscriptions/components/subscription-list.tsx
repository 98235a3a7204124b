import { scheduleWords } from '@grocer/shared/subscription-words';
import { formatDate } from '@grocer/shared/format';
import { shopDayOf } from '@grocer/shared/shop-time';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@grocer/shared/subscriptions';
import { createColumnHelper } from '@tanstack/react-table';
import type { z } from 'zod';
import type { adminSubscriptionListSchema } from '@grocer/shared/subscriptions';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useAdminSubscriptions } from '../api/subscriptions';
import { t } from '../../../lib/i18n';

type Row = z.output<typeof adminSubscriptionListSchema>['subscriptions'][number];

export const DEFAULTS: ListDefaults = { sort: 'since', dir: 'desc', perPage: 20 };
const col = createColumnHelper<Row>();
const STATUS_WORDS: Record<SubscriptionStatus, string> = { active: 'Active', paused: 'Paused', cancelled: 'Cancelled' };
const STATUS_TONE: Record<SubscriptionStatus, string> = {
  active: 'bg-green-100 text-green-900',
  paused: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-gray-100 text-gray-700',
};

/** The rows a search keeps: customer name or mobile, product or pack (the server answers the website's, up to 1,000). */
export function matches(r: Row, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${r.customer_name ?? ''} ${r.customer_phone ?? ''} ${r.product_name} ${r.pack_name}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/**
 * Subscriptions → Subscriptions: every subscription of the website (customer, pack, schedule in
 * words, status, since), the status filter, search and page in the address. The server answers
 * the whole list (of a status); search and pages are drawn here.
 */
export function SubscriptionList() {
  const list = useListState(DEFAULTS);
  const given = list.filter('status');
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(given) ? (given as SubscriptionStatus) : undefined;
  const subs = useAdminSubscriptions(status);
  const all = subs.data?.subscriptions;
  const found = all
    ?.filter((r) => matches(r, list.q))
    .sort((a, b) => (list.dir === 'asc' ? 1 : -1) * (a.created_at.localeCompare(b.created_at) || a.id - b.id));
  const rows = found?.slice((list.page - 1) * list.perPage, list.page * list.perPage);

  const columns = [
    col.accessor('customer_name', {
      header: t('Customer'),
      cell: ({ row: { original: r } }) => (
        <span className="flex flex-col max-md:items-end">
          <Link to={paths.customer(r.user_id)} className="font-medium text-teal-800 underline">
            {r.customer_name ?? t('Customer')}
          </Link>
          {r.customer_phone && <span className="text-xs text-gray-500">{r.customer_phone}</span>}
        </span>
      ),
    }),
    col.accessor('pack_name', {
      header: t('Pack'),
      cell: ({ row: { original: r } }) => (
        <span>
          {r.product_name} · {r.pack_name}
          {r.quantity > 1 && <span className="text-gray-600"> × {r.quantity}</span>}
        </span>
      ),
    }),
    col.accessor('schedule', { header: t('Schedule'), cell: ({ getValue }) => scheduleWords(getValue()) }),
    col.accessor('status', {
      header: t('Status'),
      cell: ({ row: { original: r } }) => {
        const paused = r.status === 'active' ? r.pauses.find((p) => p.to >= shopDayOf()) : undefined;
        return (
          <span className="flex flex-col gap-0.5 max-md:items-end">
            <span className={`w-fit rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[r.status]}`}>{STATUS_WORDS[r.status]}</span>
            {paused && (
              <span className="text-xs text-gray-600">
                {t('Paused {formatDate} – {formatDate2}', {
                  formatDate: formatDate(`${paused.from}T00:00:00`),
                  formatDate2: formatDate(`${paused.to}T00:00:00`),
                })}
              </span>
            )}
          </span>
        );
      },
    }),
    col.accessor('created_at', {
      id: 'since',
      header: t('Since'),
      enableSorting: true,
      cell: ({ row: { original: r } }) => (
        <span title={t('Subscribed {created}', { created: formatDate(r.created_at) })}>{formatDate(`${r.start_date}T00:00:00`)}</span>
      ),
    }),
  ];

  return (
    <DataTable
      label={t('Subscriptions')}
      columns={columns}
      rows={rows}
      total={found?.length}
      loading={subs.isFetching}
      error={subs.error ? errorMessage(subs.error) : undefined}
      getRowId={(r) => String(r.id)}
      rowName={(r) => `${r.customer_name ?? 'Customer'}'s ${r.product_name}`}
      list={list}
      searchLabel={t('Search by customer, mobile or product')}
      filters={
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('Status')}>
          {([undefined, ...SUBSCRIPTION_STATUSES] as const).map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={status === value}
              onClick={() => list.set({ status: value })}
              className={`min-h-9 rounded-full border px-3 py-1 text-sm ${status === value ? 'border-gray-900 bg-gray-900 text-white' : 'bg-white hover:bg-gray-50'}`}
            >
              {value ? STATUS_WORDS[value] : t('All')}
            </button>
          ))}
        </div>
      }
      empty={
        status || list.q
          ? t('No subscriptions match.')
          : t('No subscriptions yet. Shoppers subscribe from a product page once you mark packs subscribable (Settings).')
      }
    />
  );
}
