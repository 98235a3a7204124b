import type { OrderDetail } from '@grocer/shared/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { checkoutApi, orderPaymentMethodsQuery } from '../api/checkout';
import { paymentChoices } from './payment-choices';
import { t } from '../../../lib/i18n';

/**
 * The ways an order awaiting payment may still be paid (issue 39), named as methods: UPI, card,
 * netbanking, wallets and, where the order's zone and amount allow it, cash on delivery. After a
 * failed attempt the online methods go through the shop's other gateway (a fresh gateway order;
 * the failed one is closed); otherwise through the same one. Choosing switches the same order,
 * its stock and slot kept, and continues to pay (or, for cash on delivery, to the placed order).
 */
export function PayAnotherWay({ order, failed, title }: { order: OrderDetail; failed: boolean; title: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const methods = useQuery(orderPaymentMethodsQuery(order.id));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (methods.isPending) return <Spinner className="mx-auto" />;
  const list = methods.data?.data ?? [];
  const online = list.filter((m) => m.code !== 'cod');
  const target = (failed && online.find((m) => m.code !== order.payment_method)) || online.find((m) => m.code === order.payment_method);
  const choices = paymentChoices([...(target ? [target] : []), ...list.filter((m) => m.code === 'cod')], false);
  if (!choices.length) return null;

  const choose = async (c: (typeof choices)[number]) => {
    setBusy(c.key);
    setError(null);
    try {
      const r = await checkoutApi.switchMethod(order.id, { payment_method: c.code, via: c.via });
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: ['order', order.id] });
      navigate(
        r.order.status === 'pending_payment'
          ? `/checkout/${r.order.payment_method}/${order.id}${c.via ? `?via=${c.via}` : ''}`
          : `/order/success/${r.order.ordernumber}`,
        { replace: true },
      );
    } catch (e) {
      setError(readError(e));
      setBusy(null);
      void methods.refetch();
    }
  };

  return (
    <section aria-labelledby={`pay-${order.id}`} className="w-full text-left">
      <h2 id={`pay-${order.id}`} className="mb-2 font-semibold">
        {title}
      </h2>
      <ul className="space-y-2" aria-label={t('Payment methods')}>
        {choices.map((c) => (
          <li key={c.key}>
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void choose(c)}
              className="flex min-h-12 w-full items-center justify-between gap-2 rounded-lg border bg-white p-3 text-left text-sm hover:border-[var(--color-primary)] disabled:opacity-60"
            >
              <span>
                <span className="font-semibold">{t(c.name)}</span>
                {c.hint && <span className="block text-xs text-gray-500">{t(c.hint)}</span>}
              </span>
              {busy === c.key ? <Spinner size={18} /> : <ChevronRight size={18} aria-hidden="true" className="shrink-0 text-gray-400" />}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 flex items-start gap-1.5 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          <CircleAlert size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
    </section>
  );
}
