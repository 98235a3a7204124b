import { adminProductListSchema } from '@grocer/shared/admin-catalogue';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/products with the list's URL parameters as they are (the server checks them). */
export const productsQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'products', search],
    queryFn: ({ signal }) => apiChecked(`/api/admin/products${search ? `?${search}` : ''}`, async () => adminProductListSchema, { signal }),
  });

export const useProducts = (search: string) => useQuery({ ...productsQuery(search), placeholderData: keepPreviousData });
