import { adminReviewListSchema, type AdminReviewsQuery, type ReviewStatus } from '@grocer/shared/reviews';
import { api, apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/reviews: the website's reviews of one status (pending: the oldest waiting first). */
export const reviewsQuery = (v: AdminReviewsQuery) =>
  queryOptions({
    queryKey: ['admin', 'reviews', v],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/admin/reviews?${new URLSearchParams({ status: v.status, q: v.q, page: String(v.page), perPage: String(v.perPage) })}`,
        async () => adminReviewListSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
export const useReviews = (v: AdminReviewsQuery) => useQuery(reviewsQuery(v));

/** POST /s/api/admin/reviews/{id}: approve or reject (each of `ids`, one call each). */
export function useModerateReviews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: number[]; status: Exclude<ReviewStatus, 'pending'> }) => {
      for (const id of ids) await api(`/api/admin/reviews/${id}`, { method: 'POST', body: { status } });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}
