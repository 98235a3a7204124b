import { analyticsSettingsSchema, analyticsSummarySchema, type AnalyticsSettings } from '@grocer/shared/analytics';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/analytics: the first-party figures of the last `days` days. */
export const analyticsQuery = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'analytics', days],
    queryFn: ({ signal }) => apiChecked(`/api/admin/analytics?days=${days}`, async () => analyticsSummarySchema, { signal }),
  });
export const useAnalytics = (days: number) => useQuery(analyticsQuery(days));

export const analyticsSettingsQuery = queryOptions({
  queryKey: ['admin', 'analytics', 'settings'],
  queryFn: ({ signal }) => apiChecked('/api/admin/analytics/settings', async () => analyticsSettingsSchema, { signal }),
});

/** PUT /s/api/admin/analytics/settings (audited). */
export function useSaveAnalyticsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalyticsSettings) =>
      apiChecked('/api/admin/analytics/settings', async () => analyticsSettingsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(analyticsSettingsQuery.queryKey, saved);
      void client.invalidateQueries({ queryKey: ['admin', 'analytics'] });
    },
  });
}
