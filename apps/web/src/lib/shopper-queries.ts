import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from './api';

/**
 * Calls several features make with one cache key each, so they share one cached answer (features do
 * not import each other): the shopper's wallet (the wallet page's key), addresses (the account's
 * key) and a pincode's delivery slots. Each answer parsed with its shared contract, loaded with the call.
 */
export const walletQuery = queryOptions({
  queryKey: ['wallet'],
  queryFn: ({ signal }) =>
    apiChecked('/api/account/wallet', async () => (await import('@grocer/shared/wallet')).myWalletSchema, { signal }),
});
export const addressesQuery = queryOptions({
  queryKey: ['addresses'],
  queryFn: ({ signal }) => apiChecked('/api/addresses', async () => (await import('@grocer/shared/account')).addressListSchema, { signal }),
});
/** A sales agent's customer's addresses (the agent's checkout and the customer's subscriptions). */
export const customerAddressesQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['agent', 'customer-addresses', customerId],
    queryFn: ({ signal }) =>
      apiChecked(`/api/agent/customers/${customerId}/addresses`, async () => (await import('@grocer/shared/account')).addressListSchema, {
        signal,
      }),
  });
export const slotsQuery = (pincode: string | null) =>
  queryOptions({
    queryKey: ['slots', pincode],
    enabled: !!pincode,
    queryFn: ({ signal }) =>
      apiChecked(`/api/delivery/slots?pincode=${pincode}`, async () => (await import('@grocer/shared/delivery')).slotListSchema, {
        signal,
      }),
  });
