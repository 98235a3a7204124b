import { mediaListSchema } from '@grocer/shared/media';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/media: newest first, `q` searches file names and alt text. */
export const mediaQuery = (params: { q: string; page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['admin', 'media', params],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(params.page), perPage: String(params.perPage) });
      if (params.q) qs.set('q', params.q);
      return apiChecked(`/api/admin/media?${qs}`, async () => mediaListSchema, { signal });
    },
  });

export const useMedia = (params: { q: string; page: number; perPage: number }) =>
  useQuery({ ...mediaQuery(params), placeholderData: keepPreviousData });
