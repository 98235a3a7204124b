import { ORDER_MOVE_NEEDS } from '@grocer/shared/staff-roles';
import { useCan } from '../../../lib/permissions';
import { shopDate, slotWindow } from '@grocer/shared/delivery-promise';
import { BULK_ACTIONS, ACTION_LABELS, type AdminOrderRow } from '@grocer/shared/admin-orders';
import { ApiError } from '@grocer/shared/api-client';
import { formatDate, formatDateTime } from '@grocer/shared/format';
import { counted, PAYMENT_PROVIDER_NAMES, PAYMENT_STATUS_LABELS } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@grocer/shared/order';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable, FilterSelect } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults, type ListState } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useBulkMove } from '../api/bulk-move';
import { useOrders } from '../api/get-orders';
import { DeliveryNoteFields, emptyNote } from './delivery-note';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { BulkPrint, RowTags, TagFilter } from './bulk-print';
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'placed', dir: 'desc', perPage: 20 };
const col = createColumnHelper<AdminOrderRow>();

const columns = [
  col.accessor('ordernumber', {
    header: t('Order'),
    enableSorting: true,
    cell: ({ row: { original: o } }) => (
      <>
        <Link to={paths.order(o.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
          {o.ordernumber}
        </Link>
        <RowTags tags={o.tags} />
      </>
    ),
  }),
  col.accessor('created_at', {
    id: 'placed',
    header: t('Placed'),
    enableSorting: true,
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor('customer', {
    header: t('Customer'),
    cell: ({ row: { original: o } }) => (
      <span>
        {o.customer}
        <span className="block text-xs text-gray-500">{o.phone}</span>
      </span>
    ),
  }),
  col.accessor('status', { header: t('Status'), cell: (c) => <OrderStatusBadge status={c.getValue()} /> }),
  col.accessor('payment_method', {
    header: t('Payment'),
    cell: ({ row: { original: o } }) => (
      <span className="whitespace-nowrap">
        {o.payment_method === 'cod' ? t('COD') : PAYMENT_PROVIDER_NAMES[o.payment_method]}
        {o.payment_status && <span className="block text-xs text-gray-500">{PAYMENT_STATUS_LABELS[o.payment_status]}</span>}
      </span>
    ),
  }),
  col.accessor('slot', {
    id: 'delivery',
    header: t('Delivery'),
    enableSorting: true,
    cell: ({ row: { original: o } }) =>
      o.slot ? (
        <span className="whitespace-nowrap">
          {shopDate(o.slot.date)}
          <span className="block text-xs text-gray-500">
            {slotWindow(o.slot.start_time, o.slot.end_time)} · {o.pincode}
          </span>
        </span>
      ) : (
        <span className="text-gray-500">{o.pincode}</span>
      ),
  }),
  col.accessor('items', { header: t('Items') }),
  col.accessor('total', {
    header: t('Total'),
    enableSorting: true,
    cell: (c) => <span className="whitespace-nowrap">{formatINR(c.getValue())}</span>,
  }),
];

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-gray-600">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block rounded-md border bg-white px-2 py-1.5 text-sm text-gray-900"
      />
    </div>
  );
}

function PincodeFilter({ list }: { list: ListState }) {
  const id = useId();
  const [value, setValue] = useState(list.filter('pincode'));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        list.set({ pincode: value.trim() });
      }}
    >
      <label htmlFor={id} className="block text-xs font-medium text-gray-600">
        {t('Pincode')}
      </label>
      <input
        id={id}
        inputMode="numeric"
        maxLength={6}
        value={value}
        onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
        onBlur={() => list.set({ pincode: value.trim() })}
        placeholder="560001"
        className="mt-1 block w-24 rounded-md border bg-white px-2 py-1.5 text-sm text-gray-900"
      />
    </form>
  );
}

