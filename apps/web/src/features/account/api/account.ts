import type { AddressInput, DetailsBody } from '@grocer/shared/account';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// Answers are parsed with the shared contracts, loaded with the call (zod off the first load).
const contracts = () => import('@grocer/shared/account');
const privacy = () => import('@grocer/shared/privacy');
const ok = async () => (await import('@grocer/shared/storefront')).okSchema;

export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: ({ signal }) => apiChecked('/api/account', async () => (await contracts()).accountSchema, { signal }),
});
export const addressesQuery = queryOptions({
  queryKey: ['addresses'],
  queryFn: ({ signal }) => apiChecked('/api/addresses', async () => (await contracts()).addressListSchema, { signal }),
});
const agents = () => import('@grocer/shared/agents');
/** The agent's own figures for a range (default: this month so far). */
export const agentDashboardQuery = (range: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['agent', 'dashboard', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams(Object.entries(range).filter((e): e is [string, string] => !!e[1]));
      return apiChecked(`/api/agent/dashboard${q.size ? `?${q}` : ''}`, async () => (await agents()).agentDashboardSchema, { signal });
    },
  });

export const accountApi = {
  saveDetails: (body: DetailsBody) =>
    apiChecked('/api/account/details', async () => (await contracts()).detailsResponseSchema, { method: 'PUT', body }),
  /** `alsoCode`: the code sent to the new mobile when the email changes too */
  verifyDetails: (code: string, alsoCode?: string) =>
    apiChecked('/api/account/details/verify', async () => (await contracts()).detailsVerifyResponseSchema, {
      method: 'POST',
      body: { code, also_code: alsoCode },
    }),
  addAddress: (body: AddressInput) => apiChecked('/api/addresses', async () => (await contracts()).addressSchema, { method: 'POST', body }),
  /** a sales agent adds an address to their customer's book */
  addCustomerAddress: (customerId: number, body: AddressInput) =>
    apiChecked(`/api/agent/customers/${customerId}/addresses`, async () => (await contracts()).addressSchema, { method: 'POST', body }),
  updateAddress: (id: number, body: AddressInput) =>
    apiChecked(`/api/addresses/${id}`, async () => (await contracts()).addressSchema, { method: 'PUT', body }),
  deleteAddress: (id: number) => apiChecked(`/api/addresses/${id}`, ok, { method: 'DELETE' }),
  setDefault: (id: number) => apiChecked(`/api/addresses/${id}/default`, async () => (await contracts()).addressSchema, { method: 'POST' }),
  setConsent: (analytics: boolean) =>
    apiChecked('/api/account/consent', async () => (await privacy()).consentResponseSchema, { method: 'PUT', body: { analytics } }),
  deleteAccount: () =>
    apiChecked('/api/account/delete', async () => (await privacy()).deleteAccountResponseSchema, {
      method: 'POST',
      body: { confirm: true },
    }),
};
