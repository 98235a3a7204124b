import { formatDateTime } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { DRAFT_STATUS_LABELS } from '@grocer/shared/order-drafts';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useDrafts } from '../api/drafts';
import { t } from '../../../lib/i18n';

/** The website's draft orders (Orders → Drafts), newest first, each with the order it became. */
export function DraftList() {
  const drafts = useDrafts();
  if (drafts.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(drafts.error)}
      </p>
    );
  if (!drafts.data) return <LoadingView />;
  if (drafts.data.data.length === 0)
    return <p className="text-sm text-gray-600">{t('No draft orders yet. Start one with “New order”.')}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('Draft orders')}</caption>
        <thead className="border-b bg-gray-50 text-left text-xs text-gray-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('Draft')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('Customer')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('Created')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('Items')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('Total')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('Status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.data.data.map((d) => (
            <tr key={d.id} className="border-b last:border-0">
              <td className="px-3 py-2">
                <Link to={paths.draft(d.id)} className="font-medium text-gray-900 hover:text-brand hover:underline">
                  {d.number}
                </Link>
              </td>
              <td className="px-3 py-2">{d.customer}</td>
              <td className="px-3 py-2 text-gray-600">{formatDateTime(d.created_at)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{d.items}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatINR(d.amount)}</td>
              <td className="px-3 py-2">
                {d.order ? (
                  <>
                    {DRAFT_STATUS_LABELS[d.status]} ·{' '}
                    <Link to={paths.order(d.order.id)} className="text-brand hover:underline">
                      {d.order.ordernumber}
                    </Link>{' '}
                    ({ORDER_STATUS_LABELS[d.order.status]})
                  </>
                ) : (
                  DRAFT_STATUS_LABELS[d.status]
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
