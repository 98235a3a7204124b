import { cashHandoverResultSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/orders/cash-handover: the ticked orders' collected cash is in the shop's till (the COD report's list). */
export function useBulkCashHandover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiChecked('/api/admin/orders/cash-handover', async () => cashHandoverResultSchema, { method: 'POST', body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
