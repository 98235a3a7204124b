import { bulkResultSchema, type BulkBody } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/orders/bulk: confirm, pack or ship the ticked orders (or a slot's). */
export function useBulkMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkBody) => apiChecked('/api/admin/orders/bulk', async () => bulkResultSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
