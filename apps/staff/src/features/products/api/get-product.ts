import { adminProductSchema } from '@grocer/shared/admin-catalogue';
import { api } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const productQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'product', id], queryFn: ({ signal }) => api(`/api/admin/products/${id}`, { schema: adminProductSchema, signal }) });

export const useProduct = (id: number) => useQuery(productQuery(id));
