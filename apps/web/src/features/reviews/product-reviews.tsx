import type { MyReview } from '@grocer/shared/reviews';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/loading';
import { readError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { myReviewQuery, reviewsQuery, saveReview } from './api';

/** Filled stars for a rating out of five (read as "4 out of 5 stars"). */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={`${value} out of 5 stars`} className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} size={size} aria-hidden="true" fill={i <= full ? 'currentColor' : 'none'} strokeWidth={1.5} />
      ))}
    </span>
  );
}

/**
 * "Ratings & reviews" on the product page (issue 39 §15): the approved reviews with their average,
 * and for a shopper who received the product, their own review to write or edit. A review waits
 * for the shop before it is shown.
 */
export function ProductReviews({ slug, signedIn, onSignIn }: { slug: string; signedIn: boolean; onSignIn: () => void }) {
  const { data } = useQuery(reviewsQuery(slug));
  const mine = useQuery({ ...myReviewQuery(slug), enabled: signedIn });
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-10 scroll-mt-20">
      <h2 id="reviews-title" className="mb-3 text-xl font-bold">
        Ratings &amp; reviews
      </h2>
      {data && data.count > 0 ? (
        <p className="mb-4 flex items-center gap-2">
          <span className="text-3xl font-bold">{data.average.toFixed(1)}</span>
          <Stars value={data.average} size={18} />
          <span className="text-sm text-gray-600">
            {data.count} {data.count === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      ) : (
        data && <p className="mb-4 text-sm text-gray-600">No reviews yet.</p>
      )}
      {signedIn ? (
        mine.data?.can_review ? (
          <ReviewForm slug={slug} mine={mine.data} />
        ) : mine.data ? (
          <p className="mb-4 text-sm text-gray-600">You can review this product once you have received it.</p>
        ) : null
      ) : (
        <p className="mb-4 text-sm text-gray-600">
          Bought this?{' '}
          <button type="button" onClick={onSignIn} className="font-medium text-[var(--color-primary)] underline">
            Sign in
          </button>{' '}
          to review it.
        </p>
      )}
      {data && data.data.length > 0 && (
        <ul className="divide-y rounded-xl border">
          {data.data.map((r) => (
            <li key={r.id} className="p-4">
              <div className="flex items-center gap-2">
                <Stars value={r.rating} size={14} />
                <span className="text-sm font-medium">{r.author}</span>
                <span className="text-xs text-gray-500">{dayjs(r.created_at).format('MMM D, YYYY')}</span>
              </div>
              {r.body && <p className="mt-1 text-sm whitespace-pre-line text-gray-700">{r.body}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewForm({ slug, mine }: { slug: string; mine: MyReview }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(mine.review?.rating ?? 0);
  const [body, setBody] = useState(mine.review?.body ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setError('Choose 1 to 5 stars');
    setBusy(true);
    setError('');
    try {
      client.setQueryData(myReviewQuery(slug).queryKey, await saveReview(slug, { rating, body }));
      toast.success('Thanks! Your review will appear once the shop has checked it.');
    } catch (err) {
      setError(readError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mb-6 flex flex-col gap-3 rounded-xl border p-4" aria-label="Your review">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">{mine.review ? 'Your rating' : 'Rate this product'}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((i) => (
            <label key={i} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={i}
                checked={rating === i}
                onChange={() => setRating(i)}
                className="peer sr-only"
                aria-label={`${i} ${i === 1 ? 'star' : 'stars'}`}
              />
              <Star
                size={28}
                aria-hidden="true"
                strokeWidth={1.5}
                fill={i <= rating ? 'currentColor' : 'none'}
                className="rounded text-amber-500 peer-focus-visible:ring-2 peer-focus-visible:ring-[var(--color-primary)]"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">Your review (optional)</span>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} maxLength={2000} className="rounded-lg border p-2" />
      </label>
      {mine.review?.status === 'pending' && <p className="text-sm text-amber-700">Your review is waiting for the shop to check it.</p>}
      {mine.review?.status === 'rejected' && (
        <p className="text-sm text-gray-600">The shop did not publish your review. You can edit it.</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="flex h-10 w-fit items-center gap-2 rounded-lg bg-[var(--color-primary)] px-4 text-sm font-semibold text-white disabled:opacity-60"
      >
        {busy && <Spinner size={16} />} {mine.review ? 'Update review' : 'Submit review'}
      </button>
    </form>
  );
}
