import { packLabel } from '@grocer/shared/labels';
import type { CartItem } from '@grocer/shared/cart';
import { formatINR } from '@grocer/shared/money';
import { perKgLabel, weightLabel } from '@grocer/shared/weighed';
import { cartSavings, freeDeliveryProgress } from '@grocer/shared/savings';
import { ShoppingBasket, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Drawer } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/loading';
import { inputClass } from '../../../components/ui/form';
import { readError } from '../../../lib/errors';
import { img } from '@grocer/blocks/image';
import { paths } from '../../../lib/paths';
import { DeliveryPromise } from '../../../components/delivery-promise';
import { useCart } from '../cart-store';
import { stepOfItem } from '../cart-reducer';
import { Stepper } from './cart-control';
import { t } from '../../../lib/i18n';

export const CART_DRAWER_WIDTH = 500;

const CartOffers = lazy(() => import('./cart-offers'));
const OftenBought = lazy(() => import('./often-bought'));

/** Spec §2 cart drawer: right, 500 px; items, coupon, 'Items Total:' and 'Continue to Checkout'. */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { cart } = useCart();
  const navigate = useNavigate();
  return (
    <Drawer open={open} onClose={onClose} title={t('Cart Summary')} width={CART_DRAWER_WIDTH}>
      {cart.quantity === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
          <ShoppingBasket size={56} className="text-gray-300" aria-hidden="true" />
          <h3 className="text-lg font-semibold">{t('Empty Cart')}</h3>
          <p className="text-gray-500">{t('Your cart is empty')}</p>
          <button type="button" onClick={onClose} className="mt-3 rounded-lg border px-4 py-2 text-sm font-medium hover:bg-gray-50">
            {t('Continue shopping')}
          </button>
        </div>
      ) : (
        <div className="flex min-h-full flex-col">
          {(cart.message || cart.deliveryMessage) && (
            <p
              className={`mx-4 mt-3 rounded-lg px-3 py-2 text-sm ${cart.serviceable ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
              data-testid="cart-message"
            >
              {cart.message ?? cart.deliveryMessage}
              {!cart.message && <FreeDeliveryBar progress={freeDeliveryProgress(cart)} />}
            </p>
          )}
          {cart.serviceable && <DeliveryPromise className="mx-4 mt-3 text-sm text-gray-700" />}
          <ul className="flex-1 divide-y px-4" aria-label={t('Items in your cart')}>
            {cart.items.map((item) => (
              <CartLine key={item.pack_id} item={item} onNavigate={onClose} />
            ))}
          </ul>
          {open && (
            <Suspense fallback={null}>
              <OftenBought onNavigate={onClose} />
              <CartOffers />
            </Suspense>
          )}
          <div className="sticky bottom-0 border-t bg-white px-4 pt-3 pb-4 shadow-[0_-4px_12px_rgba(0,0,0,0.04)]">
            <CouponEntry />
            <dl className="mb-3 space-y-1 text-sm">
              <Row label={t('Items Total:')} value={formatINR(cart.total)} strong />
              {cart.promotion && (
                <Row label={cart.promotion.name} value={`− ${formatINR(cart.promotion.discount)}`} className="text-emerald-700" />
              )}
              {cart.offercode && cart.discount - (cart.promotion?.discount ?? 0) > 0 && (
                <Row
                  label={t('Coupon ({code})', { code: cart.offercode })}
                  value={`− ${formatINR(cart.discount - (cart.promotion?.discount ?? 0))}`}
                  className="text-emerald-700"
                />
              )}
              {cart.serviceable && <Row label={t('Delivery')} value={cart.finalDelivery > 0 ? formatINR(cart.finalDelivery) : t('Free')} />}
              <Row label={t('To pay')} value={formatINR(cart.amount)} strong />
            </dl>
            {cartSavings(cart) > 0 && (
              <p
                className="mb-3 rounded-lg bg-emerald-50 px-3 py-1.5 text-center text-sm font-semibold text-emerald-800"
                data-testid="cart-savings"
              >
                {t('You saved {amount} on this order', { amount: formatINR(cartSavings(cart)) })}
              </p>
            )}
            <button
              type="button"
              onClick={() => {
                onClose();
                navigate(paths.checkout());
              }}
              className="h-11 w-full rounded-lg bg-[var(--color-primary)] font-semibold text-white hover:brightness-90"
            >
              {t('Continue to Checkout')}
            </button>
          </div>
        </div>
      )}
    </Drawer>
  );
}

/** How far the items are from free delivery, drawn under the "Add ₹X more" message. */
function FreeDeliveryBar({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <span
      role="progressbar"
      aria-label={t('Towards free delivery')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-emerald-100"
    >
      <span className="block h-full rounded-full bg-emerald-600" style={{ width: `${progress * 100}%` }} />
    </span>
  );
}

function Row({ label, value, strong, className = '' }: { label: string; value: string; strong?: boolean; className?: string }) {
  return (
    <div className={`flex justify-between ${strong ? 'font-semibold' : 'text-gray-600'} ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function CartLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const { pendingFor, actions } = useCart();
  const label = packLabel(item.name, item.pack);
  // a loose good (issue 40.5): priced per kg, its quantity grams, moved by its step
  const weighed = item.sold_by_weight ?? false;
  const step = stepOfItem(item);
  const name = item.slug ? (
    <Link to={paths.product(item.slug)} onClick={onNavigate} className="hover:underline">
      {label}
    </Link>
  ) : (
    label
  );
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      <img
        src={img(item.image, 'small')}
        alt=""
        width={72}
        height={54}
        className="h-[54px] w-[72px] shrink-0 rounded-md bg-gray-50 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{name}</p>
        <p className="mt-0.5 flex items-baseline gap-2 text-sm">
          <span>{weighed ? perKgLabel(item.price) : formatINR(item.price)}</span>
          {item.act_price !== item.price && (
            <s className="text-xs text-gray-500">{weighed ? perKgLabel(item.act_price) : formatINR(item.act_price)}</s>
          )}
          {weighed && (
            <span className="text-xs whitespace-nowrap text-gray-600">{t('In steps of {weight}', { weight: weightLabel(step) })}</span>
          )}
        </p>
        {item.promotion && (
          <p className="mt-1 text-xs font-medium text-emerald-700" data-testid="line-promotion">
            {item.promotion.name} — −{formatINR(item.promotion.discount)}
          </p>
        )}
        {item.message && (
          <p className="mt-1 flex items-start gap-1 text-xs text-amber-700" role="status">
            <TriangleAlert size={14} className="mt-px shrink-0" aria-hidden="true" />
            {item.message}
          </p>
        )}
        <button
          type="button"
          onClick={() => actions.remove(item.pack_id, true)}
          className="mt-1 text-xs font-medium text-red-600 hover:underline"
        >
          {t('Remove')}
        </button>
      </div>
      <div className="flex w-28 shrink-0 flex-col items-end gap-2">
        <span className="text-sm font-semibold tabular-nums">{formatINR(item.amount)}</span>
        <Stepper
          label={label}
          quantity={item.quantity}
          shown={weighed ? weightLabel(item.quantity) : undefined}
          pending={pendingFor(item.pack_id)}
          atLimit={!item.valid || (item.available !== undefined && item.quantity + step > item.available)}
          onMinus={() => actions.remove(item.pack_id)}
          onPlus={() => actions.increment(item)}
          height="h-8"
        />
      </div>
    </li>
  );
}

/** One coupon per cart: enter a code, see why it is refused, or remove the applied one. */
export function CouponEntry() {
  const { cart, actions } = useCart();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      setCode('');
    } catch (e) {
      setError(readError(e));
    } finally {
      setBusy(false);
    }
  };
  if (cart.offercode) {
    return (
      <div className="mb-3 flex items-center justify-between rounded-lg border border-dashed border-emerald-400 bg-emerald-50 px-3 py-2 text-sm">
        <span>
          <span className="font-semibold">{cart.offercode}</span> {t('applied')}
        </span>
        <button
          type="button"
          disabled={busy}
          onClick={() => run(actions.removeCoupon)}
          className="font-medium text-red-600 hover:underline"
        >
          {busy ? <Spinner size={14} /> : t('Remove coupon')}
        </button>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (!c) return setError(t('Enter a coupon code'));
    void run(() => actions.applyCoupon(c));
  };
  return (
    <form onSubmit={submit} className="mb-3" noValidate>
      <div className="flex gap-2">
        <label htmlFor="coupon-code" className="sr-only">
          {t('Coupon code')}
        </label>
        <input
          id="coupon-code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          placeholder={t('Coupon code')}
          autoComplete="off"
          className={inputClass}
          aria-invalid={!!error}
          aria-describedby={error ? 'coupon-error' : undefined}
        />
        <button
          type="submit"
          disabled={busy}
          className="h-10 rounded-lg border border-[var(--color-primary)] px-4 text-sm font-semibold whitespace-nowrap text-[var(--color-primary)] hover:bg-gray-50"
        >
          {busy ? <Spinner size={14} /> : t('Apply')}
        </button>
      </div>
      {error && (
        <p id="coupon-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
