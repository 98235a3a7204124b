import type { Init } from '@grocer/shared/storefront';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';

export const initQuery = queryOptions({
  queryKey: ['init'],
  // Not schema-checked on the client: the server serialises it through initSchema already, and
  // zod on the first-load path would cost more than the whole app (DESIGN §9 budget).
  queryFn: () => api<Init>('/api/init'),
  staleTime: 60_000,
});

/** The server inlines /s/api/init into the HTML shell so the first paint does not wait for it. */
export function primeInit(client: QueryClient): void {
  const el = document.getElementById('__INIT__');
  if (!el?.textContent) return;
  try {
    client.setQueryData(initQuery.queryKey, JSON.parse(el.textContent) as Init);
  } catch (e) {
    console.error('Inlined store data is not JSON', e);
  }
}

/**
 * The server also inlines the first data the page asks for (a content page's blocks, a product),
 * as [queryKey, data] pairs, so the first paint needs no API round trip.
 */
export function primePageData(client: QueryClient): void {
  const el = document.getElementById('__DATA__');
  if (!el?.textContent) return;
  try {
    for (const [key, data] of JSON.parse(el.textContent) as [unknown[], unknown][]) client.setQueryData(key, data);
  } catch (e) {
    console.error('Inlined page data is not JSON', e);
  }
}

/** Store data for the shell. Suspends until loaded (inlined data makes that instant). */
export function useInit(): Init {
  const { data } = useQuery(initQuery);
  return data!;
}

export function useInitMaybe(): Init | undefined {
  return useQuery(initQuery).data;
}
