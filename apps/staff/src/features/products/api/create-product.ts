import { adminProductSchema } from '@grocer/shared/admin-catalogue';
import type { AdminProductCreate } from '@grocer/shared/admin-catalogue-edit';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/products: a new product (draft unless chosen); 422 carries per-field errors. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminProductCreate) =>
      apiChecked('/api/admin/products', async () => adminProductSchema, { method: 'POST', body: input }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'product', saved.id], saved);
      void client.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
  });
}
