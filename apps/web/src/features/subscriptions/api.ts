import type { SubscriptionCreate } from '@grocer/shared/subscriptions';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../lib/api';
import { paths } from '../../lib/paths';

// The shopper's subscriptions (issue 44 §4), or a sales agent's customer's (the same calls under
// the agent's base): every answer parsed with the shared contract, loaded with the call.
const contracts = () => import('@grocer/shared/subscriptions');
const one = async () => (await contracts()).subscriptionSchema;
const calendar = async () => (await contracts()).calendarSchema;

/**
 * Whose subscriptions the pages show and change: the signed-in shopper's own (`OWN`), or one
 * customer's, managed by their sales agent (`customerSubscriptions`). The pages are the same; the
 * calls' base, the cache and the pages' addresses differ.
 */
export interface SubscriptionOwner {
  /** the calls' base: `/api/account/subscriptions` or `/api/agent/customers/{id}/subscriptions` */
  api: string;
  /** the pages' base (a subscription's page is `{pages}/{id}`) */
  pages: string;
  /** the cache keys' prefix */
  key: readonly unknown[];
  /** the customer a sales agent manages them for; none for the shopper's own */
  customer?: { id: number; name: string };
}
export const OWN: SubscriptionOwner = {
  api: '/api/account/subscriptions',
  pages: '/account/subscriptions',
  key: ['subscriptions', 'mine'],
};
/** A sales agent's customer's subscriptions (the server answers 404 for a customer not assigned to the agent). */
export const customerSubscriptions = (customer: { id: number; name: string }): SubscriptionOwner => ({
  api: `/api/agent/customers/${customer.id}/subscriptions`,
  pages: paths.customerSubscriptions(customer.id),
  key: ['subscriptions', 'customer', customer.id],
  customer,
});

/** The public offer (its own module: the product page needs only it). */
export { offerQuery } from './offer';
export const subscriptionsQuery = (o: SubscriptionOwner = OWN) =>
  queryOptions({
    queryKey: [...o.key],
    queryFn: ({ signal }) => apiChecked(o.api, async () => (await contracts()).subscriptionListSchema, { signal }),
  });
export const subscriptionQuery = (id: number, o: SubscriptionOwner = OWN) =>
  queryOptions({ queryKey: [...o.key, id], queryFn: ({ signal }) => apiChecked(`${o.api}/${id}`, one, { signal }) });
export const calendarQuery = (id: number, o: SubscriptionOwner = OWN) =>
  queryOptions({
    queryKey: [...o.key, id, 'calendar'],
    queryFn: ({ signal }) => apiChecked(`${o.api}/${id}/calendar`, calendar, { signal }),
  });

/** The wallet, the addresses and a pincode's slots: the calls (and cache keys) checkout and the account use too. */
export { addressesQuery, customerAddressesQuery, slotsQuery, walletQuery as walletBalanceQuery } from '../../lib/shopper-queries';

/** The changes of one owner's subscriptions. */
export const subscriptionsApiOf = (o: SubscriptionOwner) => {
  const at = (id: number) => `${o.api}/${id}`;
  return {
    create: (body: SubscriptionCreate) => apiChecked(o.api, one, { method: 'POST', body }),
    /** quantity 0 skips the day */
    setDay: (id: number, body: { date: string; quantity: number }) => apiChecked(`${at(id)}/days`, calendar, { method: 'PUT', body }),
    /** a one-off item in a day's delivery (quantity 0 removes it) */
    setExtra: (id: number, body: { date: string; pack_id: number; quantity: number }) =>
      apiChecked(`${at(id)}/extras`, calendar, { method: 'PUT', body }),
    pause: (id: number, body: { from: string; to: string }) => apiChecked(`${at(id)}/pause`, one, { method: 'POST', body }),
    resume: (id: number) => apiChecked(`${at(id)}/resume`, one, { method: 'POST' }),
    cancel: (id: number) => apiChecked(`${at(id)}/cancel`, one, { method: 'POST' }),
  };
};

/** The catalogue's search (`in_stock`: only what can be bought now). */
const productSearch = (q: string, perPage: number, inStock: boolean, signal?: AbortSignal) =>
  apiChecked(
    `/api/products?q=${encodeURIComponent(q)}&perPage=${perPage}${inStock ? '&in_stock=1' : ''}`,
    async () => (await import('@grocer/shared/catalogue')).productListSchema,
    { signal },
  );

/**
 * Products to subscribe to, for a sales agent starting a customer's subscription: the catalogue's
 * search, whatever the stock today (the deliveries start later); the form keeps the offer's packs.
 */
export const subscribableSearch = (q: string, signal?: AbortSignal) => productSearch(q, 20, false, signal);

export const subscriptionsApi = {
  ...subscriptionsApiOf(OWN),
  /** packs to add to a delivery: the catalogue's search, in stock only (as an order edit's) */
  search: (q: string, signal?: AbortSignal) => productSearch(q, 8, true, signal),
};
