import { PAGE_SIZES, pageCount, pageWindow, shouldMove } from '@grocer/shared/pagination';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { t } from '../../lib/i18n';

const button = 'min-w-9 rounded-md border px-2.5 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-40';

/** Spec §9: page sizes 5/10/20/50/100 and five page buttons with ellipses. */
/** `total` is undefined while the first answer is on its way. */
export function Pagination({
  page,
  perPage,
  total: known,
  onPage,
  onPerPage,
}: {
  page: number;
  perPage: number;
  total: number | undefined;
  onPage: (p: number) => void;
  onPerPage: (n: number) => void;
}) {
  const id = useId();
  const total = known ?? 0;
  const pages = pageCount(total, perPage);
  const go = (p: number) => shouldMove(page, p, pages) && onPage(p);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-3">
        <label htmlFor={id}>{t('Rows per page')}</label>
        <select
          id={id}
          value={perPage}
          onChange={(e) => e.target.value && onPerPage(Number(e.target.value))}
          className="rounded-md border bg-white px-2 py-1"
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span className="text-gray-600" aria-live="polite">
          {known === undefined
            ? t('Loading…')
            : total === 0
              ? t('No rows')
              : t('{from}–{to} of {total}', { from, to: Math.min(total, page * perPage), total })}
        </span>
      </div>
      <nav aria-label={t('Pagination')} className="flex items-center gap-1">
        <button type="button" className={button} onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('Previous page')}>
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        {pageWindow(page, pages).map((item, i) =>
          item === 'gap' ? (
            <span key={`gap-${i}`} className="px-1 text-gray-400" aria-hidden>
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className={`${button} ${item === page ? 'border-brand bg-brand text-white' : 'bg-white hover:bg-gray-50'}`}
              aria-label={t('Page {item}', { item })}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => go(item)}
            >
              {item}
            </button>
          ),
        )}
        <button type="button" className={button} onClick={() => go(page + 1)} disabled={page >= pages} aria-label={t('Next page')}>
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </nav>
    </div>
  );
}
