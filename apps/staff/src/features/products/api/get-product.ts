import { adminProductSchema } from '@grocer/shared/admin-catalogue';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'product', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/products/${id}`, async () => adminProductSchema, { signal }),
  });

export const useProduct = (id: number) => useQuery(productQuery(id));
