import { ReviewList } from '../../features/reviews/components/review-list';
import { t } from '../../lib/i18n';

export function ReviewsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Reviews')}</h1>
      <ReviewList />
    </>
  );
}
