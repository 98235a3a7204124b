import { adminClosureSchema, type AdminClosureInput } from '@grocer/shared/admin-delivery';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@grocer/shared/storefront';

/** POST /s/api/admin/delivery/closures: a date without deliveries, in one zone or all. */
export function useAddClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminClosureInput) =>
      apiChecked('/api/admin/delivery/closures', async () => adminClosureSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}

/** DELETE /s/api/admin/delivery/closures/{id} */
export function useRemoveClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiChecked(`/api/admin/delivery/closures/${id}`, async () => okSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}
