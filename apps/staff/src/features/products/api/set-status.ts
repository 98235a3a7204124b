import { adminProductStatusResultSchema, type ProductStatus } from '@grocer/shared/admin-catalogue';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/products/status: the list's bulk action (activate, draft, archive). */
export function useSetProductStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: ProductStatus }) =>
      apiChecked('/api/admin/products/status', async () => adminProductStatusResultSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
