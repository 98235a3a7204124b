import {
  connectionResultSchema,
  paymentSettingsSchema,
  type KeyedProvider,
  type PaymentSettings,
  type ProviderKeysBody,
} from '@grocer/shared/admin-payments';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/payments: the keys' ids and last four characters (never a secret), the webhook URLs, COD on or off. */
export const paymentSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'payments'],
    queryFn: ({ signal }) => apiChecked('/api/admin/payments', async () => paymentSettingsSchema, { signal }),
  });
export const usePaymentSettings = () => useQuery(paymentSettingsQuery());

function useSettingsMutation<I>(call: (input: I) => Promise<PaymentSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (s) => client.setQueryData(['admin', 'payments'], s),
  });
}

/** PUT /s/api/admin/payments/:provider (keys), DELETE (remove), PUT /cod (on or off). */
export const useSaveKeys = (provider: KeyedProvider) =>
  useSettingsMutation((body: ProviderKeysBody) =>
    apiChecked(`/api/admin/payments/${provider}`, async () => paymentSettingsSchema, { method: 'PUT', body }),
  );
export const useRemoveKeys = (provider: KeyedProvider) =>
  useSettingsMutation(() => apiChecked(`/api/admin/payments/${provider}`, async () => paymentSettingsSchema, { method: 'DELETE' }));
export const useSetCod = () =>
  useSettingsMutation((on: boolean) =>
    apiChecked('/api/admin/payments/cod', async () => paymentSettingsSchema, { method: 'PUT', body: { cod_enabled: on } }),
  );

/** POST /s/api/admin/payments/:provider/test: the typed keys, or the saved ones. */
export const useTestConnection = (provider: KeyedProvider) =>
  useMutation({
    mutationFn: (typed: ProviderKeysBody | null) =>
      apiChecked(`/api/admin/payments/${provider}/test`, async () => connectionResultSchema, { method: 'POST', body: typed ?? {} }),
  });
