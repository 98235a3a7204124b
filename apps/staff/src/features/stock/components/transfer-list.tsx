import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS, type TransferSummary } from '@grocer/shared/admin-purchasing';
import { formatDateTime } from '@grocer/shared/format';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useTransfers } from '../api/transfers';
import { DocumentList } from './document-list';
import { StatusBadge } from './status-badge';
import { t } from '../../../lib/i18n';

const col = createColumnHelper<TransferSummary>();

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'id', dir: 'desc', perPage: 20 };

/** Transfers between warehouses, newest first, searched by number or warehouse and filtered by status. */
export function TransferList() {
  const list = useListState(DEFAULTS);
  const transfers = useTransfers(list.search);
  const columns = [
    col.accessor('number', {
      header: t('Transfer'),
      cell: ({ row: { original: value } }) => (
        <Link to={paths.transfer(value.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
          {value.number}
        </Link>
      ),
    }),
    col.accessor('from', { header: t('From') }),
    col.accessor('to', { header: t('To') }),
    col.accessor('status', {
      header: t('Status'),
      cell: (c) => <StatusBadge status={c.getValue()} label={TRANSFER_STATUS_LABELS[c.getValue()]} />,
    }),
    col.accessor('units', {
      header: t('Units'),
      cell: ({ row: { original: valueItem } }) => (
        <span className="tabular-nums">
          {valueItem.units}
          {valueItem.received > 0 || valueItem.short > 0
            ? t(' · {received} received{value}', {
                received: valueItem.received,
                value: valueItem.short ? t(' · {short} short', { short: valueItem.short }) : '',
              })
            : ''}
        </span>
      ),
    }),
    col.accessor('created_at', { header: t('Created'), cell: (c) => formatDateTime(c.getValue()) }),
  ];
  return (
    <DocumentList
      label={t('Transfers')}
      columns={columns}
      page={transfers}
      list={list}
      newTo={paths.transferNew()}
      newLabel={t('New transfer')}
      searchLabel={t('Search by number or warehouse')}
      noMatch={t('No transfer matches this search.')}
      none={t('No transfers yet.')}
      statuses={TRANSFER_STATUSES}
      statusLabels={TRANSFER_STATUS_LABELS}
    />
  );
}
