import { customerDetailSchema, customerListSchema, customerTagListSchema, type CustomerDetail } from '@grocer/shared/admin-customers';
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

/** GET /s/api/admin/customers/tags: the tags in use, for the list's filter. */
export const useCustomerTags = () =>
  useQuery({
    queryKey: ['admin', 'customers', 'tags'],
    queryFn: ({ signal }) => apiChecked('/api/admin/customers/tags', async () => customerTagListSchema, { signal }),
  });

/** The CSV of the list as filtered and sorted now (every page), downloaded by the browser. */
export const customersExportUrl = (search: string) => {
  const p = new URLSearchParams(search);
  p.delete('page');
  p.delete('perPage');
  const q = p.toString();
  return `/s/api/admin/customers/export.csv${q ? `?${q}` : ''}`;
};

/** Tags and notes on the customer screen: each answers the screen again, and the list refreshes. */
export function useCustomerNotes(id: number) {
  const client = useQueryClient();
  const done = (c: CustomerDetail) => {
    client.setQueryData(['admin', 'customer', id], c);
    return client.invalidateQueries({ queryKey: ['admin', 'customers'] });
  };
  const call = (path: string, method: 'POST' | 'DELETE', body?: unknown) =>
    apiChecked(`/api/admin/customers/${id}/${path}`, async () => customerDetailSchema, { method, body });
  return {
    addTag: useMutation({ mutationFn: (tag: string) => call('tags', 'POST', { tag }), onSuccess: done }),
    removeTag: useMutation({ mutationFn: (tag: string) => call(`tags/${encodeURIComponent(tag)}`, 'DELETE'), onSuccess: done }),
    addNote: useMutation({ mutationFn: (body: string) => call('notes', 'POST', { body }), onSuccess: done }),
    deleteNote: useMutation({ mutationFn: (noteId: number) => call(`notes/${noteId}`, 'DELETE'), onSuccess: done }),
  };
}
