import type { SupplierList } from '@grocer/shared/storefront';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /s/api/suppliers (the server renders the page with this answer under the same key). */
export const suppliersQuery = () => queryOptions({ queryKey: ['suppliers'], queryFn: ({ signal }) => api<SupplierList>('/api/suppliers', { signal }), retry: false });
