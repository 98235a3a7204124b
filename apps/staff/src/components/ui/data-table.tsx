import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ListState } from '../../lib/list-state';
import { Pagination } from './pagination';
import { t } from '../../lib/i18n';

// Columns of different value types in one list: TanStack Table's own advice is `any` here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Columns<T> = Array<ColumnDef<T, any>>;

export interface DataTableProps<T> {
  /** the table's accessible name, e.g. 'Products' */
  label: string;
  columns: Columns<T>;
  rows: T[] | undefined;
  /** undefined until the first answer */
  total: number | undefined;
  loading: boolean;
  error?: ReactNode;
  getRowId: (row: T) => string;
  /** each row's name, for its selection checkbox ('Select Basmati Rice') */
  rowName: (row: T) => string;
  list: ListState;
  searchLabel: string;
  /** filter controls, bound to `list` by the caller */
  filters?: ReactNode;
  /**
   * Below 768 px the filters fold behind a "Filters" button (saying how many are set), so the rows
   * start near the top of a phone's screen; the number is how many filters are set now.
   */
  foldFilters?: { active: number };
  /** buttons for the selected rows of this page */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  empty: ReactNode;
}

/**
 * A server-driven list (TanStack Table): the search box, filters, sortable headers, page size and
 * page all live in the address (useListState), so the server does the work and a link keeps the
 * view. Sortable columns are those with `enableSorting`; their ids are the server's sort keys.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  total,
  loading,
  error,
  getRowId,
  rowName,
  list,
  searchLabel,
  filters,
  foldFilters,
  bulkActions,
  empty,
}: DataTableProps<T>) {
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  // A new view is a new set of rows: nothing stays selected that is not shown.
  useEffect(() => setSelection({}), [list.search]);
  const withSelect: Columns<T> = bulkActions
    ? [
        {
          id: 'select',
          enableSorting: false,
          header: ({ table }) => (
            <input
              type="checkbox"
              aria-label={t('Select all rows on this page')}
              checked={table.getIsAllRowsSelected()}
              ref={(el) => {
                if (el) el.indeterminate = table.getIsSomeRowsSelected();
              }}
              onChange={table.getToggleAllRowsSelectedHandler()}
            />
          ),
          cell: ({ row }) => (
            <input
              type="checkbox"
              aria-label={t('Select {original}', { original: rowName(row.original) })}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        },
        ...columns,
      ]
    : columns;
  const table = useReactTable({
    data: rows ?? [],
    columns: withSelect,
    getRowId,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    enableRowSelection: true,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    getCoreRowModel: getCoreRowModel(),
  });
  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  const cols = withSelect.length;

  return (
    <section aria-label={label} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox label={searchLabel} value={list.q} onCommit={(q) => list.set({ q })} />
        {filters && foldFilters && (
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
            className="inline-flex items-center gap-1.5 rounded-md border bg-white px-3 py-1.5 text-sm font-medium text-gray-800 md:hidden"
          >
            <SlidersHorizontal aria-hidden className="h-4 w-4" />
            {foldFilters.active > 0 ? t('Filters ({active})', { active: foldFilters.active }) : t('Filters')}
          </button>
        )}
        {filters && foldFilters ? (
          <div id={filtersId} className={`flex flex-wrap items-end gap-3 max-md:w-full ${filtersOpen ? '' : 'max-md:hidden'}`}>
            {filters}
          </div>
        ) : (
          filters
        )}
      </div>
      {bulkActions && selected.length > 0 && (
        <div
          role="region"
          aria-label={t('Bulk actions')}
          className="flex flex-wrap items-center gap-2 rounded-md border border-teal-200 bg-teal-50 px-3 py-2 text-sm"
        >
          <span className="font-medium">{t('{selected} selected', { selected: selected.length })}</span>
          {bulkActions(selected, () => setSelection({}))}
        </div>
      )}
      <div tabIndex={0} role="region" aria-label={t('{label} table', { label })} className="overflow-x-auto rounded-lg border bg-white">
        {/* Below 768 px each row is a card: every cell on its own line, named by its column. */}
        <table className="w-full text-left text-sm max-md:block" aria-busy={loading} aria-label={label} role="table">
          <thead className="border-b bg-gray-50 text-xs uppercase tracking-wide text-gray-600 max-md:sr-only">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortable = h.column.columnDef.enableSorting === true;
                  const active = list.sort === h.column.id;
                  const title = flexRender(h.column.columnDef.header, h.getContext());
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className="whitespace-nowrap px-3 py-2 font-medium"
                      aria-sort={active ? (list.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-gray-900"
                          onClick={() => list.set({ sort: h.column.id, dir: active && list.dir === 'asc' ? 'desc' : 'asc' })}
                        >
                          {title}
                          {active ? (
                            list.dir === 'asc' ? (
                              <ArrowUp className="size-3.5" aria-hidden />
                            ) : (
                              <ArrowDown className="size-3.5" aria-hidden />
                            )
                          ) : (
                            <ArrowUpDown className="size-3.5 opacity-40" aria-hidden />
                          )}
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={`max-md:block ${loading && rows ? 'opacity-60' : ''}`}>
            {error ? (
              <tr>
                <td colSpan={cols} className="px-3 py-10 text-center text-red-700" role="alert">
                  {error}
                </td>
              </tr>
            ) : !rows ? (
              Array.from({ length: 5 }, (_, i) => (
                <tr key={i} className="border-b last:border-0">
                  <td colSpan={cols} className="px-3 py-3">
                    <div className="h-5 animate-pulse rounded bg-gray-100" />
                  </td>
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={cols} className="px-3 py-10 text-center text-gray-600">
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  role="row"
                  className={`border-b last:border-0 max-md:block max-md:py-2 ${row.getIsSelected() ? 'bg-teal-50/60' : 'hover:bg-gray-50'}`}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      role="cell"
                      data-label={typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined}
                      className="px-3 py-2 align-middle max-md:flex max-md:min-h-9 max-md:items-center max-md:justify-between max-md:gap-3 max-md:py-1 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-gray-600 max-md:before:content-[attr(data-label)]"
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination
        page={list.page}
        perPage={list.perPage}
        total={total}
        onPage={(page) => list.set({ page })}
        onPerPage={(perPage) => list.set({ perPage })}
      />
    </section>
  );
}

/** Typing searches after a pause (300 ms); Enter searches at once. */
function SearchBox({ label, value, onCommit }: { label: string; value: string; onCommit: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onCommit(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);
  return (
    <form
      role="search"
      className="relative min-w-56 flex-1"
      onSubmit={(e) => {
        e.preventDefault();
        onCommit(text.trim());
      }}
    >
      <label className="block text-xs font-medium text-gray-600">
        {label}
        <span className="relative mt-1 block">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('Search')}
            className="w-full rounded-md border bg-white py-2 pl-8 pr-3 text-sm"
          />
        </span>
      </label>
    </form>
  );
}

/** A labelled select bound to one URL parameter of a list. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-gray-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block rounded-md border bg-white px-2 py-2 text-sm text-gray-900"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
