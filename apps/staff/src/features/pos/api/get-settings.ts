import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const posSettingsQuery = () =>
  queryOptions({
    queryKey: ['pos', 'settings'],
    queryFn: ({ signal }) =>
      apiChecked('/api/pos/settings', async () => (await import('@grocer/shared/pos')).posSettingsSchema, { signal }),
    staleTime: Infinity,
  });
export const usePosSettings = () => useQuery(posSettingsQuery());
