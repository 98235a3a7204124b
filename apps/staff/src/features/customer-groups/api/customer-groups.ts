import { apiChecked } from '@grocer/shared/api-client';
import { customerGroupListSchema, customerGroupSchema, type CustomerGroup } from '@grocer/shared/price-lists';
import { packChoicesSchema } from '@grocer/shared/promotions';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/customer-groups: every group with its member and price counts. */
export const useCustomerGroups = () =>
  useQuery({
    queryKey: ['admin', 'customer-groups'],
    queryFn: ({ signal }) => apiChecked('/api/admin/customer-groups', async () => customerGroupListSchema, { signal }),
  });

/** GET /s/api/admin/customer-groups/{id}: its members and price list. */
export const customerGroupQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'customer-group', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/customer-groups/${id}`, async () => customerGroupSchema, { signal }),
  });
export const useCustomerGroup = (id: number) => useQuery(customerGroupQuery(id));

/** GET /s/api/admin/customer-groups/packs?q=: the price list's pack picker. */
export const useGroupPacks = (q: string) =>
  useQuery({
    queryKey: ['admin', 'customer-groups', 'packs', q],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/customer-groups/packs?q=${encodeURIComponent(q)}`, async () => packChoicesSchema, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every change of a group answers the group as it now is: kept in the cache, the list refreshed. */
function useGroupWrite<V>(call: (v: V) => Promise<CustomerGroup>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (g) => {
      client.setQueryData(['admin', 'customer-group', g.id], g);
      void client.invalidateQueries({ queryKey: ['admin', 'customer-groups'] });
    },
  });
}

/** POST /s/api/admin/customer-groups */
export const useCreateGroup = () =>
  useGroupWrite((name: string) =>
    apiChecked('/api/admin/customer-groups', async () => customerGroupSchema, { method: 'POST', body: { name } }),
  );

/** POST /s/api/admin/customer-groups/{id}/members: by mobile number or email. */
export const useAddMember = (id: number) =>
  useGroupWrite((customer: string) =>
    apiChecked(`/api/admin/customer-groups/${id}/members`, async () => customerGroupSchema, { method: 'POST', body: { customer } }),
  );

/** DELETE /s/api/admin/customer-groups/{id}/members/{userId} */
export const useRemoveMember = (id: number) =>
  useGroupWrite((userId: number) =>
    apiChecked(`/api/admin/customer-groups/${id}/members/${userId}`, async () => customerGroupSchema, { method: 'DELETE' }),
  );

/** PUT /s/api/admin/customer-groups/{id}/prices: the whole list. */
export const useSavePrices = (id: number) =>
  useGroupWrite((entries: Array<{ packId: number; pricePaise: number; minQuantity: number }>) =>
    apiChecked(`/api/admin/customer-groups/${id}/prices`, async () => customerGroupSchema, { method: 'PUT', body: { entries } }),
  );
