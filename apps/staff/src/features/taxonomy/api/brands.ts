import { adminBrandListSchema, adminBrandSchema, type AdminBrandInput } from '@grocer/shared/admin-catalogue-edit';
import { api, apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/brands?{search}: a page of brands with their product counts. */
export const brandsQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'brands', search],
    queryFn: ({ signal }) => apiChecked(`/api/admin/brands${search ? `?${search}` : ''}`, async () => adminBrandListSchema, { signal }),
    placeholderData: keepPreviousData,
  });
export const useBrands = (search: string) => useQuery(brandsQuery(search));

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'brands'] }),
      client.invalidateQueries({ queryKey: ['admin', 'product-options'] }),
    ]);
}

/** POST /s/api/admin/brands or PUT /s/api/admin/brands/{id}. */
export function useSaveBrand() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: AdminBrandInput & { id?: number }) =>
      apiChecked(id ? `/api/admin/brands/${id}` : '/api/admin/brands', async () => adminBrandSchema, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /s/api/admin/brands/{id}: refused (409) while products use it. */
export function useDeleteBrand() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api(`/api/admin/brands/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
