import { adminProductSchema, type AdminProductInput } from '@grocer/shared/admin-catalogue';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /s/api/admin/products/{id}: all or nothing; 422 carries per-field errors, 409 a stale version. */
export function useUpdateProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminProductInput) =>
      apiChecked(`/api/admin/products/${id}`, async () => adminProductSchema, { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'product', id], saved);
      void client.invalidateQueries({ queryKey: ['admin', 'products'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
