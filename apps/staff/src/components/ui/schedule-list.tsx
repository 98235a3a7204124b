import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/error-message';
import { QueryView } from './query-view';
import { PauseButton, StateBadge, type ScheduleState } from './schedule';
import { t } from '../../lib/i18n';

interface Pausable {
  id: number;
  active: boolean;
}

/**
 * A list of the shop's scheduled offers (coupons, promotions): tens, not thousands, so one page.
 * It draws the loading and error states, the summary line with its New link, the empty text and a
 * table whose last two columns are the offer's state and its Pause/Resume button (a toast says
 * what happened); each list brings its own columns before those.
 */
export function ScheduleList<T extends Pausable>({
  list,
  setActive,
  label,
  summary,
  newTo,
  newLabel,
  empty,
  columns,
  cells,
  name,
  state,
}: {
  list: UseQueryResult<{ data: T[] }>;
  /** POST …/{id}/active */
  setActive: UseMutationResult<T, Error, { id: number; active: boolean }>;
  /** the table's (and its scrolling region's) accessible name */
  label: string;
  summary: (items: T[]) => ReactNode;
  newTo: string;
  newLabel: string;
  empty: string;
  /** the headings of the columns `cells` draws */
  columns: Array<{ label: string; numeric?: boolean }>;
  /** one row's cells (`<td>`s), in the order of `columns` */
  cells: (item: T) => ReactNode;
  /** how the row is named in the Pause button and the toast ("WELCOME10", "Diwali combo") */
  name: (item: T) => string;
  state: (item: T) => ScheduleState;
}) {
  const toggle = (item: T) =>
    setActive.mutate(
      { id: item.id, active: !item.active },
      {
        onSuccess: (s) => toast.success(`${name(s)} ${s.active ? 'resumed' : 'paused'}`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  return (
    <QueryView query={list}>
      {({ data: items }) => (
        <div>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
            <p className="text-sm text-gray-600">{summary(items)}</p>
            <Link
              to={newTo}
              className="inline-flex items-center gap-1 rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700"
            >
              <Plus className="size-4" aria-hidden /> {newLabel}
            </Link>
          </div>
          {items.length === 0 ? (
            <p className="rounded-lg border bg-white p-8 text-center text-gray-600">{empty}</p>
          ) : (
            <div tabIndex={0} role="region" aria-label={label} className="overflow-x-auto rounded-lg border bg-white">
              <table className="w-full text-sm" aria-label={label}>
                <thead className="border-b bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500">
                  <tr>
                    {columns.map((c) => (
                      <th key={c.label} className={`px-4 py-2 font-medium ${c.numeric ? 'text-right' : ''}`}>
                        {c.label}
                      </th>
                    ))}
                    <th className="px-4 py-2 font-medium">{t('Status')}</th>
                    <th className="px-4 py-2 font-medium">
                      <span className="sr-only">{t('Actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id} className="border-b last:border-0 hover:bg-gray-50">
                      {cells(item)}
                      <td className="px-4 py-3">
                        <StateBadge state={state(item)} />
                      </td>
                      <td className="px-4 py-3 text-right whitespace-nowrap">
                        <PauseButton active={item.active} name={name(item)} onClick={() => toggle(item)} disabled={setActive.isPending} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </QueryView>
  );
}
