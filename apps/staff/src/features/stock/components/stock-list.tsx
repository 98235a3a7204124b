import type { AdminStockRow } from '@grocer/shared/admin-stock';
import { ApiError } from '@grocer/shared/api-client';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable, FilterSelect } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useSetDefaultThreshold } from '../api/adjust-stock';
import { useStock } from '../api/get-stock';
import { AdjustDialog, type AdjustTarget } from './adjust-dialog';
import { PackPanel } from './pack-panel';
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'product', dir: 'asc', perPage: 20 };
const col = createColumnHelper<AdminStockRow>();

/** Stock: every pack in every warehouse, searched, filtered (warehouse, low stock only), sorted; all in the address. */
export function StockList() {
  const list = useListState(DEFAULTS);
  const stock = useStock(list.search);
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  const packParam = Number(list.filter('pack'));
  const openPack = Number.isInteger(packParam) && packParam > 0 ? packParam : null;
  const rows = stock.data?.data;

  // a row is one pack in one warehouse: the adjustment is there
  const adjust = (r: AdminStockRow) =>
    setTarget({
      packId: r.pack_id,
      label: `${r.product} · ${r.pack}`,
      levels: [{ warehouse_id: r.warehouse_id, warehouse: r.warehouse, available: r.available }],
      warehouseId: r.warehouse_id,
    });

  const columns = [
    col.accessor('product', {
      header: t('Product'),
      enableSorting: true,
      cell: ({ row: { original: r } }) => (
        <Link to={paths.product(r.product_id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
          {r.product}
        </Link>
      ),
    }),
    col.accessor('pack', { header: t('Pack'), cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
    col.accessor('sku', {
      header: t('SKU'),
      enableSorting: true,
      cell: (c) => <span className="font-mono text-xs whitespace-nowrap">{c.getValue() || '—'}</span>,
    }),
    col.accessor('warehouse', { header: t('Warehouse'), enableSorting: true }),
    col.accessor('on_hand', {
      header: t('On hand'),
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    col.accessor('committed', {
      header: t('Committed'),
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    col.accessor('in_transit', {
      header: t('In transit'),
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    col.accessor('available', {
      header: t('Available'),
      enableSorting: true,
      cell: ({ row: { original: r } }) => (
        <span className="tabular-nums">
          {r.available === 0 ? (
            <span className="font-medium text-red-700">{t('0 · Out of stock')}</span>
          ) : r.low ? (
            <span className="font-medium text-amber-700">{t('{available} · Low', { available: r.available })}</span>
          ) : (
            r.available
          )}
        </span>
      ),
    }),
    col.accessor('threshold', {
      header: t('Threshold'),
      enableSorting: true,
      cell: ({ row: { original: r } }) => (
        <span className="tabular-nums">
          {r.threshold}
          {!r.own_threshold && <span className="text-xs text-gray-500"> {t('(default)')}</span>}
        </span>
      ),
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('Actions')}</span>,
      cell: ({ row: { original: r } }) => (
        <span className="flex justify-end gap-2 whitespace-nowrap">
          <button
            type="button"
            className="rounded-md border bg-white px-3 py-1 text-xs font-medium hover:bg-gray-50"
            onClick={() => adjust(r)}
          >
            {t('Adjust')}
            <span className="sr-only">
              {' '}
              {t('{product} {pack} at {warehouse}', { product: r.product, pack: r.pack, warehouse: r.warehouse })}
            </span>
          </button>
          <button
            type="button"
            className="rounded-md border bg-white px-3 py-1 text-xs font-medium hover:bg-gray-50"
            onClick={() => list.set({ pack: r.pack_id, page: list.page })}
          >
            {t('History')}
            <span className="sr-only"> {`${r.product} ${r.pack}`}</span>
          </button>
        </span>
      ),
    }),
  ];

  return (
    <>
      <DefaultThreshold value={stock.data?.default_threshold} />
      <DataTable
        label={t('Stock')}
        columns={columns}
        rows={rows}
        total={stock.data?.meta.total}
        loading={stock.isFetching}
        error={
          stock.error
            ? stock.error instanceof ApiError && stock.error.status === 422
              ? 'This view has an invalid setting in its address. Clear the filters to start again.'
              : errorMessage(stock.error)
            : undefined
        }
        getRowId={(r) => `${r.pack_id}:${r.warehouse_id}`}
        rowName={(r) => `${r.product} ${r.pack} at ${r.warehouse}`}
        list={list}
        searchLabel={t('Search by product, pack or SKU')}
        empty={
          list.q || list.filter('warehouse') || list.filter('low') ? (
            <>
              {t('Nothing matches this search and these filters.')}{' '}
              <Link to={paths.stock()} className="text-brand underline">
                {t('Clear filters')}
              </Link>
            </>
          ) : (
            t('No packs yet: add products first.')
          )
        }
        filters={
          <>
            <FilterSelect
              label={t('Warehouse')}
              value={list.filter('warehouse')}
              onChange={(warehouse) => list.set({ warehouse })}
              options={[
                { value: '', label: t('All warehouses') },
                ...(stock.data?.warehouses ?? []).map((w) => ({ value: String(w.id), label: w.name })),
              ]}
            />
            <label className="mb-2 flex items-center gap-2 self-end text-sm">
              <input
                type="checkbox"
                checked={list.filter('low') === '1'}
                onChange={(e) => list.set({ low: e.target.checked ? '1' : undefined })}
              />
              {t('Low stock only')}
            </label>
          </>
        }
      />
      <AdjustDialog target={target} onClose={() => setTarget(null)} />
      {openPack && <PackPanel packId={openPack} onClose={() => list.set({ pack: undefined, page: list.page })} />}
    </>
  );
}

/** The shop's default low-stock threshold (packs without their own use it). */
function DefaultThreshold({ value }: { value: number | undefined }) {
  const save = useSetDefaultThreshold();
  const [text, setText] = useState<string | null>(null);
  if (value === undefined) return null;
  const shown = text ?? String(value);
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(shown);
        if (!Number.isInteger(n) || n < 0) return void toast.error(t('Threshold is a whole number, 0 or more'));
        save.mutate(n, {
          onSuccess: () => {
            toast.success(t('Default low-stock threshold set to {n}', { n }));
            setText(null);
          },
          onError: (err) => toast.error(errorMessage(err)),
        });
      }}
    >
      <label className="block">
        <span className="block text-xs font-medium text-gray-600">{t('Default low-stock threshold')}</span>
        <input
          type="number"
          min={0}
          step={1}
          value={shown}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 w-28 rounded-md border bg-white px-3 py-2"
        />
      </label>
      <button
        type="submit"
        disabled={save.isPending || text === null}
        className="rounded-md border bg-white px-3 py-2 font-medium hover:bg-gray-50 disabled:opacity-50"
      >
        {t('Save default')}
      </button>
      <span className="mb-2 text-xs text-gray-500">{t('A pack is low when its stock in a warehouse is at or below its threshold.')}</span>
    </form>
  );
}
