import { formatDate } from '@grocer/shared/format';
import type { AdminReview, ReviewStatus } from '@grocer/shared/reviews';
import { createColumnHelper } from '@tanstack/react-table';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable } from '../../../components/ui/data-table';
import { StatusChips } from '../../../components/ui/status-chips';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useModerateReviews, useReviews } from '../api/reviews';
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'updated', dir: 'asc', perPage: 20 };
const col = createColumnHelper<AdminReview>();
const STATUSES: Array<[ReviewStatus, string]> = [
  ['pending', 'Waiting'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
];
const button = 'rounded-md px-3 py-1.5 text-xs font-medium disabled:opacity-50';

/**
 * Administration → Reviews (issue 39 §15): shoppers' ratings and words on products they received.
 * Waiting ones first (oldest first); Approve puts a review on the product page and in its average,
 * Reject keeps it off. Status, search and page are in the address.
 */
export function ReviewList() {
  const list = useListState(DEFAULTS);
  const status = (list.filter('status') || 'pending') as ReviewStatus;
  const reviews = useReviews({ status, q: list.q, page: list.page, perPage: list.perPage });
  const moderate = useModerateReviews();
  const decide = async (rows: AdminReview[], to: 'approved' | 'rejected', done?: () => void) => {
    try {
      await moderate.mutateAsync({ ids: rows.map((r) => r.id), status: to });
      toast.success(`${rows.length === 1 ? 'Review' : `${rows.length} reviews`} ${to}`);
      done?.();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const columns = [
    col.accessor('product_name', {
      header: t('Product'),
      cell: ({ row: { original: r } }) => (
        <Link to={paths.product(r.product_id)} className="font-medium text-teal-800 underline">
          {r.product_name}
        </Link>
      ),
    }),
    col.accessor('rating', {
      header: t('Rating'),
      cell: ({ getValue }) => (
        <span role="img" aria-label={t('{getValue} out of 5 stars', { getValue: getValue() })} className="inline-flex text-amber-500">
          {[1, 2, 3, 4, 5].map((i) => (
            <Star key={i} className="size-4" aria-hidden fill={i <= getValue() ? 'currentColor' : 'none'} />
          ))}
        </span>
      ),
    }),
    col.accessor('body', {
      header: t('Review'),
      cell: ({ getValue }) => (
        <p className="max-w-md whitespace-pre-line text-gray-800">{getValue() || <em className="text-gray-500">{t('No words')}</em>}</p>
      ),
    }),
    col.accessor('author', { header: t('Shopper') }),
    col.accessor('updated_at', { header: t('Written'), cell: ({ getValue }) => formatDate(getValue()) }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('Actions')}</span>,
      cell: ({ row: { original: r } }) => (
        <span className="flex justify-end gap-2">
          {r.status !== 'approved' && (
            <button
              type="button"
              disabled={moderate.isPending}
              onClick={() => void decide([r], 'approved')}
              aria-label={t('Approve the review of {productName} by {author}', { productName: r.product_name, author: r.author })}
              className={`${button} bg-teal-700 text-white hover:bg-teal-800`}
            >
              {t('Approve')}
            </button>
          )}
          {r.status !== 'rejected' && (
            <button
              type="button"
              disabled={moderate.isPending}
              onClick={() => void decide([r], 'rejected')}
              aria-label={t('Reject the review of {productName} by {author}', { productName: r.product_name, author: r.author })}
              className={`${button} border bg-white text-red-700 hover:bg-red-50`}
            >
              {t('Reject')}
            </button>
          )}
        </span>
      ),
    }),
  ];

  return (
    <DataTable
      label={t('Reviews')}
      columns={columns}
      rows={reviews.data?.data}
      total={reviews.data?.meta.total}
      loading={reviews.isFetching}
      error={reviews.error ? errorMessage(reviews.error) : undefined}
      getRowId={(r) => String(r.id)}
      rowName={(r) => `the review of ${r.product_name} by ${r.author}`}
      list={list}
      searchLabel={t('Search reviews')}
      filters={
        <StatusChips
          options={STATUSES}
          value={status}
          onChoose={(value) => list.set({ status: value === 'pending' ? undefined : value })}
        />
      }
      bulkActions={(selected, clear) => (
        <>
          {status !== 'approved' && (
            <button type="button" onClick={() => void decide(selected, 'approved', clear)} className={`${button} bg-teal-700 text-white`}>
              {t('Approve selected')}
            </button>
          )}
          {status !== 'rejected' && (
            <button
              type="button"
              onClick={() => void decide(selected, 'rejected', clear)}
              className={`${button} border bg-white text-red-700`}
            >
              {t('Reject selected')}
            </button>
          )}
        </>
      )}
      empty={status === 'pending' ? t('No reviews waiting. Shoppers review products they received.') : t('No reviews here.')}
    />
  );
}
