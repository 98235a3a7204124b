import { adminProductStatusResultSchema, type ProductStatus } from '@grocer/shared/admin-catalogue';
import { api } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/products/status: the list's bulk action (activate, draft, archive). */
export function useSetProductStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: ProductStatus }) => api('/api/admin/products/status', { method: 'POST', body: input, schema: adminProductStatusResultSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
