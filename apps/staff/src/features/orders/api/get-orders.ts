import { adminOrderListSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/orders with the list's URL parameters as they are (the server checks them). */
export const ordersQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', search],
    queryFn: ({ signal }) => apiChecked(`/api/admin/orders${search ? `?${search}` : ''}`, async () => adminOrderListSchema, { signal }),
  });

export const useOrders = (search: string) => useQuery({ ...ordersQuery(search), placeholderData: keepPreviousData });
