import { ReviewList } from '../../features/reviews/components/review-list';

export function ReviewsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Reviews</h1>
      <ReviewList />
    </>
  );
}
