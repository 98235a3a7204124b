import type { MyReview, ProductReviews } from '@grocer/shared/reviews';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/loading';
import { readError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { myReviewQuery, saveReview } from './api';
import { language, t } from '../../lib/i18n';
import { formatDate } from '@grocer/shared/format';
import { Stars } from './stars';

/** The approved reviews, newest first (loaded with their answer: product-reviews.tsx). */
export function ReviewList({ reviews }: { reviews: ProductReviews['data'] }) {
  return (
    <ul className="divide-y rounded-xl border">
      {reviews.map((r) => (
        <li key={r.id} className="p-4">
          <div className="flex items-center gap-2">
            <Stars value={r.rating} size={14} />
            <span className="text-sm font-medium">{r.author}</span>
            <span className="text-xs text-gray-500">{formatDate(r.created_at, language())}</span>
          </div>
          {r.body && <p className="mt-1 text-sm whitespace-pre-line text-gray-700">{r.body}</p>}
        </li>
      ))}
    </ul>
  );
}

export function ReviewForm({ slug, mine }: { slug: string; mine: MyReview }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(mine.review?.rating ?? 0);
  const [body, setBody] = useState(mine.review?.body ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setError(t('Choose 1 to 5 stars'));
    setBusy(true);
    setError('');
    try {
      client.setQueryData(myReviewQuery(slug).queryKey, await saveReview(slug, { rating, body }));
      toast.success(t('Thanks! Your review will appear once the shop has checked it.'));
    } catch (err) {
      setError(readError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mb-6 flex flex-col gap-3 rounded-xl border p-4" aria-label={t('Your review')}>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">{mine.review ? t('Your rating') : t('Rate this product')}</legend>
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
                aria-label={t('{count, plural, one {# star} other {# stars}}', { count: i })}
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
        <span className="font-semibold">{t('Your review (optional)')}</span>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} maxLength={2000} className="rounded-lg border p-2" />
      </label>
      {mine.review?.status === 'pending' && (
        <p className="text-sm text-amber-700">{t('Your review is waiting for the shop to check it.')}</p>
      )}
      {mine.review?.status === 'rejected' && (
        <p className="text-sm text-gray-600">{t('The shop did not publish your review. You can edit it.')}</p>
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
        {busy && <Spinner size={16} />} {mine.review ? t('Update review') : t('Submit review')}
      </button>
    </form>
  );
}
