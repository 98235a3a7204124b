import { customerDetailSchema, customerListSchema } from '@grocer/shared/admin-customers';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/customers with the list's URL parameters as they are (the server checks them). */
export const customersQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', search],
    queryFn: ({ signal }) => apiChecked(`/api/admin/customers${search ? `?${search}` : ''}`, async () => customerListSchema, { signal }),
  });
export const useCustomers = (search: string) => useQuery({ ...customersQuery(search), placeholderData: keepPreviousData });

/** GET /s/api/admin/customers/:id: the customer screen. */
export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/customers/${id}`, async () => customerDetailSchema, { signal }),
  });
export const useCustomer = (id: number) => useQuery(customerQuery(id));

/** POST /s/api/admin/customers/:id/block (with the reason the customer is told) or /unblock. */
export function useSetBlocked(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) =>
      apiChecked(`/api/admin/customers/${id}/${reason === null ? 'unblock' : 'block'}`, async () => customerDetailSchema, {
        method: 'POST',
        body: reason === null ? {} : { reason },
      }),
    onSuccess: (c) => {
      client.setQueryData(['admin', 'customer', id], c);
      return client.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
  });
}