/** Orders: search, filters, sort, pages and bulk moves; all in the address. */
export function OrderList() {
  const list = useListState(DEFAULTS);
  const orders = useOrders(list.search);
  const bulk = useBulkMove();
  const [shipping, setShipping] = useState<{ rows: AdminOrderRow[]; clear: () => void } | null>(null);
  const [note, setNote] = useState(emptyNote);
  const activeFilters = ['status', 'payment_method', 'payment_status', 'from', 'to', 'delivery_date', 'pincode', 'tag'].filter((k) =>
    list.filter(k),
  ).length;
  const filtered = list.q || activeFilters > 0;

  const run = (action: (typeof BULK_ACTIONS)[number], rows: AdminOrderRow[], clear: () => void, delivery?: typeof note) =>
    bulk.mutate(
      { action, ids: rows.map((r) => r.id), delivery },
      {
        onSuccess: ({ moved, skipped }) => {
          const n = moved.length;
          if (n) toast.success(`${ACTION_LABELS[action]}: ${counted(n, 'order')}`);
          if (skipped.length)
            toast.warning(
              t('Skipped {skipped}', {
                skipped: skipped.map((s) => `${s.ordernumber} (${ORDER_STATUS_LABELS[s.status].toLowerCase()})`).join(', '),
              }),
            );
          setShipping(null);
          clear();
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  const allowed = useCan();
  const actions = (rows: AdminOrderRow[], clear: () => void) => (
    <>
      {BULK_ACTIONS.filter((action) => allowed(ORDER_MOVE_NEEDS[action])).map((action) => (
        <button
          key={action}
          type="button"
          disabled={bulk.isPending}
          className="rounded-md border bg-white px-3 py-1 font-medium hover:bg-gray-50 disabled:opacity-50"
          onClick={() => (action === 'ship' ? setShipping({ rows, clear }) : run(action, rows, clear))}
        >
          {ACTION_LABELS[action]}
        </button>
      ))}
      <BulkPrint rows={rows} />
      {shipping && (
        <form
          aria-label={t('Delivery note for the selected orders')}
          className="mt-2 flex w-full flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            run('ship', shipping.rows, shipping.clear, note);
          }}
        >
          <DeliveryNoteFields value={note} onChange={setNote} />
          <button type="submit" disabled={bulk.isPending} className="rounded-md bg-brand px-3 py-2 text-sm font-medium text-white">
            {t('Ship {rows}', { rows: counted(shipping.rows.length, 'order') })}
          </button>
        </form>
      )}
    </>
  );

  return (
    <DataTable
      label={t('Orders')}
      columns={columns}
      rows={orders.data?.data}
      total={orders.data?.meta.total}
      loading={orders.isFetching}
      error={
        orders.error
          ? orders.error instanceof ApiError && orders.error.status === 422
            ? 'This view has an invalid setting in its address. Clear the filters to start again.'
            : errorMessage(orders.error)
          : undefined
      }
      getRowId={(o) => o.id}
      rowName={(o) => `order ${o.ordernumber}`}
      list={list}
      searchLabel={t('Order no., name, mobile or email')}
      foldFilters={{ active: activeFilters }}
      bulkActions={actions}
      empty={
        filtered ? (
          <>
            {t('No orders match this search and these filters.')}{' '}
            <Link to={paths.orders()} className="text-brand underline">
              {t('Clear filters')}
            </Link>
          </>
        ) : (
          t('No orders yet.')
        )
      }
      filters={
        <>
          <FilterSelect
            label={t('Order status')}
            value={list.filter('status')}
            onChange={(status) => list.set({ status })}
            options={[{ value: '', label: t('Any status') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))]}
          />
          <FilterSelect
            label={t('Payment method')}
            value={list.filter('payment_method')}
            onChange={(payment_method) => list.set({ payment_method })}
            options={[
              { value: '', label: t('Any method') },
              ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: p === 'cod' ? t('Cash on delivery') : PAYMENT_PROVIDER_NAMES[p] })),
            ]}
          />
          <FilterSelect
            label={t('Payment status')}
            value={list.filter('payment_status')}
            onChange={(payment_status) => list.set({ payment_status })}
            options={[
              { value: '', label: t('Any payment') },
              ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
            ]}
          />
          <DateFilter label={t('Placed from')} value={list.filter('from')} onChange={(from) => list.set({ from })} />
          <DateFilter label={t('Placed to')} value={list.filter('to')} onChange={(to) => list.set({ to })} />
          <DateFilter
            label={t('Delivery date')}
            value={list.filter('delivery_date')}
            onChange={(delivery_date) => list.set({ delivery_date })}
          />
          <PincodeFilter key={list.filter('pincode')} list={list} />
          <TagFilter list={list} />
          {list.filter('delivery_date') && (
            <a
              href={paths.pickList(list.filter('delivery_date'))}
              target="_blank"
              rel="noreferrer"
              className="self-end py-2 text-sm text-brand hover:underline"
            >
              {t('Pick list for {list}', { list: formatDate(list.filter('delivery_date')) })}
            </a>
          )}
        </>
      }
    />
  );
}
