import { adminProductCountSchema } from '@grocer/shared/admin-catalogue-edit';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/products/category: the list's "move to category" (null: no category). */
export function useMoveToCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; category_id: number | null }) =>
      apiChecked('/api/admin/products/category', async () => adminProductCountSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
