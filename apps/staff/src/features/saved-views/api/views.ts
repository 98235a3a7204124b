import { api, apiChecked } from '@grocer/shared/api-client';
import { savedViewListSchema, savedViewSchema, type ViewInput, type ViewList, type ViewPatch } from '@grocer/shared/views';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const key = (list: ViewList) => ['admin', 'views', list] as const;

/** GET /s/api/admin/{list}/views: the person's views of the list, then those shared with them. */
export const viewsQuery = (list: ViewList) =>
  queryOptions({
    queryKey: key(list),
    queryFn: ({ signal }) => apiChecked(`/api/admin/${list}/views`, async () => savedViewListSchema, { signal }),
  });
export const useViews = (list: ViewList) => useQuery(viewsQuery(list));

/** POST, PATCH and DELETE on /s/api/admin/{list}/views: each refreshes the row of views. */
export function useViewChanges(list: ViewList) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key(list) });
  return {
    create: useMutation({
      mutationFn: (input: ViewInput) =>
        apiChecked(`/api/admin/${list}/views`, async () => savedViewSchema, { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: ViewPatch & { id: number }) =>
        apiChecked(`/api/admin/${list}/views/${id}`, async () => savedViewSchema, { method: 'PATCH', body: patch }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/api/admin/${list}/views/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
