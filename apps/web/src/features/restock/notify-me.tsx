import type { Pack, Product } from '@grocer/shared/catalogue';
import { BellRing, Check } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Spinner } from '../../components/ui/loading';
import { handleError } from '../../lib/errors';
import { askRestockAlert } from './api';
import { t } from '../../lib/i18n';

/**
 * "Notify me" in place of Add to Cart on an out-of-stock pack: the shop emails the shopper once
 * when it is back at the warehouse serving them. A signed-out visitor is sent to sign in first
 * (the route sets the alert once they have).
 */
export function NotifyMe({
  product,
  pack,
  size = 'md',
  signedIn,
  asked = false,
  onSignIn,
}: {
  product: Product;
  pack: Pack;
  size?: 'md' | 'lg';
  signedIn: boolean;
  /** the alert is set already (asked for before signing in) */
  asked?: boolean;
  onSignIn: () => void;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>(asked ? 'done' : 'idle');
  const height = size === 'lg' ? 'h-11' : 'h-9';
  const label = `${product.product_name} ${pack.pack_name}`;
  if (state === 'done')
    return (
      <p className={`${height} flex w-full items-center justify-center gap-1.5 rounded-lg bg-gray-50 text-xs font-medium text-gray-600`}>
        <Check size={14} aria-hidden="true" /> We&apos;ll tell you
      </p>
    );
  const ask = async () => {
    if (!signedIn) return onSignIn();
    setState('busy');
    try {
      await askRestockAlert(pack);
      setState('done');
      toast.success(t("We'll email you when {name} is back in stock", { name: label }));
    } catch (e) {
      setState('idle');
      handleError(e);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void ask()}
      aria-label={t('Notify me when {name} is back', { name: label })}
      className={`${height} flex w-full items-center justify-center gap-1.5 rounded-lg border border-[var(--color-primary)] text-sm font-semibold text-[var(--color-primary)] hover:bg-gray-50`}
    >
      {state === 'busy' ? <Spinner size={16} /> : <BellRing size={16} aria-hidden="true" />} {t('Notify me')}
    </button>
  );
}
