import { adminCouponSchema } from '@grocer/shared/admin-coupons';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/coupons/{id}/active: pause or resume. */
export function useSetCouponActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiChecked(`/api/admin/coupons/${id}/active`, async () => adminCouponSchema, { method: 'POST', body: { active } }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'coupon', saved.id], saved);
      void client.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    },
  });
}
