import type { DeliverySettings, TrackingSettings } from '@grocer/shared/delivery-trips';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const schemas = () => import('@grocer/shared/delivery-trips');

/** The dispatch settings: the delivery-code mode and the shopper's tracking, each read from its own GET. */
export type DispatchSettings = DeliverySettings & TrackingSettings;

/** GET /s/api/admin/dispatch/settings and GET /s/api/admin/dispatch/tracking, as one. */
export const dispatchSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dispatch', 'settings'],
    queryFn: async ({ signal }): Promise<DispatchSettings> => {
      const [code, tracking] = await Promise.all([
        apiChecked('/api/admin/dispatch/settings', async () => (await schemas()).deliverySettingsSchema, { signal }),
        apiChecked('/api/admin/dispatch/tracking', async () => (await schemas()).trackingSettingsSchema, { signal }),
      ]);
      return { ...code, ...tracking };
    },
  });
export const useDispatchSettings = () => useQuery(dispatchSettingsQuery());

/**
 * PUT /s/api/admin/dispatch/settings `{code_mode}` and PUT /s/api/admin/dispatch/tracking
 * `{share_position, call_number}`: only the part that changed is sent (each PUT is one audit row).
 */
export function useSaveDispatchSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ before, next }: { before: DispatchSettings; next: DispatchSettings }): Promise<DispatchSettings> => {
      const s = await schemas();
      let saved = { ...before };
      if (next.code_mode !== before.code_mode) {
        const code = await apiChecked('/api/admin/dispatch/settings', async () => s.deliverySettingsSchema, {
          method: 'PUT',
          body: { code_mode: next.code_mode },
        });
        saved = { ...saved, ...code };
        client.setQueryData(dispatchSettingsQuery().queryKey, saved);
      }
      if (next.share_position !== before.share_position || next.call_number !== before.call_number) {
        const tracking = await apiChecked('/api/admin/dispatch/tracking', async () => s.trackingSettingsSchema, {
          method: 'PUT',
          body: { share_position: next.share_position, call_number: next.call_number },
        });
        saved = { ...saved, ...tracking };
      }
      return saved;
    },
    onSuccess: (saved) => client.setQueryData(dispatchSettingsQuery().queryKey, saved),
  });
}
