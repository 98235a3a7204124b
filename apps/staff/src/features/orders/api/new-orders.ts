import { adminOrderListSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { useQuery } from '@tanstack/react-query';

/** How often the open Administration asks for new orders. */
export const NEW_ORDERS_EVERY_MS = 30_000;

/**
 * Orders placed and not yet confirmed (the newest five, and how many), asked every 30 s while
 * Administration is open, also in a background tab: the badge, the sound and the title follow it.
 */
export const useNewOrders = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'orders', 'new'],
    queryFn: ({ signal }) =>
      apiChecked('/api/admin/orders?status=placed&perPage=5&sort=placed&dir=desc', async () => adminOrderListSchema, { signal }),
    enabled,
    refetchInterval: NEW_ORDERS_EVERY_MS,
    refetchIntervalInBackground: true,
  });
