import type { OrderTracking } from '@grocer/shared/delivery-trips';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

/**
 * GET /s/api/orders/:id/tracking: where the shopper's order is (issue 45 §5). Polled, not pushed:
 * every `refresh` seconds the server names (20 while out for delivery, 60 before, never once it
 * ended), only while the tab is visible (TanStack Query pauses intervals in a hidden tab), and
 * again as soon as the shopper comes back to it. A poll is one small indexed read, answered by
 * any process (no connection held per shopper, nothing to fan out behind a load balancer).
 */
export const trackingQuery = (id: string) =>
  queryOptions({
    queryKey: ['order', id, 'tracking'],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/orders/${encodeURIComponent(id)}/tracking`,
        async () => (await import('@grocer/shared/delivery-trips')).orderTrackingSchema,
        { signal },
      ),
    staleTime: 5_000,
    refetchInterval: (q) => refetchEvery(q.state.data),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** Milliseconds until the next ask, or false: nothing will change by itself. */
export const refetchEvery = (t: Pick<OrderTracking, 'refresh'> | undefined): number | false =>
  t && t.refresh > 0 ? t.refresh * 1000 : false;
