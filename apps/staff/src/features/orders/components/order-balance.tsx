import type { AdminOrder } from '@grocer/shared/admin-orders';
import { formatDateTime } from '@grocer/shared/format';
import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { ORDER_BALANCE_STATUS_LABELS, balanceDueText } from '@grocer/shared/order-balance';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { useSendBalanceLink } from '../api/balance';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';

/**
 * The balance a staff edit left on a paid prepaid order (issue 40 §12): "Balance due ₹X", the link
 * the customer opens to pay it (the shop's own pay page for the order), Copy and "Send to customer".
 * Drawn above the order's cards while a balance is open; nothing otherwise.
 */
export function BalanceDue({ order }: { order: AdminOrder }) {
  const open = order.balances?.find((b) => b.status === 'pending');
  const send = useSendBalanceLink(order.id);
  const canSend = useCan()('orders.manage');
  if (!open?.link) return null;
  const url = `${window.location.origin}${open.link}`;
  return (
    <section aria-labelledby="balance-due" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="balance-due" className="text-lg font-semibold text-amber-900">
        {balanceDueText(open.amount)}
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {t('The order was changed after it was paid. The customer pays the difference with')} {PAYMENT_PROVIDER_NAMES[open.provider]}{' '}
        {t('by this link:')}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label={t('Payment link')}
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 basis-64 rounded-md border bg-white px-3 py-1.5 font-mono text-xs"
        />
        <button
          type="button"
          className={`${button} border bg-white hover:bg-gray-50`}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => toast.success(t('Link copied')))
              .catch(() => toast.error(t('Copy the link from the box')))
          }
        >
          {t('Copy link')}
        </button>
        {canSend && (
          <button
            type="button"
            className={`${button} bg-brand text-white hover:opacity-90`}
            disabled={send.isPending}
            onClick={() =>
              send.mutate(undefined, {
                onSuccess: (r) => toast.success(t('Payment link sent to {sentTo}', { sentTo: r.sent_to.join(' and ') })),
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            {t('Send to customer')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The Payment card's rows for each balance: how it stands, when it was asked, its provider payment. */
export function BalanceRows({ order }: { order: AdminOrder }) {
  return (
    <>
      {/* the open one is the summary's "Balance due" row, with its link in the box above */}
      {(order.balances ?? [])
        .filter((b) => b.status !== 'pending')
        .map((b) => (
          <div key={b.id} className="flex justify-between gap-4 py-1">
            <dt className="text-gray-600">
              {ORDER_BALANCE_STATUS_LABELS[b.status]}
              <span className="block text-xs">{t('asked {at}', { at: formatDateTime(b.at) })}</span>
            </dt>
            <dd className="text-right font-medium">
              {formatINR(b.amount)}
              {b.provider_payment_id && <span className="block text-xs font-normal text-gray-600">{b.provider_payment_id}</span>}
            </dd>
          </div>
        ))}
    </>
  );
}
