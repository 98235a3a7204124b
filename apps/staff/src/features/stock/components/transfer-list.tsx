import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS, type TransferSummary } from '@grocer/shared/admin-purchasing';
import { formatDateTime } from '@grocer/shared/format';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useTransfers } from '../api/transfers';
import { DocumentList } from './document-list';
import { StatusBadge } from './status-badge';

const col = createColumnHelper<TransferSummary>();

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'id', dir: 'desc', perPage: 20 };

/** Transfers between warehouses, newest first, searched by number or warehouse and filtered by status. */
export function TransferList() {
  const list = useListState(DEFAULTS);
  const transfers = useTransfers(list.search);
  const columns = [
    col.accessor('number', {
      header: 'Transfer',
      cell: ({ row: { original: t } }) => (
        <Link to={paths.transfer(t.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
          {t.number}
        </Link>
      ),
    }),
    col.accessor('from', { header: 'From' }),
    col.accessor('to', { header: 'To' }),
    col.accessor('status', {
      header: 'Status',
      cell: (c) => <StatusBadge status={c.getValue()} label={TRANSFER_STATUS_LABELS[c.getValue()]} />,
    }),
    col.accessor('units', {
      header: 'Units',
      cell: ({ row: { original: t } }) => (
        <span className="tabular-nums">
          {t.units}
          {t.received > 0 || t.short > 0 ? ` · ${t.received} received${t.short ? ` · ${t.short} short` : ''}` : ''}
        </span>
      ),
    }),
    col.accessor('created_at', { header: 'Created', cell: (c) => formatDateTime(c.getValue()) }),
  ];
  return (
    <DocumentList
      label="Transfers"
      columns={columns}
      page={transfers}
      list={list}
      newTo={paths.transferNew()}
      newLabel="New transfer"
      searchLabel="Search by number or warehouse"
      noMatch="No transfer matches this search."
      none="No transfers yet."
      statuses={TRANSFER_STATUSES}
      statusLabels={TRANSFER_STATUS_LABELS}
    />
  );
}
