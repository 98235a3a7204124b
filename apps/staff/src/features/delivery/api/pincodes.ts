import { adminPincodesResultSchema, adminZoneSchema } from '@grocer/shared/admin-delivery';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/delivery/zones/{id}/pincodes: the pasted text, all added or none (invalid ones named). */
export function useAddPincodes(zoneId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pincodes: string) =>
      apiChecked(`/api/admin/delivery/zones/${zoneId}/pincodes`, async () => adminPincodesResultSchema, {
        method: 'POST',
        body: { pincodes },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}

/** DELETE /s/api/admin/delivery/zones/{id}/pincodes/{pincode} */
export function useRemovePincode(zoneId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pincode: string) =>
      apiChecked(`/api/admin/delivery/zones/${zoneId}/pincodes/${encodeURIComponent(pincode)}`, async () => adminZoneSchema, {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}
