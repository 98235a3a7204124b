import { adminProductCountSchema } from '@grocer/shared/admin-catalogue-edit';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/products/delete: all or none; an ordered product refuses the lot (409, archive instead). */
export function useDeleteProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiChecked('/api/admin/products/delete', async () => adminProductCountSchema, { method: 'POST', body: { ids } }),
    onSuccess: (_, ids) => {
      // a deleted product's own query is dropped, not refetched (it would only answer 404)
      for (const id of ids) client.removeQueries({ queryKey: ['admin', 'product', id], exact: true });
      // everything else is marked stale without refetching what the closing editor still shows
      // (its packs' stock would answer 404); the list refetches now, other screens when opened
      void client.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' });
      return client.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
  });
}
