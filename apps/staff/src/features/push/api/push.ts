import { apiChecked } from '@grocer/shared/api-client';
import { pushStatusSchema, type PushSubscriptionInput } from '@grocer/shared/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const key = ['admin', 'orders', 'push'] as const;

/** GET /s/api/admin/orders/push: the VAPID public key, and how many of the person's browsers are subscribed. */
export const usePushStatus = (enabled: boolean) =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiChecked('/api/admin/orders/push', async () => pushStatusSchema, { signal }),
    enabled,
    staleTime: 60_000,
  });

/** POST (subscribe this browser) and DELETE (forget it) on /s/api/admin/orders/push. */
export function usePushChanges() {
  const client = useQueryClient();
  const done = (s: unknown) => client.setQueryData(key, s);
  return {
    subscribe: useMutation({
      mutationFn: (sub: PushSubscriptionInput) =>
        apiChecked('/api/admin/orders/push', async () => pushStatusSchema, { method: 'POST', body: sub }),
      onSuccess: done,
    }),
    unsubscribe: useMutation({
      mutationFn: (endpoint: string) =>
        apiChecked('/api/admin/orders/push', async () => pushStatusSchema, { method: 'DELETE', body: { endpoint } }),
      onSuccess: done,
    }),
  };
}
