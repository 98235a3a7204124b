import type { CustomerRow } from '@grocer/shared/admin-customers';
import { ApiError } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable, FilterSelect } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { customersExportUrl, useCustomers, useCustomerTags } from '../api/customers';
import { TagChip } from './customer-notes';
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'last_order', dir: 'desc', perPage: 20 };
const col = createColumnHelper<CustomerRow>();

export const BlockedBadge = () => (
  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">{t('Blocked')}</span>
);

const columns = [
  col.accessor('name', {
    header: t('Customer'),
    enableSorting: true,
    cell: ({ row: { original: c } }) => (
      <span>
        <Link to={paths.customer(c.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
          {c.name}
        </Link>{' '}
        {c.blocked && <BlockedBadge />}
        <span className="block text-xs text-gray-500">{[c.email, c.phone].filter(Boolean).join(' · ')}</span>
        {c.tags.length > 0 && (
          <span className="mt-1 flex flex-wrap gap-1">
            {c.tags.map((tagItem) => (
              <TagChip key={tagItem} tag={tagItem} />
            ))}
          </span>
        )}
      </span>
    ),
  }),
  col.accessor('orders', { header: t('Orders'), enableSorting: true }),
  col.accessor('spent', {
    header: t('Total spent'),
    enableSorting: true,
    cell: (c) => <span className="whitespace-nowrap">{formatINR(c.getValue())}</span>,
  }),
  col.accessor('last_order', {
    header: t('Last order'),
    enableSorting: true,
    cell: (c) => {
      const v = c.getValue();
      return v ? <span className="whitespace-nowrap">{formatDateTime(v)}</span> : <span className="text-gray-500">{t('None yet')}</span>;
    },
  }),
  col.accessor('joined', {
    header: t('Joined'),
    enableSorting: true,
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
];

/** Customers: search (name, email, mobile), blocked filter, sort and pages; all in the address. */
export function CustomerList() {
  const list = useListState(DEFAULTS);
  const customers = useCustomers(list.search);
  const tags = useCustomerTags();
  const filtered = list.q || list.filter('blocked') || list.filter('tag');
  return (
    <DataTable
      label={t('Customers')}
      columns={columns}
      rows={customers.data?.data}
      total={customers.data?.meta.total}
      loading={customers.isFetching}
      error={
        customers.error
          ? customers.error instanceof ApiError && customers.error.status === 422
            ? 'This view has an invalid setting in its address. Clear the filters to start again.'
            : errorMessage(customers.error)
          : undefined
      }
      getRowId={(c) => String(c.id)}
      rowName={(c) => c.name}
      list={list}
      searchLabel={t('Name, email or mobile')}
      empty={
        filtered ? (
          <>
            {t('No customers match.')}{' '}
            <Link to={paths.customers()} className="text-brand underline">
              {t('Clear filters')}
            </Link>
          </>
        ) : (
          t('No customers yet.')
        )
      }
      filters={
        <>
          <FilterSelect
            label={t('Blocked')}
            value={list.filter('blocked')}
            onChange={(blocked) => list.set({ blocked })}
            options={[
              { value: '', label: t('Everyone') },
              { value: 'yes', label: t('Blocked only') },
              { value: 'no', label: t('Not blocked') },
            ]}
          />
          <FilterSelect
            label={t('Tag')}
            value={list.filter('tag')}
            onChange={(tag) => list.set({ tag })}
            options={[
              { value: '', label: t('Any tag') },
              // a tag in the address that no customer carries any more still shows as chosen
              ...[
                ...new Set([...(tags.data?.data.map((data) => data.tag) ?? []), ...(list.filter('tag') ? [list.filter('tag')] : [])]),
              ].map((valueItem) => ({ value: valueItem, label: valueItem })),
            ]}
          />
          <a
            href={customersExportUrl(list.search)}
            download
            className="self-end rounded-md border bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            {t('Export CSV')}
          </a>
        </>
      }
    />
  );
}
