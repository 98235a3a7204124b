import { adminCouponListSchema, adminCouponSchema } from '@grocer/shared/admin-coupons';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/coupons: every coupon of the shop with its uses and discount given. */
export const couponsQuery = queryOptions({
  queryKey: ['admin', 'coupons'],
  queryFn: ({ signal }) => apiChecked('/api/admin/coupons', async () => adminCouponListSchema, { signal }),
});
export const useCoupons = () => useQuery(couponsQuery);

/** GET /s/api/admin/coupons/{id} */
export const couponQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'coupon', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/coupons/${id}`, async () => adminCouponSchema, { signal }),
  });
export const useCoupon = (id: number) => useQuery(couponQuery(id));
