import { adminDeliverySchema, adminSlotBookingsSchema } from '@grocer/shared/admin-delivery';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/delivery: zones with pincodes and slot templates, and the warehouses. */
export const deliveryQuery = queryOptions({
  queryKey: ['admin', 'delivery'],
  queryFn: ({ signal }) => apiChecked('/api/admin/delivery', async () => adminDeliverySchema, { signal }),
});
export const useDelivery = () => useQuery(deliveryQuery);

/** GET /s/api/admin/delivery/slots/{id}/bookings: places taken per date. */
export const useSlotBookings = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'delivery', 'bookings', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/delivery/slots/${id}/bookings`, async () => adminSlotBookingsSchema, { signal }),
    enabled,
  });
