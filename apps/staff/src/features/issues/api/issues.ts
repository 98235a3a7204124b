import { adminIssueListSchema, adminIssueSchema } from '@grocer/shared/support';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type IssueView = { status: 'open' | 'resolved' | 'all'; q?: string; page: number; perPage: number };

/** GET /s/api/admin/issues: shoppers' reports on delivered orders, newest first. */
export const issuesQuery = (v: IssueView) =>
  queryOptions({
    queryKey: ['admin', 'issues', v],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/admin/issues?${new URLSearchParams({ status: v.status, ...(v.q ? { q: v.q } : {}), page: String(v.page), perPage: String(v.perPage) })}`,
        async () => adminIssueListSchema,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
export const useIssues = (v: IssueView) => useQuery(issuesQuery(v));

/** POST /s/api/admin/issues/{id}/resolve: what was done; the shopper is told by email. */
export function useResolveIssue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: number; resolution: string }) =>
      apiChecked(`/api/admin/issues/${id}/resolve`, async () => adminIssueSchema, { method: 'POST', body: { resolution } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'issues'] }),
  });
}
