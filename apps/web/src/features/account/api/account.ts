import type { Account, Address, AddressInput, CodeSent } from '@grocer/shared/account';
import type { User } from '@grocer/shared/storefront';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const accountQuery = queryOptions({ queryKey: ['account'], queryFn: ({ signal }) => api<Account>('/api/account', { signal }) });
export const addressesQuery = queryOptions({ queryKey: ['addresses'], queryFn: ({ signal }) => api<{ data: Address[] }>('/api/addresses', { signal }) });
export const agentDashboardQuery = queryOptions({
  queryKey: ['agent', 'dashboard'],
  queryFn: ({ signal }) => api<{ agent: string; website: { id: number; name: string } | string; shoppers: number }>('/api/agent/dashboard', { signal }),
});

export const accountApi = {
  saveDetails: (body: { name: string; email: string; phone: string }) => api<{ user: User; pending: CodeSent | null }>('/api/account/details', { method: 'PUT', body }),
  /** `alsoCode`: the code sent to the new mobile when the email changes too */
  verifyDetails: (code: string, alsoCode?: string) => api<{ user: User }>('/api/account/details/verify', { method: 'POST', body: { code, also_code: alsoCode } }),
  addAddress: (body: AddressInput) => api<Address>('/api/addresses', { method: 'POST', body }),
  updateAddress: (id: number, body: AddressInput) => api<Address>(`/api/addresses/${id}`, { method: 'PUT', body }),
  deleteAddress: (id: number) => api<{ ok: true }>(`/api/addresses/${id}`, { method: 'DELETE' }),
  setDefault: (id: number) => api<Address>(`/api/addresses/${id}/default`, { method: 'POST' }),
};
