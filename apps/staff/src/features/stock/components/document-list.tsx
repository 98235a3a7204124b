import { Link } from 'react-router';
import { DataTable, FilterSelect, type DataTableProps } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import type { ListState } from '../../../lib/list-state';
import { t } from '../../../lib/i18n';

interface Page<T> {
  data?: { data: T[]; meta: { total: number } };
  isFetching: boolean;
  error: unknown;
}

/**
 * A list of stock documents (purchase orders, transfers): a "New …" button above a table searched
 * by number and filtered by status. Each document's list only names its columns and words.
 */
export function DocumentList<T extends { id: number; number: string }, S extends string>({
  page,
  list,
  newTo,
  newLabel,
  statuses,
  statusLabels,
  noMatch,
  none,
  ...table
}: Pick<DataTableProps<T>, 'label' | 'columns' | 'searchLabel'> & {
  page: Page<T>;
  list: ListState;
  newTo: string;
  newLabel: string;
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  /** shown when a search or filter finds nothing */
  noMatch: string;
  /** shown when there is nothing at all */
  none: string;
}) {
  return (
    <>
      <div className="mb-4">
        <Link to={newTo} className="inline-block rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90">
          {newLabel}
        </Link>
      </div>
      <DataTable
        {...table}
        rows={page.data?.data}
        total={page.data?.meta.total}
        loading={page.isFetching}
        error={page.error ? errorMessage(page.error) : undefined}
        getRowId={(d) => String(d.id)}
        rowName={(d) => d.number}
        list={list}
        empty={list.q || list.filter('status') ? noMatch : none}
        filters={
          <FilterSelect
            label={t('Status')}
            value={list.filter('status')}
            onChange={(status) => list.set({ status })}
            options={[{ value: '', label: t('Any status') }, ...statuses.map((s) => ({ value: s, label: statusLabels[s] }))]}
          />
        }
      />
    </>
  );
}
