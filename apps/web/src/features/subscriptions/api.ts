import type { SubscriptionCreate } from '@grocer/shared/subscriptions';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../lib/api';

// The shopper's subscriptions (issue 44 §4): every answer parsed with the shared contract, loaded with the call.
const contracts = () => import('@grocer/shared/subscriptions');
const one = async () => (await contracts()).subscriptionSchema;
const calendar = async () => (await contracts()).calendarSchema;
const at = (id: number) => `/api/account/subscriptions/${id}`;

/** The public offer (its own module: the product page needs only it). */
export { offerQuery } from './offer';
export const subscriptionsQuery = queryOptions({
  queryKey: ['subscriptions', 'mine'],
  queryFn: ({ signal }) => apiChecked('/api/account/subscriptions', async () => (await contracts()).subscriptionListSchema, { signal }),
});
export const subscriptionQuery = (id: number) =>
  queryOptions({ queryKey: ['subscriptions', 'mine', id], queryFn: ({ signal }) => apiChecked(at(id), one, { signal }) });
export const calendarQuery = (id: number) =>
  queryOptions({
    queryKey: ['subscriptions', 'mine', id, 'calendar'],
    queryFn: ({ signal }) => apiChecked(`${at(id)}/calendar`, calendar, { signal }),
  });

/** The wallet, the addresses and a pincode's slots: the calls (and cache keys) checkout and the account use too. */
export { addressesQuery, slotsQuery, walletQuery as walletBalanceQuery } from '../../lib/shopper-queries';

export const subscriptionsApi = {
  create: (body: SubscriptionCreate) => apiChecked('/api/account/subscriptions', one, { method: 'POST', body }),
  /** quantity 0 skips the day */
  setDay: (id: number, body: { date: string; quantity: number }) => apiChecked(`${at(id)}/days`, calendar, { method: 'PUT', body }),
  /** packs to add to a delivery: the catalogue's search, in stock only (as an order edit's) */
  search: (q: string, signal?: AbortSignal) =>
    apiChecked(
      `/api/products?q=${encodeURIComponent(q)}&perPage=8&in_stock=1`,
      async () => (await import('@grocer/shared/catalogue')).productListSchema,
      { signal },
    ),
  /** a one-off item in a day's delivery (quantity 0 removes it) */
  setExtra: (id: number, body: { date: string; pack_id: number; quantity: number }) =>
    apiChecked(`${at(id)}/extras`, calendar, { method: 'PUT', body }),
  pause: (id: number, body: { from: string; to: string }) => apiChecked(`${at(id)}/pause`, one, { method: 'POST', body }),
  resume: (id: number) => apiChecked(`${at(id)}/resume`, one, { method: 'POST' }),
  cancel: (id: number) => apiChecked(`${at(id)}/cancel`, one, { method: 'POST' }),
};
