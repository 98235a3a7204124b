import { z } from 'zod';
import { pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';

/**
 * Shopper reviews (issue 39, point 15). Only a shopper who received the product (a line of it in a
 * delivered order) may review it, once per product (a second write edits the first). Every write
 * starts `pending`; staff approve or reject it, and only approved reviews are shown and counted.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_BODY_MAX = 2000;

/** POST /s/api/products/{id}/reviews */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Rating is required' })
    .int('Rating is a whole number of stars')
    .min(1, 'Rating is 1 to 5 stars')
    .max(5, 'Rating is 1 to 5 stars'),
  body: z.string().trim().max(REVIEW_BODY_MAX, `A review can be at most ${REVIEW_BODY_MAX} characters`).default(''),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A review as the product page shows it: the reviewer's first name only. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /s/api/products/{id}/reviews: approved reviews, newest first, with the summary they make. */
export const productReviewsSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  data: z.array(publicReviewSchema),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** GET /s/api/products/{id}/reviews/mine: may this shopper review it, and their review if any. */
export const myReviewSchema = z.object({
  can_review: z.boolean(),
  review: z.object({ rating: z.number().int(), body: z.string(), status: z.enum(REVIEW_STATUSES) }).nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** GET /s/api/admin/reviews */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).default('pending'),
  /** words in the review */
  q: z.string().trim().max(100, 'Search is too long').default(''),
  page: pageSchema,
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` })
    .default(20),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

export const adminReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  author: z.string(),
  rating: z.number().int(),
  body: z.string(),
  status: z.enum(REVIEW_STATUSES),
  updated_at: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = z.object({
  data: z.array(adminReviewSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** POST /s/api/admin/reviews/{id}: approve or reject (again: a decision may be changed) */
export const reviewDecisionSchema = z.object({ status: z.enum(['approved', 'rejected']) });
