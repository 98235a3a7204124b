import { adminPricePreviewSchema, adminProductCountSchema, type AdminPriceChange } from '@grocer/shared/admin-catalogue-edit';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/products/prices/preview: old → new per pack; nothing is written. */
export function usePreviewPrices() {
  return useMutation({
    mutationFn: (input: AdminPriceChange) =>
      apiChecked('/api/admin/products/prices/preview', async () => adminPricePreviewSchema, { method: 'POST', body: input }),
  });
}

/** POST /s/api/admin/products/prices: the previewed change, in one transaction (422 if any pack cannot take it). */
export function useApplyPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPriceChange) =>
      apiChecked('/api/admin/products/prices', async () => adminProductCountSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
