import { ACTION_LABELS, type AdminOrder } from '@grocer/shared/admin-orders';
import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { t } from '../../../lib/i18n';

type RefundTo = 'wallet' | 'source';

/**
 * Cancel an order, saying why. A gateway payment with something left to give back may go to the
 * customer's wallet at once instead of back through the gateway (issue 44 §1): the choice the
 * shopper has on their own cancel, asked here for the customer (the original method is the
 * default; the server takes `refund_to` and ignores it for any other payment).
 */
export function CancelOrder({
  order,
  open,
  onOpenChange,
  busy,
  reasonError,
  onCancel,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  reasonError?: string;
  onCancel: (body: { reason: string; refund_to?: RefundTo }) => void;
}) {
  const [reason, setReason] = useState('');
  const [refundTo, setRefundTo] = useState<RefundTo>('source');
  const provider = order.payment?.provider;
  const choice = (provider === 'razorpay' || provider === 'cashfree') && order.refunds.refundable > 0;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <button
          type="button"
          className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
        >
          {ACTION_LABELS.cancel}
        </button>
      }
      title={t('Cancel order {ordernumber}?', { ordernumber: order.ordernumber })}
      description={
        <>
          {t('The stock, the delivery slot and any coupon use come back.')} <CancelRefund order={order} to={choice ? refundTo : 'source'} />{' '}
          {/* a split payment's wallet part (issue 44) goes back to the wallet whatever is chosen for the rest */}
          {(order.wallet_paid ?? 0) - (order.wallet_returned ?? 0) > 0 && order.payment?.provider !== 'wallet' && (
            <>
              {t("{amount} paid from the wallet goes back to the customer's wallet at once.", {
                amount: formatINR((order.wallet_paid ?? 0) - (order.wallet_returned ?? 0)),
              })}{' '}
            </>
          )}
          {t('The customer is told by email.')}
        </>
      }
      form
      cancel={t('Keep the order')}
      confirm={t('Cancel the order')}
      busy={busy}
      onConfirm={() => onCancel({ reason, ...(choice ? { refund_to: refundTo } : {}) })}
    >
      <Field label={t('Reason')} error={reasonError}>
        {(a) => <input {...a} required className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {choice && (
        <fieldset className="mt-3 space-y-2">
          <legend className="text-sm font-medium">{t('Refund to')}</legend>
          {(['source', 'wallet'] as const).map((to) => (
            <label key={to} className="flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm">
              <input type="radio" name="refund-to" value={to} checked={refundTo === to} onChange={() => setRefundTo(to)} />
              {to === 'wallet'
                ? t("The customer's wallet (instant)")
                : t('The original payment method ({provider}, 5–7 days)', { provider: PAYMENT_PROVIDER_NAMES[provider] })}
            </label>
          ))}
        </fieldset>
      )}
    </ConfirmDialog>
  );
}

/** What cancelling refunds now, from the order's refund summary: what was paid less what was refunded or is on its way. */
function CancelRefund({ order, to }: { order: AdminOrder; to: RefundTo }) {
  const r = order.refunds;
  const p = order.payment;
  if (!p || r.refundable <= 0) return null;
  if (to === 'wallet') return <>{t("{refundable} goes to the customer's wallet at once.", { refundable: formatINR(r.refundable) })}</>;
  const before = [
    r.refunded > 0 ? `${formatINR(r.refunded)} already refunded` : '',
    r.refund_pending > 0 ? `${formatINR(r.refund_pending)} refund pending` : '',
  ].filter(Boolean);
  return (
    <>
      {t('{refundable} is refunded through', { refundable: formatINR(r.refundable) })} {PAYMENT_PROVIDER_NAMES[p.provider]}
      {before.length ? t(' (of {paid} paid: {before})', { paid: formatINR(r.paid), before: before.join(', ') }) : ''}.
    </>
  );
}
