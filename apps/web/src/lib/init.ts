import type { Init } from '@grocer/shared/storefront';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiChecked } from './api';
import { reportError } from './telemetry/report-error';

export const initQuery = queryOptions({
  queryKey: ['init'],
  // The first load reads the copy inlined in the HTML (below), unparsed: the server serialised it
  // through initSchema, and zod on the first-load path would cost more than the whole app (DESIGN
  // §9 budget). A refetch (after sign-in, logout) is parsed like every other answer.
  queryFn: ({ signal }) => apiChecked('/api/init', async () => (await import('@grocer/shared/storefront')).initSchema, { signal }),
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

/** Spec §8's note when the server knows no website at this address. */
export const WEBSITE_NOT_FOUND_NOTE = 'Website data not found';

/**
 * Loads the store data when it was not inlined (spec §8): a failure is logged and reported as
 * false, with a note of its own when the website is not found.
 */
export async function loadStoreData(client: QueryClient): Promise<boolean> {
  try {
    await client.ensureQueryData(initQuery);
    return true;
  } catch (e) {
    console.error('Store data could not be loaded', e);
    reportError(e, { load: 'store data' });
    if (e instanceof ApiError && e.code === 'WEBSITE_NOT_FOUND') console.warn(WEBSITE_NOT_FOUND_NOTE);
    return false;
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
