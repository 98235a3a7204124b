import { adminSlotSchema, type AdminSlotInput } from '@grocer/shared/admin-delivery';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/delivery/zones/{zone}/slots (new) or PUT /s/api/admin/delivery/slots/{id}. */
export function useSaveSlot(target: { zoneId: number } | { slotId: number }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSlotInput) =>
      apiChecked(
        'zoneId' in target ? `/api/admin/delivery/zones/${target.zoneId}/slots` : `/api/admin/delivery/slots/${target.slotId}`,
        async () => adminSlotSchema,
        { method: 'zoneId' in target ? 'POST' : 'PUT', body: input },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}
