import { apiChecked } from '@grocer/shared/api-client';
import {
  accountSummarySchema,
  adminCustomerAccountsSchema,
  khataSettingsSchema,
  postedEntrySchema,
  statementSchema,
} from '@grocer/shared/wallet';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A fresh key per money call: a retry of the same call (a double tap, a lost answer) posts once. */
export const newKey = () => `staff-${crypto.randomUUID()}`;

/** GET /s/api/admin/wallets/customers/:id: the customer's wallet and khata, with their latest entries. */
export const customerAccountsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'wallets', 'customer', userId],
    queryFn: ({ signal }) => apiChecked(`/api/admin/wallets/customers/${userId}`, async () => adminCustomerAccountsSchema, { signal }),
  });
export const useCustomerAccounts = (userId: number) => useQuery(customerAccountsQuery(userId));

/** GET …/accounts/:id/statement: the last three months (shop calendar). */
export const useStatement = (accountId: number | null) =>
  useQuery({
    queryKey: ['admin', 'wallets', 'statement', accountId],
    enabled: accountId !== null,
    queryFn: ({ signal }) => apiChecked(`/api/admin/wallets/accounts/${accountId}/statement`, async () => statementSchema, { signal }),
  });

/** Open a khata, change its limit, give goodwill credit, record a cash payment: each refreshes the card. */
export function useWalletMoves(userId: number) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['admin', 'wallets'] });
  return {
    openKhata: useMutation({
      mutationFn: (credit_limit_paise: number) =>
        apiChecked(`/api/admin/wallets/customers/${userId}/khata`, async () => accountSummarySchema, {
          method: 'POST',
          body: { credit_limit_paise },
        }),
      onSuccess: done,
    }),
    setLimit: useMutation({
      mutationFn: (v: { accountId: number; credit_limit_paise: number }) =>
        apiChecked(`/api/admin/wallets/accounts/${v.accountId}/limit`, async () => accountSummarySchema, {
          method: 'PUT',
          body: { credit_limit_paise: v.credit_limit_paise },
        }),
      onSuccess: done,
    }),
    goodwill: useMutation({
      mutationFn: (v: { amount_paise: number; reason: string; idempotency_key: string }) =>
        apiChecked(`/api/admin/wallets/customers/${userId}/goodwill`, async () => postedEntrySchema, { method: 'POST', body: v }),
      onSuccess: done,
    }),
    payment: useMutation({
      mutationFn: (v: { accountId: number; amount_paise: number; note: string; idempotency_key: string }) =>
        apiChecked(`/api/admin/wallets/accounts/${v.accountId}/payments`, async () => postedEntrySchema, {
          method: 'POST',
          body: { amount_paise: v.amount_paise, note: v.note, idempotency_key: v.idempotency_key },
        }),
      onSuccess: done,
    }),
  };
}

/** GET/PUT /s/api/admin/wallets/settings: the days a khata statement gives to pay (issue 44 §2). */
export function useKhataSettings() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'wallets', 'settings'],
    queryFn: ({ signal }) => apiChecked('/api/admin/wallets/settings', async () => khataSettingsSchema, { signal }),
  });
  const save = useMutation({
    mutationFn: (due_days: number) =>
      apiChecked('/api/admin/wallets/settings', async () => khataSettingsSchema, { method: 'PUT', body: { due_days } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'wallets', 'settings'] }),
  });
  return { query, save };
}
