import { PAGE_SIZES } from '@grocer/shared/pagination';
import { useCallback, useMemo } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's parameters, and a change that starts from the address as it is now rather than
 * the parameters last drawn: the router renders its updates in a transition, so on a slow device
 * a second quick change (page size, then a filter) would otherwise start from before the first
 * and drop it. (react-router's functional `setSearchParams` hands the rendered ones.)
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      const next = new URLSearchParams(window.location.search);
      edit(next);
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change] as const;
}

export interface ListDefaults {
  sort: string;
  dir: 'asc' | 'desc';
  perPage: (typeof PAGE_SIZES)[number];
}

export interface ListState {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
  /** the list's own filters, by URL parameter name ('' when unset) */
  filter: (key: string) => string;
  /** Changes the view in the address (replacing history); any change but the page goes back to page 1. */
  set: (patch: Record<string, string | number | undefined>) => void;
  /** The server query: the address's parameters without defaults. */
  search: string;
}

/**
 * A list's view (search, filters, sort, page, page size) kept in the address, so a reload or a
 * shared link shows the same rows. Values the server refuses are its to report (422).
 */
export function useListState(defaults: ListDefaults): ListState {
  const [params, change] = useAddressParams();
  const set = useCallback(
    (patch: Record<string, string | number | undefined>) =>
      change(
        (next) => {
          for (const [k, v] of Object.entries(patch)) {
            const fallback =
              k === 'sort'
                ? defaults.sort
                : k === 'dir'
                  ? defaults.dir
                  : k === 'perPage'
                    ? String(defaults.perPage)
                    : k === 'page'
                      ? '1'
                      : '';
            if (v === undefined || v === '' || String(v) === fallback) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in patch)) next.delete('page');
        },
        { replace: true },
      ),
    [change, defaults.sort, defaults.dir, defaults.perPage],
  );
  return useMemo(() => {
    const page = Number(params.get('page') ?? 1);
    const perPage = Number(params.get('perPage') ?? defaults.perPage);
    const sorted = new URLSearchParams(params);
    sorted.sort();
    return {
      q: params.get('q') ?? '',
      sort: params.get('sort') ?? defaults.sort,
      dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : defaults.dir,
      page: Number.isInteger(page) && page > 0 ? page : 1,
      perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaults.perPage,
      filter: (key: string) => params.get(key) ?? '',
      set,
      search: sorted.toString(),
    };
  }, [params, set, defaults.sort, defaults.dir, defaults.perPage]);
}
