import { adminCouponSchema, type AdminCouponInput } from '@grocer/shared/admin-coupons';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/coupons (no id) or PUT /s/api/admin/coupons/{id}: 422 per field, 409 a code the shop already has. */
export function useSaveCoupon(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCouponInput) =>
      apiChecked(id === null ? '/api/admin/coupons' : `/api/admin/coupons/${id}`, async () => adminCouponSchema, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'coupon', saved.id], saved);
      void client.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    },
  });
}
