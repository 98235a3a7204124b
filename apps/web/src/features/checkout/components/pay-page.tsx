import { useEffect, useState } from 'react';
import { PAY_VIA, type PayVia } from '@grocer/shared/labels';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading';
import { checkoutApi } from '../api/checkout';
import { readError } from '../../../lib/errors';
import { t } from '../../../lib/i18n';

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => { open(): void; on(event: string, cb: (r: unknown) => void): void };
    Cashfree?: (opts: { mode: string }) => { checkout(opts: { paymentSessionId: string; redirectTarget: string }): Promise<unknown> };
  }
}

/** The provider's script, loaded only on this page when real keys are used. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The payment page could not be loaded. Check your connection and try again.'));
    document.head.appendChild(s);
  });
}

/**
 * /checkout/razorpay/{id} and /checkout/cashfree/{id}: asks the server for the payment hand-off
 * and opens the provider's checkout (or the built-in simulator's page when the shop runs on it).
 */
export function PayPage({ orderId, provider }: { orderId: string; provider: 'razorpay' | 'cashfree' }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // how the shopper chose to pay at checkout (UPI first): Razorpay opens on it, the simulator says it
  const via = PAY_VIA.find((v: PayVia) => v === search.get('via')) ?? null;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const r = await checkoutApi.pay(orderId, via);
      if (!live) return;
      if (!r.payment)
        return navigate(r.order.status === 'pending_payment' ? `/account/orders/${orderId}` : `/checkout/confirm/${orderId}`, {
          replace: true,
        });
      if (r.payment.provider !== provider) return navigate(`/checkout/${r.payment.provider}/${orderId}`, { replace: true });
      if (r.payment.checkout_url) {
        const url = new URL(r.payment.checkout_url, window.location.origin);
        if (via) url.searchParams.set('via', via);
        return window.location.assign(url.pathname + url.search);
      }
      if (r.payment.provider === 'razorpay') {
        const p = r.payment;
        await loadScript('https://checkout.razorpay.com/v1/checkout.js');
        const rzp = new window.Razorpay!({
          key: p.key_id,
          order_id: p.order_id,
          amount: p.amount,
          currency: p.currency,
          name: document.title,
          prefill: { name: r.order.address.name, contact: r.order.address.phone, ...(via && { method: via }) },
          handler: (res: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
            navigate(`/checkout/confirm/${orderId}?${new URLSearchParams(res).toString()}`, { replace: true }),
          modal: { ondismiss: () => navigate(`/checkout/confirm/${orderId}?cancelled=1`, { replace: true }) },
        });
        rzp.on('payment.failed', () => navigate(`/checkout/confirm/${orderId}?failed=1`, { replace: true }));
        rzp.open();
      } else {
        await loadScript('https://sdk.cashfree.com/js/v3/cashfree.js');
        await window.Cashfree!({ mode: r.payment.mode }).checkout({
          paymentSessionId: r.payment.payment_session_id,
          redirectTarget: '_self',
        });
      }
    })().catch((e: unknown) => live && setError(readError(e)));
    return () => {
      live = false;
    };
  }, [orderId, provider, navigate, via]);
  if (error)
    return (
      <div className="mx-auto max-w-md p-10 text-center">
        <p role="alert" className="text-red-700">
          {error}
        </p>
        <Link to={`/account/orders/${orderId}`} className="mt-4 inline-block text-[var(--color-primary)] underline">
          {t('See the order')}
        </Link>
      </div>
    );
  return <LoadingView />;
}
