import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../lib/api';

/**
 * Public: the packs the owner made subscribable, the cut-off and the first open start date; the
 * answer parsed with the shared contract, loaded with the call. A module of its own, so the
 * product page's Subscribe button does not bring the account's subscription calls.
 */
export const offerQuery = queryOptions({
  queryKey: ['subscriptions', 'offer'],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }) =>
    apiChecked('/api/subscriptions/offer', async () => (await import('@grocer/shared/subscriptions')).subscriptionOfferSchema, { signal }),
});
