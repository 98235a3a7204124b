import { indiaToday } from '@grocer/shared/delivery-promise';
import { packLabel } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { quantityLabel } from '@grocer/shared/weighed';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/ui/loading';
import { orderByNumberQuery } from '../api/checkout';
import { readError } from '../../../lib/errors';
import { track } from '../../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../../lib/telemetry/events';
import { t } from '../../../lib/i18n';
import { slotText } from '../../../lib/slots';

/** /order/success/{ordernumber}: thanks, with the order's summary. */
export function SuccessPage({ ordernumber }: { ordernumber: string }) {
  const { data: o, error, isPending } = useQuery(orderByNumberQuery(ordernumber));
  useEffect(() => {
    if (!o) return;
    // once per order in this tab (a reload of the thank-you page is not a second order)
    const key = `tracked-order-${o.ordernumber}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    track(SHOP_EVENTS.orderPlaced, { order_id: o.ordernumber, value: o.total, quantity: o.items });
  }, [o]);
  if (isPending) return <LoadingView />;
  if (error) return <p className="p-10 text-center text-red-600">{readError(error)}</p>;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <div className="flex flex-col items-center text-center">
        <CircleCheck size={56} className="text-emerald-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{t('Thank you! Your order is placed.')}</h1>
        <p className="mt-1 text-gray-600">
          {t('Order')} <strong>#{o.ordernumber}</strong> ·{' '}
          {o.payment_method === 'cod'
            ? t('Pay {amount} on delivery', { amount: formatINR(o.total) })
            : t('Paid {amount}', { amount: formatINR(o.total) })}
        </p>
        {o.slot && <p className="mt-1 text-gray-600">{t('Arriving {slot}', { slot: slotText(o.slot, indiaToday()) })}</p>}
      </div>
      <div className="mt-6 rounded-xl border bg-white p-4 text-sm">
        <ul className="divide-y">
          {o.lines.map((l) => (
            <li key={`${l.pack_id}-${l.name}`} className="flex justify-between py-2">
              <span>
                {quantityLabel(l.quantity, l.sold_by_weight ?? false)} × {packLabel(l.name, l.pack)}
                {l.promotion && (
                  <span className="block text-xs font-medium text-emerald-700" data-testid="line-promotion">
                    {l.promotion.name} — −{formatINR(l.promotion.discount)}
                  </span>
                )}
              </span>
              <span className="tabular-nums">{formatINR(l.amount)}</span>
            </li>
          ))}
        </ul>
        {/* how the total is made: items, the coupon, delivery (and what the shopper saved) */}
        <dl className="mt-2 space-y-1 border-t pt-2" data-testid="success-total">
          <div className="flex justify-between">
            <dt>{t('Items')}</dt>
            <dd className="tabular-nums">{formatINR(o.items_total)}</dd>
          </div>
          {o.promotion && (
            <div className="flex justify-between text-emerald-700">
              <dt>{o.promotion.name}</dt>
              <dd className="tabular-nums">−{formatINR(o.promotion.discount)}</dd>
            </div>
          )}
          {o.coupon && o.discount - (o.promotion?.discount ?? 0) > 0 && (
            <div className="flex justify-between text-emerald-700">
              <dt>{t('Coupon {code}', { code: o.coupon })}</dt>
              <dd className="tabular-nums">−{formatINR(o.discount - (o.promotion?.discount ?? 0))}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>{t('Delivery')}</dt>
            <dd className="tabular-nums">{o.delivery_charge > 0 ? formatINR(o.delivery_charge) : t('Free')}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>{o.payment_method === 'cod' ? t('Total to pay on delivery') : t('Total paid')}</dt>
            <dd className="tabular-nums">{formatINR(o.total)}</dd>
          </div>
          <p className="text-xs text-gray-500">{t('Prices include GST; the tax invoice shows the split.')}</p>
        </dl>
        <p className="mt-2 text-gray-600">
          {t('Delivering to {address}', { address: `${o.address.name}, ${o.address.line1}, ${o.address.city} ${o.address.pincode}` })}
        </p>
      </div>
      <div className="mt-6 flex justify-center gap-2">
        <Link to={`/account/orders/${o.id}`} className="rounded-lg bg-[var(--color-primary)] px-4 py-2 font-semibold text-white">
          {t('View order')}
        </Link>
        <Link to="/products" className="rounded-lg border px-4 py-2 font-medium">
          {t('Continue shopping')}
        </Link>
      </div>
    </div>
  );
}
