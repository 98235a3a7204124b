import { formatINR } from '@grocer/shared/money';
import type { OrderDetail } from '@grocer/shared/order';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading';
import { checkoutApi } from '../api/checkout';
import { PayAnotherWay } from './pay-another-way';
import { readError } from '../../../lib/errors';
import { track } from '../../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../../lib/telemetry/events';
import { t } from '../../../lib/i18n';

/**
 * /checkout/confirm/{id}: the outcome while it settles. With Razorpay's handler fields it has
 * the server verify them; otherwise it asks the server (which asks the provider), and keeps
 * asking for a while when the payment is still pending.
 */
export function ConfirmPage({ orderId }: { orderId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let live = true;
    const rp = {
      razorpay_order_id: params.get('razorpay_order_id'),
      razorpay_payment_id: params.get('razorpay_payment_id'),
      razorpay_signature: params.get('razorpay_signature'),
    };
    const ask =
      rp.razorpay_payment_id && rp.razorpay_order_id && rp.razorpay_signature && tries === 0
        ? checkoutApi.verifyRazorpay({
            order_id: orderId,
            razorpay_order_id: rp.razorpay_order_id,
            razorpay_payment_id: rp.razorpay_payment_id,
            razorpay_signature: rp.razorpay_signature,
          })
        : checkoutApi.confirm(orderId);
    ask.then((o) => live && setOrder(o)).catch((e: unknown) => live && setError(readError(e)));
    return () => {
      live = false;
    };
  }, [orderId, params, tries]);
  const settled = order && order.status !== 'pending_payment';
  useEffect(() => {
    if (!order || settled || params.get('failed') || params.get('cancelled') || tries >= 10) return;
    const t = setTimeout(() => setTries((n) => n + 1), 3000);
    return () => clearTimeout(t);
  }, [order, settled, params, tries]);
  const paymentFailed =
    !!order &&
    (order.status === 'payment_failed' ||
      (order.status === 'pending_payment' &&
        !params.get('cancelled') &&
        order.payment.last_attempt !== 'cancelled' &&
        (!!params.get('failed') || order.payment.status === 'failed')));
  useEffect(() => {
    if (paymentFailed && order) track(SHOP_EVENTS.paymentFailed, { order_id: order.ordernumber, value: order.total });
  }, [paymentFailed, order?.ordernumber]); // eslint-disable-line react-hooks/exhaustive-deps -- once per order and outcome
  useEffect(() => {
    if (order && order.status === 'placed') navigate(`/order/success/${order.ordernumber}`, { replace: true });
  }, [order, navigate]);

  if (error)
    return (
      <Outcome
        icon={<CircleX size={48} className="text-red-600" />}
        title={t('We could not check your payment')}
        text={error}
        orderId={orderId}
      />
    );
  if (!order) return <LoadingView />;
  if (order.status === 'pending_payment') {
    // Razorpay's checkout tells the page itself (cancelled=1); Cashfree's attempt is read from the
    // provider by the server (a USER_DROPPED attempt is the shopper's own cancel).
    const cancelled = !!params.get('cancelled') || order.payment.last_attempt === 'cancelled';
    const failed = !cancelled && (!!params.get('failed') || order.payment.status === 'failed');
    const kept = t('Your order #{number} ({amount}) is kept for you for a few minutes.', {
      number: order.ordernumber,
      amount: formatINR(order.total),
    });
    if (cancelled)
      return (
        <Outcome
          icon={<CircleX size={48} className="text-amber-500" />}
          title={t('You cancelled the payment')}
          text={t('Nothing was charged. {kept} Pay again to place it.', { kept })}
          orderId={orderId}
        >
          <PayAnotherWay order={order} failed={false} title={t('Pay again')} />
        </Outcome>
      );
    if (failed || tries >= 10)
      return (
        <Outcome
          icon={failed ? <CircleX size={48} className="text-red-600" /> : <Clock size={48} className="text-amber-500" />}
          title={failed ? t('Payment failed') : t('Payment pending')}
          text={failed ? t('{kept} Nothing was charged.', { kept }) : t('{kept} Nothing was charged yet.', { kept })}
          orderId={orderId}
        >
          <PayAnotherWay order={order} failed={failed} title={failed ? t('Pay another way') : t('Pay again')} />
        </Outcome>
      );
    return (
      <Outcome
        icon={<Clock size={48} className="text-amber-500" />}
        title={t('Confirming your payment…')}
        text={t('This takes a few seconds.')}
        orderId={orderId}
      />
    );
  }
  if (order.status === 'payment_failed' || order.status === 'cancelled')
    return (
      <Outcome
        icon={<CircleX size={48} className="text-red-600" />}
        title={t('This order was not completed')}
        text={t('The payment did not go through in time, so the order was released. Any amount taken is refunded.')}
        orderId={orderId}
      />
    );
  return (
    <Outcome
      icon={<CircleCheck size={48} className="text-emerald-600" />}
      title={t('Payment received')}
      text={t('Order #{number} is confirmed.', { number: order.ordernumber })}
      orderId={orderId}
    />
  );
}

function Outcome({
  icon,
  title,
  text,
  orderId,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  orderId: string;
  /** the ways to pay an order still awaiting payment */
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center" aria-live="polite">
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-600">{text}</p>
      {children}
      <div className="mt-2 flex gap-2">
        <Link to={`/account/orders/${orderId}`} className="rounded-lg border px-4 py-2 font-medium">
          {t('See the order')}
        </Link>
      </div>
    </div>
  );
}
