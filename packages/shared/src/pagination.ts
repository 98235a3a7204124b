/**
 * Pagination window of spec §9: at most 5 page buttons, with ellipses where pages are skipped.
 * Returns page numbers and 'gap' markers, e.g. [1, 'gap', 4, 5, 6, 'gap', 20].
 */
export type PageItem = number | 'gap';

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
}

export function pageWindow(current: number, pages: number, buttons = 5): PageItem[] {
  if (pages <= buttons) return Array.from({ length: pages }, (_, i) => i + 1);
  const c = Math.min(Math.max(1, current), pages);
  const inner = buttons - 2; // first and last are always shown
  let start = Math.max(2, c - Math.floor(inner / 2));
  const end = Math.min(pages - 1, start + inner - 1);
  start = Math.max(2, end - inner + 1);
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}

/** A move to `target` happens only when it is in range and not the current page. */
export function shouldMove(current: number, target: number, pages: number): boolean {
  return Number.isInteger(target) && target >= 1 && target <= pages && target !== current;
}

/** The per-page selector's options (spec §9). */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
