import { apiChecked } from '@grocer/shared/api-client';

export const savePosSettings = (body: { upi_vpa: string; payee_name: string; max_discount_percent: number }) =>
  apiChecked('/api/pos/settings', async () => (await import('@grocer/shared/pos')).posSettingsSchema, { method: 'PUT', body });
