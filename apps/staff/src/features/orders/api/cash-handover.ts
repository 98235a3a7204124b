import { adminOrderSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/orders/:id/cash-handover: this order's collected cash is in the shop's till. */
export function useCashHandover(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/cash-handover`, async () => adminOrderSchema, { method: 'POST', body: {} }),
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', id], order);
      return client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
