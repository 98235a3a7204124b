import { apiChecked } from '@grocer/shared/api-client';
import { synonymListSchema, type Synonym } from '@grocer/shared/synonyms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/search/synonyms: the words shoppers type, and what they mean in the catalogue. */
export const synonymsQuery = queryOptions({
  queryKey: ['admin', 'search', 'synonyms'],
  queryFn: ({ signal }) => apiChecked('/api/admin/search/synonyms', async () => synonymListSchema, { signal }),
});
export const useSynonyms = () => useQuery(synonymsQuery);

/** PUT /s/api/admin/search/synonyms: replaces the whole list (the server re-indexes the products). */
export function useSaveSynonyms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Synonym[]) =>
      apiChecked('/api/admin/search/synonyms', async () => synonymListSchema, { method: 'PUT', body: { data } }),
    onSuccess: (saved) => client.setQueryData(synonymsQuery.queryKey, saved),
  });
}
