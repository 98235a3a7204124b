import { adminZoneSchema, type AdminZoneInput } from '@grocer/shared/admin-delivery';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/delivery/zones (no id) or PUT /s/api/admin/delivery/zones/{id}. */
export function useSaveZone(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminZoneInput) =>
      apiChecked(id === null ? '/api/admin/delivery/zones' : `/api/admin/delivery/zones/${id}`, async () => adminZoneSchema, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}
