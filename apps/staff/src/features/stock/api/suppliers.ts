import { supplierListSchema, supplierSchema, type SupplierInput } from '@grocer/shared/admin-purchasing';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/stock/suppliers */
export const suppliersQuery = (q = '') =>
  queryOptions({
    queryKey: ['admin', 'stock', 'suppliers', q],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/stock/suppliers${q ? `?q=${encodeURIComponent(q)}` : ''}`, async () => supplierListSchema, { signal }),
  });
export const useSuppliers = (q = '') => useQuery(suppliersQuery(q));

/** POST /s/api/admin/stock/suppliers, or PUT …/{id} with `id`. */
export function useSaveSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SupplierInput & { id?: number }) =>
      apiChecked(id ? `/api/admin/stock/suppliers/${id}` : '/api/admin/stock/suppliers', async () => supplierSchema, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'stock', 'suppliers'] }),
  });
}
