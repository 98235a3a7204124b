import { PRODUCT_STATUSES, type AdminProductRow, type ProductStatus } from '@grocer/shared/admin-catalogue';
import { ApiError } from '@grocer/shared/api-client';
import { formatDate } from '@grocer/shared/format';
import { imageUrl } from '@grocer/shared/image';
import { formatINR } from '@grocer/shared/money';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable, FilterSelect } from '../../../components/ui/data-table';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useProductOptions } from '../api/get-options';
import { useProducts } from '../api/get-products';
import { useSetProductStatus } from '../api/set-status';
import { ProductBulkActions } from './product-bulk';
import { STATUS_LABEL, StatusBadge } from './status-badge';
import { errorMessage } from '../../../lib/error-message';
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'updated', dir: 'desc', perPage: 20 };
const col = createColumnHelper<AdminProductRow>();

const columns = [
  col.accessor('name', {
    header: t('Product'),
    enableSorting: true,
    cell: ({ row: { original: p } }) => (
      <Link to={paths.product(p.id)} className="flex items-center gap-3 font-medium text-gray-900 hover:text-brand hover:underline">
        <img
          src={imageUrl(p.image, 'small', '')}
          alt=""
          width={40}
          height={30}
          className="h-[30px] w-10 shrink-0 rounded bg-gray-100 object-cover"
          loading="lazy"
        />
        <span>{p.name}</span>
      </Link>
    ),
  }),
  col.accessor('status', { header: t('Status'), cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor('category', { header: t('Category'), cell: (c) => c.getValue() ?? '—' }),
  col.accessor('brand', { header: t('Brand'), cell: (c) => c.getValue() ?? '—' }),
  col.accessor('price', {
    id: 'price',
    header: t('Price'),
    enableSorting: true,
    cell: ({ row: { original: p } }) => (
      <span className="whitespace-nowrap">
        {t('{packs, plural, one {} other {from }}{price}', { packs: p.packs, price: formatINR(p.price) })}
        {p.discount > 0 && <span className="ml-1 text-xs text-green-700">{t('{discount}% off', { discount: p.discount })}</span>}
      </span>
    ),
  }),
  col.accessor('stock', {
    header: t('Stock'),
    enableSorting: true,
    cell: (c) => (c.getValue() > 0 ? <span>{c.getValue()}</span> : <span className="font-medium text-red-700">{t('Out of stock')}</span>),
  }),
  col.accessor('updated_at', {
    id: 'updated',
    header: t('Updated'),
    enableSorting: true,
    cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span>,
  }),
];

/** Products: search, filters, sort, pages, bulk status; all in the address. */
export function ProductList() {
  const list = useListState(DEFAULTS);
  const products = useProducts(list.search);
  const options = useProductOptions();
  const setStatus = useSetProductStatus();
  const filtered = list.q || ['category', 'brand', 'status', 'stock', 'discounted'].some((k) => list.filter(k));

  const bulk = (rows: AdminProductRow[], clear: () => void) =>
    (['active', 'draft', 'archived'] as ProductStatus[])
      .map((status) => (
        <button
          key={status}
          type="button"
          disabled={setStatus.isPending}
          className="rounded-md border bg-white px-3 py-1 font-medium hover:bg-gray-50 disabled:opacity-50"
          onClick={() =>
            setStatus.mutate(
              { ids: rows.map((r) => r.id), status },
              {
                onSuccess: ({ updated }) => {
                  toast.success(
                    t('{updated} {updated, plural, one {product} other {products}} set to {STATUS_LABEL}', {
                      updated,
                      STATUS_LABEL: STATUS_LABEL[status],
                    }),
                  );
                  clear();
                },
                onError: (e) => toast.error(errorMessage(e)),
              },
            )
          }
        >
          {status === 'active' ? t('Activate') : status === 'draft' ? t('Move to draft') : t('Archive')}
        </button>
      ))
      .concat(<ProductBulkActions key="more" rows={rows} clear={clear} options={options.data} />);

  return (
    <DataTable
      label={t('Products')}
      columns={columns}
      rows={products.data?.data}
      total={products.data?.meta.total}
      loading={products.isFetching}
      error={
        products.error
          ? products.error instanceof ApiError && products.error.status === 422
            ? 'This view has an invalid setting in its address. Clear the filters to start again.'
            : errorMessage(products.error)
          : undefined
      }
      getRowId={(p) => String(p.id)}
      rowName={(p) => p.name}
      list={list}
      searchLabel={t('Search by name or SKU')}
      bulkActions={bulk}
      empty={
        filtered ? (
          <>
            {t('No products match this search and these filters.')}{' '}
            <Link to={paths.products()} className="text-brand underline">
              {t('Clear filters')}
            </Link>
          </>
        ) : (
          t('No products yet.')
        )
      }
      filters={
        <>
          <FilterSelect
            label={t('Category')}
            value={list.filter('category')}
            onChange={(category) => list.set({ category })}
            options={[
              { value: '', label: t('All categories') },
              ...(options.data?.categories ?? []).map((c) => ({
                value: String(c.id),
                label: `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`,
              })),
            ]}
          />
          <FilterSelect
            label={t('Brand')}
            value={list.filter('brand')}
            onChange={(brand) => list.set({ brand })}
            options={[
              { value: '', label: t('All brands') },
              ...(options.data?.brands ?? []).map((b) => ({ value: String(b.id), label: b.name })),
            ]}
          />
          <FilterSelect
            label={t('Status')}
            value={list.filter('status')}
            onChange={(status) => list.set({ status })}
            options={[{ value: '', label: t('Any status') }, ...PRODUCT_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
          />
          <FilterSelect
            label={t('Stock')}
            value={list.filter('stock')}
            onChange={(stock) => list.set({ stock })}
            options={[
              { value: '', label: t('Any stock') },
              { value: 'in', label: t('In stock') },
              { value: 'out', label: t('Out of stock') },
            ]}
          />
          <FilterSelect
            label={t('Discount')}
            value={list.filter('discounted')}
            onChange={(discounted) => list.set({ discounted })}
            options={[
              { value: '', label: t('Any price') },
              { value: '1', label: t('Discounted') },
              { value: '0', label: t('Not discounted') },
            ]}
          />
        </>
      }
    />
  );
}
