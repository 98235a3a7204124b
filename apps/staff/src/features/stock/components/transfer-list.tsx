import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS, type TransferSummary } from '@grocer/shared/admin-purchasing';
import { formatDateTime } from '@grocer/shared/format';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable, FilterSelect } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useTransfers } from '../api/transfers';
import { StatusBadge } from './status-badge';

const col = createColumnHelper<TransferSummary>();

/** Transfers between warehouses, newest first, searched by number or warehouse and filtered by status. */
export function TransferList() {
  const list = useListState({ sort: 'id', dir: 'desc', perPage: 20 });
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
    <>
      <div className="mb-4">
        <Link
          to={paths.transferNew()}
          className="inline-block rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90"
        >
          New transfer
        </Link>
      </div>
      <DataTable
        label="Transfers"
        columns={columns}
        rows={transfers.data?.data}
        total={transfers.data?.meta.total}
        loading={transfers.isFetching}
        error={transfers.error ? errorMessage(transfers.error) : undefined}
        getRowId={(t) => String(t.id)}
        rowName={(t) => t.number}
        list={list}
        searchLabel="Search by number or warehouse"
        empty={list.q || list.filter('status') ? 'No transfer matches this search.' : 'No transfers yet.'}
        filters={
          <FilterSelect
            label="Status"
            value={list.filter('status')}
            onChange={(status) => list.set({ status })}
            options={[
              { value: '', label: 'Any status' },
              ...TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] })),
            ]}
          />
        }
      />
    </>
  );
}
