import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/loading';
import { myReviewQuery, reviewsQuery } from './api';
import { useAfterFirstLoad } from '../../lib/after-first-load';
import { t } from '../../lib/i18n';
import { loadLaterMessages } from '../../locales/load';
import { Stars } from './stars';

// the reviews and the shopper's form (with the date formatting) render only once their answers
// arrived, after the first load: their code loads with them
// (their words are in the later catalogue: locales/catalogue.ts)
const parts = () => Promise.all([import('./review-parts'), loadLaterMessages()]).then(([m]) => m);
const ReviewList = lazy(async () => ({ default: (await parts()).ReviewList }));
const ReviewForm = lazy(async () => ({ default: (await parts()).ReviewForm }));

/**
 * "Ratings & reviews" on the product page (issue 39 §15): the approved reviews with their average,
 * and for a shopper who received the product, their own review to write or edit. A review waits
 * for the shop before it is shown.
 */
export function ProductReviews({ slug, signedIn, onSignIn }: { slug: string; signedIn: boolean; onSignIn: () => void }) {
  // below the fold: asked once the page's first load is over (a scroll, a tap or an idle moment),
  // so the zod contracts that parse the answers stay out of the first load (bench/bundle.ts)
  const ready = useAfterFirstLoad();
  const { data } = useQuery({ ...reviewsQuery(slug), enabled: ready });
  const mine = useQuery({ ...myReviewQuery(slug), enabled: ready && signedIn });
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-10 scroll-mt-20">
      <h2 id="reviews-title" className="mb-3 text-xl font-bold">
        {t('Ratings & reviews')}
      </h2>
      {data && data.count > 0 ? (
        <p className="mb-4 flex items-center gap-2">
          <span className="text-3xl font-bold">{data.average.toFixed(1)}</span>
          <Stars value={data.average} size={18} />
          <span className="text-sm text-gray-600">{t('{count, plural, one {# review} other {# reviews}}', { count: data.count })}</span>
        </p>
      ) : (
        data && <p className="mb-4 text-sm text-gray-600">{t('No reviews yet.')}</p>
      )}
      {signedIn ? (
        mine.data?.can_review ? (
          <Suspense fallback={<Spinner size={16} />}>
            <ReviewForm slug={slug} mine={mine.data} />
          </Suspense>
        ) : mine.data ? (
          <p className="mb-4 text-sm text-gray-600">{t('You can review this product once you have received it.')}</p>
        ) : null
      ) : (
        <p className="mb-4 text-sm text-gray-600">
          {t('Bought this?')}{' '}
          <button type="button" onClick={onSignIn} className="font-medium text-[var(--color-primary)] underline">
            {t('Sign in')}
          </button>{' '}
          {t('to review it.')}
        </p>
      )}
      {data && data.data.length > 0 && (
        <Suspense fallback={null}>
          <ReviewList reviews={data.data} />
        </Suspense>
      )}
    </section>
  );
}
