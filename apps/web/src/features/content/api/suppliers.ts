import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

/** GET /s/api/suppliers (the server renders the page with this answer under the same key). */
export const suppliersQuery = () =>
  queryOptions({
    queryKey: ['suppliers'],
    queryFn: ({ signal }) =>
      apiChecked('/api/suppliers', async () => (await import('@grocer/shared/storefront')).supplierListSchema, { signal }),
    retry: false,
  });
