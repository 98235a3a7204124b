import { formatDateTime } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { DRAFT_STATUS_LABELS, type AdminDraftList } from '@grocer/shared/order-drafts';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useDrafts } from '../api/drafts';
import { t } from '../../../lib/i18n';

type Row = AdminDraftList['data'][number];

/** The list's view when its address says nothing (the server answers its newest 100 drafts; search and pages are drawn here). */
export const DEFAULTS: ListDefaults = { sort: 'created', dir: 'desc', perPage: 20 };
const col = createColumnHelper<Row>();

/** The rows a search keeps: every word in the draft's number, its customer or the order it became. */
export function matches(d: Row, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${d.number} ${d.customer} ${d.order?.ordernumber ?? ''}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

const columns = [
  col.accessor('number', {
    header: t('Draft'),
    cell: ({ row: { original: d } }) => (
      <Link to={paths.draft(d.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
        {d.number}
      </Link>
    ),
  }),
  col.accessor('customer', { header: t('Customer') }),
  col.accessor('created_at', {
    header: t('Created'),
    cell: ({ getValue }) => <span className="text-gray-600">{formatDateTime(getValue())}</span>,
  }),
  col.accessor('items', { header: t('Items'), cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
  col.accessor('amount', { header: t('Total'), cell: ({ getValue }) => <span className="tabular-nums">{formatINR(getValue())}</span> }),
  col.accessor('status', {
    header: t('Status'),
    cell: ({ row: { original: d } }) =>
      d.order ? (
        <span>
          {DRAFT_STATUS_LABELS[d.status]} ·{' '}
          <Link to={paths.order(d.order.id)} className="text-brand hover:underline">
            {d.order.ordernumber}
          </Link>{' '}
          ({ORDER_STATUS_LABELS[d.order.status]})
        </span>
      ) : (
        DRAFT_STATUS_LABELS[d.status]
      ),
  }),
];

/**
 * The website's draft orders (Orders → Drafts), newest first, each with the order it became. The
 * server answers them all (its newest 100); the search and page are drawn here and kept in the address.
 */
export function DraftList() {
  const list = useListState(DEFAULTS);
  const drafts = useDrafts();
  const found = drafts.data?.data.filter((d) => matches(d, list.q));
  const rows = found?.slice((list.page - 1) * list.perPage, list.page * list.perPage);
  return (
    <DataTable
      label={t('Draft orders')}
      columns={columns}
      rows={rows}
      total={found?.length}
      loading={drafts.isFetching}
      error={drafts.error ? errorMessage(drafts.error) : undefined}
      getRowId={(d) => d.id}
      rowName={(d) => d.number}
      list={list}
      searchLabel={t('Search by number or customer')}
      empty={list.q ? t('No draft matches this search.') : t('No draft orders yet. Start one with “New order”.')}
    />
  );
}
