import { apiChecked } from '@grocer/shared/api-client';

export const lookupCustomer = (mobile: string) =>
  apiChecked(`/api/pos/customers?mobile=${mobile}`, async () => (await import('@grocer/shared/pos')).customerLookupSchema);
