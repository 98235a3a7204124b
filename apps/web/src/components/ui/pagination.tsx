import { pageCount, pageWindow, shouldMove } from '@grocer/shared/pagination';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { t } from '../../lib/i18n';

/** 5 page buttons with ellipses; moves by one or jumps; ignores out-of-range and current pages. */
export function Pagination({
  total,
  perPage,
  page,
  onPage,
}: {
  total: number;
  perPage: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total, perPage);
  if (pages <= 1) return null;
  const go = (p: number) => shouldMove(page, p, pages) && onPage(p);
  const btn = 'flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm';
  return (
    <nav aria-label={t('Pagination')} className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={`${btn} disabled:opacity-40`}
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        aria-label={t('Previous page')}
      >
        <ChevronLeft size={16} aria-hidden="true" />
      </button>
      {pageWindow(page, pages).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap${i}`} className="px-1 text-gray-400" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => go(item)}
            aria-current={item === page ? 'page' : undefined}
            className={`${btn} ${item === page ? 'border-[var(--color-primary)] bg-[var(--color-primary)] text-white' : 'hover:bg-gray-50'}`}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${btn} disabled:opacity-40`}
        onClick={() => go(page + 1)}
        disabled={page >= pages}
        aria-label={t('Next page')}
      >
        <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
