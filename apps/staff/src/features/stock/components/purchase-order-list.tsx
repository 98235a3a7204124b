import { PURCHASE_ORDER_STATUSES, PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderSummary } from '@grocer/shared/admin-purchasing';
import { formatDate } from '@grocer/shared/format';
import { formatINR, toRupees } from '@grocer/shared/money';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { usePurchaseOrders } from '../api/purchase-orders';
import { DocumentList } from './document-list';
import { StatusBadge } from './status-badge';
import { t } from '../../../lib/i18n';

const col = createColumnHelper<PurchaseOrderSummary>();

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'id', dir: 'desc', perPage: 20 };

/** Purchase orders, newest first, searched by number or supplier and filtered by status. */
export function PurchaseOrderList() {
  const list = useListState(DEFAULTS);
  const orders = usePurchaseOrders(list.search);
  const columns = [
    col.accessor('number', {
      header: t('Purchase order'),
      cell: ({ row: { original: p } }) => (
        <Link to={paths.purchaseOrder(p.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
          {p.number}
        </Link>
      ),
    }),
    col.accessor('supplier', { header: t('Supplier') }),
    col.accessor('warehouse', { header: t('Warehouse') }),
    col.accessor('status', {
      header: t('Status'),
      cell: (c) => <StatusBadge status={c.getValue()} label={PURCHASE_ORDER_STATUS_LABELS[c.getValue()]} />,
    }),
    col.accessor('received', {
      header: t('Received'),
      cell: ({ row: { original: p } }) => (
        <span className="tabular-nums">{t('{received} of {ordered}', { received: p.received, ordered: p.ordered })}</span>
      ),
    }),
    col.accessor('total', { header: t('Total'), cell: (c) => <span className="tabular-nums">{formatINR(toRupees(c.getValue()))}</span> }),
    col.accessor('expected_on', { header: t('Expected'), cell: (c) => (c.getValue() ? formatDate(c.getValue()!) : '—') }),
  ];
  return (
    <DocumentList
      label={t('Purchase orders')}
      columns={columns}
      page={orders}
      list={list}
      newTo={paths.purchaseOrderNew()}
      newLabel={t('New purchase order')}
      searchLabel={t('Search by number or supplier')}
      noMatch={t('No purchase order matches this search.')}
      none={t('No purchase orders yet.')}
      statuses={PURCHASE_ORDER_STATUSES}
      statusLabels={PURCHASE_ORDER_STATUS_LABELS}
    />
  );
}
