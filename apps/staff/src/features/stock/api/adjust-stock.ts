import {
  adminPackStockSchema,
  adminStockAdjustResultSchema,
  adminStockSettingsSchema,
  type AdminStockAdjust,
} from '@grocer/shared/admin-stock';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** After any stock write: every stock view and the product screens (their stock columns) are refetched. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'stock'] });
    void client.invalidateQueries({ queryKey: ['admin', 'products'] });
    void client.invalidateQueries({ queryKey: ['admin', 'product'] });
  };
}

/** POST /s/api/admin/stock/packs/{packId}/adjust: one movement through the ledger. */
export function useAdjustStock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ packId, ...body }: AdminStockAdjust & { packId: number }) =>
      apiChecked(`/api/admin/stock/packs/${packId}/adjust`, async () => adminStockAdjustResultSchema, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PUT /s/api/admin/stock/packs/{packId}/threshold: the pack's own low-stock threshold, or null for the shop's. */
export function useSetThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ packId, threshold }: { packId: number; threshold: number | null }) =>
      apiChecked(`/api/admin/stock/packs/${packId}/threshold`, async () => adminPackStockSchema, { method: 'PUT', body: { threshold } }),
    onSuccess: refresh,
  });
}

/** PUT /s/api/admin/stock/settings: the shop's default low-stock threshold. */
export function useSetDefaultThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (default_threshold: number) =>
      apiChecked('/api/admin/stock/settings', async () => adminStockSettingsSchema, { method: 'PUT', body: { default_threshold } }),
    onSuccess: refresh,
  });
}
