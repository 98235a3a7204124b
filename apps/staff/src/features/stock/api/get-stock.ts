import { adminPackStockSchema, adminStockListSchema, adminStockMovementListSchema } from '@grocer/shared/admin-stock';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/stock with the list's URL parameters as they are (the server checks them). */
export const stockQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'list', search],
    queryFn: ({ signal }) => apiChecked(`/api/admin/stock${search ? `?${search}` : ''}`, async () => adminStockListSchema, { signal }),
  });
export const useStock = (search: string) => useQuery({ ...stockQuery(search), placeholderData: keepPreviousData });

/** GET /s/api/admin/stock/packs/{packId}: the pack's balance in every warehouse. */
export const packStockQuery = (packId: number) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'pack', packId],
    queryFn: ({ signal }) => apiChecked(`/api/admin/stock/packs/${packId}`, async () => adminPackStockSchema, { signal }),
  });
export const usePackStock = (packId: number) => useQuery(packStockQuery(packId));

/** GET /s/api/admin/stock/packs/{packId}/movements: the newest movements first. */
export const movementsQuery = (packId: number, warehouseId?: number) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'movements', packId, warehouseId ?? null],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/admin/stock/packs/${packId}/movements?limit=100${warehouseId ? `&warehouse=${warehouseId}` : ''}`,
        async () => adminStockMovementListSchema,
        { signal },
      ),
  });
export const useMovements = (packId: number, warehouseId?: number) => useQuery(movementsQuery(packId, warehouseId));
