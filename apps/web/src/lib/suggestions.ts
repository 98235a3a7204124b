import type { Suggestions } from '@grocer/shared/catalogue';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiChecked } from './api';

/** GET /s/api/search/suggest: the same for every shopper, so kept a minute. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['suggest', q.toLowerCase().replace(/\s+/g, ' ')],
    queryFn: ({ signal }) =>
      apiChecked<Suggestions>(
        `/api/search/suggest?q=${encodeURIComponent(q)}`,
        async () => (await import('@grocer/shared/catalogue')).suggestionsSchema,
        {
          signal,
        },
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
