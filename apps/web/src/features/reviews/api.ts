import type { MyReview, ProductReviews, ReviewInput } from '@grocer/shared/reviews';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../lib/api';

// the contracts load with the calls (below the fold), never in the first load
const contracts = () => import('@grocer/shared/reviews');
const base = (slug: string) => `/api/products/${encodeURIComponent(slug)}/reviews`;

/** GET /s/api/products/{slug}/reviews: approved reviews with their average and count. */
export const reviewsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'reviews'],
    queryFn: ({ signal }) => apiChecked<ProductReviews>(base(slug), async () => (await contracts()).productReviewsSchema, { signal }),
  });

/** GET /s/api/products/{slug}/reviews/mine: may the shopper review it, and what they wrote. */
export const myReviewQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'reviews', 'mine'],
    queryFn: ({ signal }) => apiChecked<MyReview>(`${base(slug)}/mine`, async () => (await contracts()).myReviewSchema, { signal }),
  });

/** POST /s/api/products/{slug}/reviews: writes (or edits) the shopper's review; it waits for the shop. */
export const saveReview = (slug: string, input: ReviewInput) =>
  apiChecked<MyReview>(base(slug), async () => (await contracts()).myReviewSchema, { method: 'POST', body: input });
