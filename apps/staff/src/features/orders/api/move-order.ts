import { adminOrderSchema, type AdminOrder, type DeliverBody, type DeliveryNote, type OrderAction } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type MoveInput =
  | { action: 'confirm' | 'pack' }
  | { action: 'ship'; delivery: DeliveryNote }
  | ({ action: 'deliver' } & DeliverBody)
  | { action: 'cancel'; reason: string; refund_to?: 'wallet' | 'source' };

/**
 * POST /s/api/admin/orders/:id/{confirm,pack,ship,deliver,cancel}: one move of the lifecycle.
 * `onMoved` runs with the moved order whatever happens to the screen meanwhile (the actions are
 * drawn again for the new status, which drops a `mutate` call's own callbacks).
 */
export function useMoveOrder(id: string, onMoved?: (order: AdminOrder) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: MoveInput) =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/${action satisfies OrderAction}`, async () => adminOrderSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (order) => {
      onMoved?.(order);
      client.setQueryData(['admin', 'order', id], order);
      return client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
