import type { Pack, Product } from '@grocer/shared/catalogue';
import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { weightLabel } from '@grocer/shared/weighed';
import { Spinner } from '../../../components/ui/loading';
import { quantityOf } from '../cart-reducer';
import { useCart } from '../cart-store';
import { t } from '../../../lib/i18n';

/**
 * 'Add to Cart' while the pack is not in the cart, else the minus/plus stepper (spec §4); the
 * pressed button shows a spinner while its request is in flight.
 */
export function CartControl({
  product,
  pack,
  size = 'md',
  outOfStock,
}: {
  product: Product;
  pack: Pack;
  size?: 'md' | 'lg';
  /** shown instead of the disabled 'Out of Stock' button (the page's "Notify me") */
  outOfStock?: ReactNode;
}) {
  const { cart, pendingFor, actions } = useCart();
  const quantity = quantityOf(cart, pack.pack_id);
  const pending = pendingFor(pack.pack_id);
  const height = size === 'lg' ? 'h-11' : 'h-9';
  if (pack.stock === 0 && quantity === 0) {
    if (outOfStock) return outOfStock;
    return (
      <button
        type="button"
        disabled
        className={`${height} w-full cursor-not-allowed rounded-lg border border-gray-200 text-sm font-medium text-gray-400`}
      >
        {t('Out of Stock')}
      </button>
    );
  }
  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={() => actions.add(product, pack)}
        className={`${height} flex w-full items-center justify-center gap-2 rounded-lg bg-[var(--color-primary)] text-sm font-semibold text-white hover:brightness-90`}
        aria-label={t('Add to Cart: {name}', { name: `${product.product_name} ${pack.pack_name}` })}
      >
        {pending === 'add' ? <Spinner size={16} className="text-white" /> : t('Add to Cart')}
      </button>
    );
  }
  // a loose good moves by its step in grams and shows its weight ("1.5 kg")
  const step = pack.sold_by_weight ? (pack.step_grams ?? 1) : 1;
  return (
    <Stepper
      label={`${product.product_name} ${pack.pack_name}`}
      quantity={quantity}
      shown={pack.sold_by_weight ? weightLabel(quantity) : undefined}
      pending={pending}
      atLimit={pack.stock !== undefined && quantity + step > pack.stock}
      onMinus={() => actions.remove(pack.pack_id)}
      onPlus={() => actions.add(product, pack)}
      height={height}
    />
  );
}

/** The minus / quantity / plus control, shared by cards, the product page and the drawer. */
export function Stepper({
  label,
  quantity,
  shown,
  pending,
  atLimit,
  onMinus,
  onPlus,
  height = 'h-9',
}: {
  label: string;
  quantity: number;
  /** what the middle shows instead of the units: a loose good's weight ("1.5 kg") */
  shown?: string;
  pending: 'add' | 'remove' | null;
  atLimit: boolean;
  onMinus: () => void;
  onPlus: () => void;
  height?: string;
}) {
  const btn =
    'flex h-full w-9 items-center justify-center text-[var(--color-primary)] hover:bg-gray-50 disabled:cursor-not-allowed disabled:text-gray-300';
  return (
    <div
      className={`${height} flex w-full items-center justify-between overflow-hidden rounded-lg border-2 border-[var(--color-primary)]`}
      role="group"
      aria-label={t('Quantity of {name}', { name: label })}
    >
      <button type="button" className={btn} onClick={onMinus} aria-label={t('Remove one {name}', { name: label })}>
        {pending === 'remove' ? <Spinner size={14} /> : <Minus size={16} aria-hidden="true" />}
      </button>
      <span className="min-w-8 text-center text-sm font-semibold tabular-nums" aria-live="polite" data-testid="cart-quantity">
        {shown ?? quantity}
      </span>
      <button
        type="button"
        className={btn}
        onClick={onPlus}
        disabled={atLimit}
        aria-label={t('Add one more {name}', { name: label })}
        title={atLimit ? t('No more in stock') : undefined}
      >
        {pending === 'add' ? <Spinner size={14} /> : <Plus size={16} aria-hidden="true" />}
      </button>
    </div>
  );
}
