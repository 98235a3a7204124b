import { adminSummarySchema } from '@grocer/shared/admin-catalogue';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const summaryQuery = () =>
  queryOptions({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => apiChecked('/api/admin/summary', async () => adminSummarySchema, { signal }),
  });

export const useSummary = () => useQuery(summaryQuery());
