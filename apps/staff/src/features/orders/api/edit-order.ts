import { adminOrderSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { orderEditQuoteSchema, type OrderEditBody, type OrderEditConfirmBody } from '@grocer/shared/order-edit';
import { posCounterPackSchema } from '@grocer/shared/pos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** POST /s/api/admin/orders/:id/edit/quote: the order as the change would leave it, nothing written. */
export const useQuoteEdit = (id: string) =>
  useMutation({
    mutationFn: (body: OrderEditBody) =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/edit/quote`, async () => orderEditQuoteSchema, { method: 'POST', body }),
  });

/** POST /s/api/admin/orders/:id/edit: makes the change (the key makes a double submit one change). */
export function useEditOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderEditConfirmBody) =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/edit`, async () => adminOrderSchema, { method: 'POST', body }),
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', id], order);
      return client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** GET /s/api/admin/orders/packs: packs in stock at a warehouse, searched by name (two letters or more). */
export const useOrderPackSearch = (warehouseId: number | null, q: string) =>
  useQuery({
    queryKey: ['admin', 'order-packs', warehouseId, q],
    enabled: warehouseId !== null && q.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/admin/orders/packs?warehouse_id=${warehouseId}&q=${encodeURIComponent(q.trim())}`,
        async () => z.object({ data: z.array(posCounterPackSchema) }),
        { signal },
      ),
  });
