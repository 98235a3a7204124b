import { SHOPPER_PAYMENT_STATUS_LABELS, packLabel, paymentMethodName } from '@grocer/shared/labels';
import type { Cart } from '@grocer/shared/cart';
import { formatDate, formatDateTime } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { weighedLineText } from '@grocer/shared/weighed';
import { CHANGE_REASON_LABELS, ORDER_STATUS_LABELS, type OrderDetail } from '@grocer/shared/order';
import { isEditable } from '@grocer/shared/order-edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, PencilLine, RotateCcw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { LoadingOverlay, Spinner } from '../../../components/ui/loading';
import { handleError, readError } from '../../../lib/errors';
import { img } from '@grocer/blocks/image';
import { ordersApi, orderQuery } from '../api/orders';
import { OrderEdit } from './order-edit';
import { OrderIssues } from './order-issues';
import { DeliveryAsks } from './delivery-asks';
import { StatusBadge } from './status';
import { OrderTracker } from './tracker';
import { language, t } from '../../../lib/i18n';
import { slotText } from '../../../lib/slots';

/**
 * /account/orders/{id}: timeline, items, address, slot, payment, tax split, the GST invoice,
 * cancel while cancellable (stock returns; prepaid money is refunded) and reorder.
 */
export function OrderPage({
  id,
  onCart,
  pay,
}: {
  id: string;
  onCart: (cart: Cart) => void;
  /** the ways to pay an order awaiting payment (the checkout feature's, through the route) */
  pay?: (o: OrderDetail) => ReactNode;
}) {
  const client = useQueryClient();
  const { data, error, isPending } = useQuery(orderQuery(id));
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'reorder' | null>(null);
  const [refundTo, setRefundTo] = useState<'wallet' | 'source'>('wallet');
  if (isPending) return <LoadingOverlay />;
  if (error) return <p className="text-red-600">{readError(error)}</p>;
  const o = data;

  const cancel = async () => {
    setConfirming(false);
    setBusy('cancel');
    try {
      const choice = o.payment_method === 'razorpay' || o.payment_method === 'cashfree' ? refundTo : undefined;
      client.setQueryData(orderQuery(id).queryKey, await ordersApi.cancel(id, choice));
      await client.invalidateQueries({ queryKey: ['orders'] });
      toast.success(t('Order cancelled'));
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(null);
    }
  };
  const again = async () => {
    setBusy('reorder');
    try {
      const r = await ordersApi.reorder(id);
      onCart(r.cart);
      if (r.added.length)
        toast.success(t('{count, plural, one {# product} other {# products}} added to your cart', { count: r.added.length }));
      for (const s of r.skipped) toast.warning(`${s.name}: ${s.reason}`);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <Link to="/account/orders" className="text-sm text-[var(--color-primary)] hover:underline">
            ← {t('Orders')}
          </Link>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            {t('Order #{number}', { number: o.ordernumber })} <StatusBadge status={o.status} />
          </h1>
          <p className="text-sm text-gray-600">
            {t('Placed {date}', { date: formatDate(o.created_at, language()) })}
            {o.placed_by && <span data-testid="placed-by"> · {t('placed by {name}', { name: o.placed_by })}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* an invoice exists once the order is placed (none while awaiting payment or after it failed) */}
          {!['pending_payment', 'payment_failed'].includes(o.status) && (
            <a
              href={ordersApi.invoiceUrl(o.id)}
              target="_blank"
              rel="noopener"
              className="flex items-center gap-1.5 rounded-lg border bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50"
            >
              <FileText size={16} aria-hidden="true" /> {t('Tax invoice')}
            </a>
          )}
          <button
            type="button"
            onClick={again}
            disabled={busy !== null}
            className="flex items-center gap-1.5 rounded-lg border bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50"
          >
            {busy === 'reorder' ? <Spinner size={16} /> : <RotateCcw size={16} aria-hidden="true" />} {t('Reorder')}
          </button>
          {isEditable(o) && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              disabled={busy !== null}
              className="flex items-center gap-1.5 rounded-lg border bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50"
            >
              <PencilLine size={16} aria-hidden="true" /> {t('Change order')}
            </button>
          )}
          {o.cancellable && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={busy !== null}
              className="flex items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              {busy === 'cancel' ? <Spinner size={16} /> : <XCircle size={16} aria-hidden="true" />} {t('Cancel order')}
            </button>
          )}
        </div>
      </div>

      <OrderTracker id={o.id} status={o.status} />
      {/* own delivery (issue 45): the code the rider asks for at the door, while the order is on its way */}
      {o.status === 'shipped' && o.delivery_code && (
        <p className="mb-4 rounded-xl border border-blue-200 bg-blue-50 px-4 py-3 text-sm" data-testid="delivery-code">
          {t('Out for delivery. Delivery code:')} <strong className="font-mono text-lg tracking-widest">{o.delivery_code}</strong>
          <span className="block text-gray-600">{t('Give it to the rider only when you have your order.')}</span>
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[1fr_320px]">
        <section className="rounded-xl border bg-white" aria-labelledby="items-h">
          <h2 id="items-h" className="border-b px-4 py-3 font-semibold">
            {t('Items ({count})', { count: o.items })}
          </h2>
          <ul className="divide-y">
            {o.lines.map((l) => (
              <li key={`${l.pack_id}-${l.name}`} className="flex items-center gap-3 px-4 py-3 text-sm">
                <img
                  src={img(l.image, 'small')}
                  alt=""
                  width={64}
                  height={48}
                  className="h-12 w-16 shrink-0 rounded bg-gray-50 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{packLabel(l.name, l.pack)}</p>
                  <p className="text-xs text-gray-500">
                    {l.sold_by_weight ? weighedLineText(l.quantity, l.price) : `${l.quantity} × ${formatINR(l.price)}`} · HSN{' '}
                    {l.hsn_code || '—'} · GST {l.gst_rate}%
                  </p>
                  {l.promotion && (
                    <p className="text-xs font-medium text-emerald-700" data-testid="line-promotion">
                      {l.promotion.name} — −{formatINR(l.promotion.discount)}
                    </p>
                  )}
                </div>
                <span className="font-semibold tabular-nums">{formatINR(l.amount)}</span>
              </li>
            ))}
          </ul>
          <Totals o={o} />
          <Changes o={o} />
        </section>
        <div className="space-y-4">
          <Timeline o={o} />
          <OrderIssues o={o} />
          <section className="rounded-xl border bg-white p-4 text-sm">
            <h2 className="mb-2 font-semibold">{t('Delivery')}</h2>
            <p>
              {o.address.name}, {o.address.phone}
              <br />
              {o.address.line1}, {o.address.line2}
              {o.address.landmark ? `, ${o.address.landmark}` : ''}
              <br />
              {o.address.city}, {o.address.state} {o.address.pincode}
            </p>
            {o.slot && <p className="mt-2 text-gray-700">{t('Slot: {slot}', { slot: slotText(o.slot) })}</p>}
            <DeliveryAsks o={o} />
          </section>
          <section className="rounded-xl border bg-white p-4 text-sm">
            <h2 className="mb-2 font-semibold">{t('Payment')}</h2>
            <p>
              {t(paymentMethodName(o.payment_method, o.payment.via))} · {t(SHOPPER_PAYMENT_STATUS_LABELS[o.payment.status])}
            </p>
            {o.payment.provider_payment_id && (
              <p className="text-xs text-gray-500">{t('Reference {id}', { id: o.payment.provider_payment_id })}</p>
            )}
            <WalletPart o={o} />
            <Refunds o={o} />
            <BalanceDue o={o} />
            {o.status === 'pending_payment' && o.payment_method !== 'cod' && pay && <div className="mt-3">{pay(o)}</div>}
          </section>
        </div>
      </div>
      <OrderEdit
        o={o}
        open={editing}
        onClose={() => setEditing(false)}
        onDone={(next) => {
          client.setQueryData(orderQuery(id).queryKey, next);
          void client.invalidateQueries({ queryKey: ['orders'] });
        }}
      />
      <ConfirmDialog
        open={confirming}
        danger
        title={t('Cancel order')}
        message={
          (o.refunds.refundable > 0
            ? t('Cancel order #{number}? {amount} of your payment will be refunded.', {
                number: o.ordernumber,
                amount: formatINR(o.refunds.refundable),
              })
            : t('Cancel order #{number}?', { number: o.ordernumber })) +
          // a split payment's wallet part (issue 44) goes back to the wallet, whatever the rest does
          (walletHeld(o) > 0
            ? ` ${t('{amount} paid from your wallet goes back to it at once.', { amount: formatINR(walletHeld(o)) })}`
            : '')
        }
        confirmLabel={t('Cancel order')}
        cancelLabel={t('Keep order')}
        onCancel={() => setConfirming(false)}
        onConfirm={cancel}
      >
        {/* a gateway-paid order's refund: the wallet at once, or back to the source (issue 44 §2) */}
        {o.refunds.refundable > 0 && (o.payment_method === 'razorpay' || o.payment_method === 'cashfree') && (
          <fieldset className="mt-3 space-y-2" data-testid="refund-choice">
            <legend className="text-sm font-medium">{t('Refund to')}</legend>
            {(['wallet', 'source'] as const).map((to) => (
              <label key={to} className="flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm">
                <input type="radio" name="refund-to" value={to} checked={refundTo === to} onChange={() => setRefundTo(to)} />
                {to === 'wallet' ? t('My wallet (instant)') : t('Original payment method (5–7 days)')}
              </label>
            ))}
          </fieldset>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** ₹ a split payment took from the wallet and has not given back yet (0 for a wholly wallet-paid order: its refund is the payment's). */
const walletHeld = (o: OrderDetail) => (o.payment_method === 'wallet' ? 0 : (o.wallet_paid ?? 0) - (o.wallet_returned ?? 0));

/** A ₹ row of the payment card's money lists (the wallet's part, the refunds). */
const moneyRow = (label: string, value: number) => (
  <div className="flex justify-between">
    <dt className="text-gray-600">{label}</dt>
    <dd className="tabular-nums">{formatINR(value)}</dd>
  </div>
);

/**
 * What the wallet paid at checkout (issue 44): all of it, or a part with the rest by UPI, card…
 * (`payment.amount`); and what went back to the wallet (the order cancelled or released, or
 * switched to cash on delivery). Nothing shown for an order the wallet had no part in.
 */
function WalletPart({ o }: { o: OrderDetail }) {
  const paid = o.wallet_paid ?? 0;
  if (paid <= 0) return null;
  const returned = o.wallet_returned ?? 0;
  return (
    <dl className="mt-2 space-y-1 border-t pt-2" aria-label={t('Wallet')}>
      {moneyRow(t('Paid from wallet'), paid)}
      {o.payment_method !== 'wallet' && moneyRow(t(paymentMethodName(o.payment_method, o.payment.via)), o.payment.amount)}
      {returned > 0 && moneyRow(t('Returned to your wallet'), returned)}
    </dl>
  );
}

/** What came back of the payment (the server's refund summary): nothing shown until something was refunded or is on its way. */
function Refunds({ o }: { o: OrderDetail }) {
  const r = o.refunds;
  if (r.refunded === 0 && r.refund_pending === 0) return null;
  return (
    <dl className="mt-2 space-y-1 border-t pt-2" aria-label={t('Refunds')}>
      {moneyRow(t('Paid'), r.paid)}
      {r.refunded_lines > 0 && moneyRow(t('Refunded for changed items'), r.refunded_lines)}
      {r.refunded_on_cancel > 0 && moneyRow(t('Refunded on cancellation'), r.refunded_on_cancel)}
      {r.refund_pending > 0 && moneyRow(t('Refund on its way'), r.refund_pending)}
      {moneyRow(t('Total refunded'), r.refunded)}
    </dl>
  );
}

/**
 * What is left to pay after the shop changed a paid order and it came to more (issue 40 §12): the
 * balance, paid through the order's own pay page with the same provider.
 */
function BalanceDue({ o }: { o: OrderDetail }) {
  const due = o.refunds.balance_due ?? 0;
  if (due <= 0 || (o.payment_method !== 'razorpay' && o.payment_method !== 'cashfree')) return null;
  return (
    <div role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="font-medium">{t('Balance due {amount}', { amount: formatINR(due) })}</p>
      <p className="mt-1 text-gray-700">
        {t('The shop changed your order after you paid, and it came to {amount} more.', { amount: formatINR(due) })}
      </p>
      <Link
        to={`/checkout/${o.payment_method}/${o.id}`}
        className="mt-2 inline-flex h-11 items-center rounded-lg bg-[var(--color-primary)] px-4 font-semibold text-white hover:brightness-90"
      >
        {t('Pay {amount}', { amount: formatINR(due) })}
      </Link>
    </div>
  );
}

function Totals({ o }: { o: OrderDetail }) {
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between ${strong ? 'font-semibold' : 'text-gray-600'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  // the GST line is a note under the list, not a row of it (a <dl> holds only term and value pairs)
  return (
    <div className="border-t px-4 py-3 text-sm">
      <dl className="space-y-1">
        {row(t('Items total'), formatINR(o.items_total))}
        {o.promotion && row(o.promotion.name, `− ${formatINR(o.promotion.discount)}`)}
        {o.discount - (o.promotion?.discount ?? 0) > 0 &&
          row(t('Coupon {code}', { code: o.coupon ?? '' }), `− ${formatINR(o.discount - (o.promotion?.discount ?? 0))}`)}
        {row(t('Delivery'), o.delivery_charge > 0 ? formatINR(o.delivery_charge) : t('Free'))}
        {!!o.tip && row(t('Tip for the delivery person'), formatINR(o.tip))}
        {row(t('Total'), formatINR(o.total), true)}
      </dl>
      <p className="pt-2 text-xs text-gray-500">
        GST included {formatINR(o.tax.gst)}:{' '}
        {o.tax.igst > 0 ? `IGST ${formatINR(o.tax.igst)}` : `CGST ${formatINR(o.tax.cgst)} + SGST ${formatINR(o.tax.sgst)}`} on a taxable
        value of {formatINR(o.tax.taxable)}
      </p>
    </div>
  );
}

/** Lines the shop removed or substituted after the order was placed, and the money that came back. */
function Changes({ o }: { o: OrderDetail }) {
  if (!o.adjustments?.length) return null;
  return (
    <section className="border-t px-4 py-3 text-sm" aria-labelledby="changes-h">
      <h3 id="changes-h" className="mb-1 font-semibold">
        {o.adjustments.some((a) => a.kind === 'edit') ? t('Changes to this order') : t('Changes by the shop')}
      </h3>
      <ul className="space-y-1">
        {o.adjustments.map((a) => (
          <li key={a.id} className="flex justify-between gap-3">
            <span>
              {a.description} ({CHANGE_REASON_LABELS[a.reason]})
            </span>
            <span className="shrink-0 font-medium tabular-nums">
              {a.amount > 0
                ? a.refund_status === 'none'
                  ? `− ${formatINR(a.amount)}`
                  : `${formatINR(a.amount)} ${a.refund_status === 'refunded' ? 'refunded' : 'refund started'}`
                : a.amount < 0
                  ? `+ ${formatINR(-a.amount)}`
                  : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Timeline({ o }: { o: OrderDetail }) {
  return (
    <section className="rounded-xl border bg-white p-4 text-sm" aria-labelledby="timeline-h">
      <h2 id="timeline-h" className="mb-2 font-semibold">
        {t('Status')}
      </h2>
      <ol className="space-y-2 border-l-2 border-gray-200 pl-4">
        {o.timeline.map((e, i) => (
          <li key={i} className="relative">
            <span className="absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full bg-[var(--color-primary)]" aria-hidden="true" />
            <p className="font-medium">{e.kind === 'change' ? t('Order updated') : t(ORDER_STATUS_LABELS[e.status])}</p>
            <p className="text-xs text-gray-500">
              {formatDateTime(e.at, language())} · {t('by {name}', { name: e.by })}
              {e.note ? ` · ${e.note}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
