import { apiChecked } from '@grocer/shared/api-client';
import type { SubscriptionSettings, SubscriptionSettingsView, SubscriptionStatus } from '@grocer/shared/subscriptions';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// Administration → Subscriptions (issue 44 §6): the owner's calls, `/s/api/admin/subscriptions*`
// (the customers' permission). Each answer is parsed with the shared contract. The demand, the list
// and the low balances change as shoppers subscribe, skip and pause: a tab asks afresh each time it
// is opened (staleTime 0, not the app's 10 s), the last answer shown meanwhile.
const schemas = () => import('@grocer/shared/subscriptions');

/** GET /s/api/admin/subscriptions/demand?date=: units of each pack due that day (the dairy order). */
export const demandQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', 'demand', date],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/subscriptions/demand?date=${encodeURIComponent(date)}`, async () => (await schemas()).demandSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useDemand = (date: string) => useQuery(demandQuery(date));

/** GET /s/api/admin/subscriptions?status=: the website's subscriptions (all, or of one status). */
export const subscriptionsQuery = (status: SubscriptionStatus | undefined) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', 'list', status ?? 'all'],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/admin/subscriptions${status ? `?status=${status}` : ''}`,
        async () => (await schemas()).adminSubscriptionListSchema,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useAdminSubscriptions = (status: SubscriptionStatus | undefined) => useQuery(subscriptionsQuery(status));

/** GET /s/api/admin/subscriptions/low-balance?date=: customers whose wallet does not cover that day's deliveries. */
export const lowBalanceQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', 'low-balance', date],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/subscriptions/low-balance?date=${encodeURIComponent(date)}`, async () => (await schemas()).lowBalanceSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useLowBalance = (date: string) => useQuery(lowBalanceQuery(date));

/** GET /s/api/admin/subscriptions/settings: cut-off, subscribable packs (named), minimum top-up, cashback. */
export const settingsQuery = queryOptions({
  queryKey: ['admin', 'subscriptions', 'settings'],
  queryFn: ({ signal }) =>
    apiChecked('/api/admin/subscriptions/settings', async () => (await schemas()).subscriptionSettingsViewSchema, { signal }),
});
export const useSubscriptionSettings = () => useQuery(settingsQuery);

/** PUT /s/api/admin/subscriptions/settings (audited): answers the settings as saved. */
export function useSaveSubscriptionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionSettings): Promise<SubscriptionSettingsView> =>
      apiChecked('/api/admin/subscriptions/settings', async () => (await schemas()).subscriptionSettingsViewSchema, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => client.setQueryData(settingsQuery.queryKey, saved),
  });
}

/** GET /s/api/admin/subscriptions/packs?q=: the settings' pack picker. */
export const useSubscriptionPacks = (q: string) =>
  useQuery({
    queryKey: ['admin', 'subscriptions', 'packs', q],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/subscriptions/packs?q=${encodeURIComponent(q)}`, async () => (await schemas()).subscriptionPackChoicesSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: q !== '',
  });

/** GET /s/api/admin/subscriptions/deliveries?date=: the morning delivery list by pincode and area in route order. */
export const deliveriesQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', 'deliveries', date],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/subscriptions/deliveries?date=${encodeURIComponent(date)}`, async () => (await schemas()).deliveryListSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useDeliveries = (date: string) => useQuery(deliveriesQuery(date));

/** POST /s/api/admin/subscriptions/generate: the date's orders made now (once; the date's changes close with them). */
export function useGenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) =>
      apiChecked('/api/admin/subscriptions/generate', async () => (await schemas()).generationSummarySchema, {
        method: 'POST',
        body: { date },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'subscriptions'] }),
  });
}
