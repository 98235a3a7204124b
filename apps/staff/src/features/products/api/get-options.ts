import { adminProductOptionsSchema } from '@grocer/shared/admin-catalogue';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Categories (flattened, with depth) and brands for filters and selects. */
export const productOptionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'product-options'],
    queryFn: ({ signal }) => apiChecked('/api/admin/products/options', async () => adminProductOptionsSchema, { signal }),
    staleTime: 60_000,
  });

export const useProductOptions = () => useQuery(productOptionsQuery());
