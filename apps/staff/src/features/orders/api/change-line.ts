import { adminOrderSchema, type RemoveLineBody, type SubstituteLineBody } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { posCounterPackSchema } from '@grocer/shared/pos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export type LineChange =
  { kind: 'remove'; lineId: number; body: RemoveLineBody } | { kind: 'substitute'; lineId: number; body: SubstituteLineBody };

/** POST /s/api/admin/orders/:id/lines/:lineId/{remove,substitute}: through the orders service; the key makes a retry harmless. */
export function useChangeLine(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, lineId, body }: LineChange) =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/lines/${lineId}/${kind}`, async () => adminOrderSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', id], order);
      return client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** POST /s/api/admin/orders/:id/refunds/retry: partial refunds the provider did not take, sent again with their keys. */
export function useRetryRefunds(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/refunds/retry`, async () => adminOrderSchema, { method: 'POST', body: {} }),
    onSuccess: (order) => client.setQueryData(['admin', 'order', id], order),
  });
}

/** Packs of the shop in stock at a warehouse (the counter's catalogue, `in_stock=1`), searched by name, for a substitute. */
export const usePackSearch = (warehouseId: number | null, q: string) =>
  useQuery({
    queryKey: ['admin', 'pack-search', warehouseId, q],
    enabled: warehouseId !== null && q.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/pos/packs?warehouse_id=${warehouseId}&q=${encodeURIComponent(q.trim())}&limit=10&in_stock=1`,
        async () => z.object({ data: z.array(posCounterPackSchema) }),
        { signal },
      ),
  });
