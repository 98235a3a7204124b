import { whatsappSettingsSchema, type WhatsappSettingsBody } from '@grocer/shared/whatsapp';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/whatsapp: the settings, each secret only as "set" with its last four characters. */
export const whatsappSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'whatsapp'],
    queryFn: ({ signal }) => apiChecked('/api/admin/whatsapp', async () => whatsappSettingsSchema, { signal }),
  });
export const useWhatsappSettings = () => useQuery(whatsappSettingsQuery());

/** PUT /s/api/admin/whatsapp: secrets left empty keep the stored ones. */
export function useSaveWhatsappSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsappSettingsBody) =>
      apiChecked('/api/admin/whatsapp', async () => whatsappSettingsSchema, { method: 'PUT', body }),
    onSuccess: (s) => client.setQueryData(['admin', 'whatsapp'], s),
  });
}
