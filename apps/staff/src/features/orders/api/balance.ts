import { apiChecked } from '@grocer/shared/api-client';
import { balanceSentSchema } from '@grocer/shared/order-balance';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/orders/:id/balance/send: the open balance's payment link sent to the customer (email and SMS). */
export function useSendBalanceLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/balance/send`, async () => balanceSentSchema, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'order', id] }),
  });
}
