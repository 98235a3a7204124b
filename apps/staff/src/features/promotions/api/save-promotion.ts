import { adminPromotionSchema, type AdminPromotionInput } from '@grocer/shared/promotions';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/promotions (no id) or PUT /s/api/admin/promotions/{id}: 422 per field. */
export function useSavePromotion(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPromotionInput) =>
      apiChecked(id === null ? '/api/admin/promotions' : `/api/admin/promotions/${id}`, async () => adminPromotionSchema, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'promotion', saved.id], saved);
      void client.invalidateQueries({ queryKey: ['admin', 'promotions'] });
    },
  });
}

/** POST /s/api/admin/promotions/{id}/active: pause or resume. */
export function useSetPromotionActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiChecked(`/api/admin/promotions/${id}/active`, async () => adminPromotionSchema, { method: 'POST', body: { active } }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'promotion', saved.id], saved);
      void client.invalidateQueries({ queryKey: ['admin', 'promotions'] });
    },
  });
}
