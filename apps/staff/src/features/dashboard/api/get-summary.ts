import { adminSummarySchema } from '@grocer/shared/admin-catalogue';
import { api } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const summaryQuery = () => queryOptions({ queryKey: ['admin', 'summary'], queryFn: ({ signal }) => api('/api/admin/summary', { schema: adminSummarySchema, signal }) });

export const useSummary = () => useQuery(summaryQuery());
