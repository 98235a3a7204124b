import { adminOrderSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/orders/:id: the order screen. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/orders/${encodeURIComponent(id)}`, async () => adminOrderSchema, { signal }),
  });

export const useOrder = (id: string) => useQuery(orderQuery(id));
