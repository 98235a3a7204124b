import { adminOrderSchema, type AdminOrder } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { orderTagListSchema, type OrderRefundBody } from '@grocer/shared/order-notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The staff's notes, tags and refunds of an amount on one order (issue 40 §12): each call answers
 * the order screen as it now stands, which replaces the cached order; the list is refetched.
 */
function useOrderWrite<I>(id: string, call: (input: I) => { path: string; method: 'POST' | 'DELETE'; body?: unknown }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => {
      const { path, method, body } = call(input);
      return apiChecked(`/api/admin/orders/${encodeURIComponent(id)}/${path}`, async () => adminOrderSchema, { method, body });
    },
    onSuccess: (order: AdminOrder) => {
      client.setQueryData(['admin', 'order', id], order);
      return client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** POST /s/api/admin/orders/:id/notes */
export const useAddNote = (id: string) => useOrderWrite(id, (text: string) => ({ path: 'notes', method: 'POST', body: { text } }));

/** POST /s/api/admin/orders/:id/tags, DELETE /s/api/admin/orders/:id/tags/:tag */
export const useAddTag = (id: string) => useOrderWrite(id, (tag: string) => ({ path: 'tags', method: 'POST', body: { tag } }));
export const useRemoveTag = (id: string) =>
  useOrderWrite(id, (tag: string) => ({ path: `tags/${encodeURIComponent(tag)}`, method: 'DELETE' }));

/** POST /s/api/admin/orders/:id/refunds: the same `key` on a retry is the same refund. */
export const useRefund = (id: string) => useOrderWrite(id, (body: OrderRefundBody) => ({ path: 'refunds', method: 'POST', body }));

/** GET /s/api/admin/orders/tags: the website's tags, most used first. */
export const useOrderTags = () =>
  useQuery({
    queryKey: ['admin', 'orders', 'tags'],
    queryFn: ({ signal }) => apiChecked('/api/admin/orders/tags', async () => orderTagListSchema, { signal }),
    staleTime: 30_000,
  });
