import { formatINR } from '@grocer/shared/money';
import { useQuery } from '@tanstack/react-query';
import { BadgePercent } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { cartOffersQuery } from '../api/cart';
import { useCart } from '../cart-store';
import { t } from '../../../lib/i18n';

/**
 * "Offers for you" in the cart: the coupons the shop lists, each with what it saves on this cart
 * and an Apply button, or what is still missing ("Add ₹120 more to use SAVE10"). Loaded with the
 * drawer's first opening, never with the page.
 */
export default function CartOffers({ layout = 'drawer' }: { layout?: 'drawer' | 'strip' }) {
  const { cart, actions } = useCart();
  const { data } = useQuery(cartOffersQuery(cart));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the drawer shows the applied coupon above its code field; the strip marks it here
  const offers = data?.data.filter((o) => layout === 'strip' || !o.applied) ?? [];
  if (!offers.length) return null;
  const apply = async (code: string) => {
    setBusy(code);
    setError(null);
    try {
      await actions.applyCoupon(code);
    } catch (e) {
      setError(readError(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="cart-offers" className={`rounded-xl border bg-gray-50 p-3 ${layout === 'drawer' ? 'mx-4 mb-4' : 'mb-5'}`}>
      <h3 id="cart-offers" className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
        <BadgePercent size={16} className="text-[var(--color-primary)]" aria-hidden="true" />{' '}
        {layout === 'drawer' ? t('Offers for you') : t('Coupons')}
      </h3>
      <ul className={layout === 'drawer' ? 'space-y-2' : 'grid gap-2 sm:grid-cols-2 xl:grid-cols-3'}>
        {offers.map((o) => (
          <li key={o.code} className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-semibold tracking-wide">{o.code}</p>
              {o.description && <p className="text-gray-600">{o.description}</p>}
              <p className={o.usable ? 'font-medium text-emerald-700' : 'text-gray-500'}>
                {o.usable ? t('You save {amount}', { amount: formatINR(o.saving) }) : o.reason}
              </p>
            </div>
            {o.applied ? (
              <span className="shrink-0 font-semibold text-emerald-700">{t('Applied')}</span>
            ) : (
              o.usable && (
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void apply(o.code)}
                  aria-label={t('Apply {code}', { code: o.code })}
                  className="h-9 shrink-0 rounded-lg border border-[var(--color-primary)] px-3 font-semibold text-[var(--color-primary)] hover:bg-gray-50"
                >
                  {busy === o.code ? <Spinner size={14} /> : t('Apply')}
                </button>
              )
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
