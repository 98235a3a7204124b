import type { Address } from '@grocer/shared/account';
import type { Pack, Product } from '@grocer/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../../../components/ui/loading';
import { offerQuery } from '../offer';
import { useAfterFirstLoad } from '../../../lib/after-first-load';
import { t } from '../../../lib/i18n';
import { loadLaterMessages } from '../../../locales/load';

// the sheet's form loads when a shopper first opens it
// the form's words are in the later catalogue (locales/catalogue.ts)
// the sheet itself too, once first opened (it stays mounted to close with its transition)
const Drawer = lazy(async () => ({ default: (await import('../../../components/ui/modal')).Drawer }));
const SubscribeForm = lazy(async () => (await Promise.all([import('./subscribe-form'), loadLaterMessages()]))[0]);

export interface SubscribeProps {
  product: Product;
  pack: Pack;
  signedIn: boolean;
  /** a signed-out shopper: sign in and come back with the sheet open */
  onSignIn: () => void;
  /** opened at once (back from sign-in with `?subscribe={pack}`) */
  initiallyOpen?: boolean;
  /** the account's address form (composed in by the route) */
  addressForm: (props: { onClose: () => void; onSaved: (a: Address) => unknown; first: boolean }) => ReactNode;
}

/**
 * "Subscribe" beside Add to Cart for a pack the owner made subscribable (issue 44 §4): a sheet
 * with quantity, schedule, start date, address and morning slot, the price per delivery and the
 * wallet balance; creates through POST /account/subscriptions and opens the new subscription.
 */
export function SubscribeAction(props: SubscribeProps) {
  // asked once the page's first load is over: the offer's answer is parsed with the zod contract,
  // which stays out of the first load (bench/bundle.ts)
  const { data: offer } = useQuery({ ...offerQuery, enabled: useAfterFirstLoad() });
  const [open, setOpen] = useState(!!props.initiallyOpen && props.signedIn);
  const opened = useRef(false);
  if (open) opened.current = true;
  if (!offer?.pack_ids.includes(props.pack.pack_id)) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => (props.signedIn ? setOpen(true) : props.onSignIn())}
        aria-label={t('Subscribe: {name}', { name: `${props.product.product_name} ${props.pack.pack_name}` })}
        className="flex h-11 w-full items-center justify-center gap-1.5 rounded-lg border-2 border-[var(--color-primary)] px-3 text-sm font-semibold whitespace-nowrap text-[var(--color-primary)] hover:bg-[var(--color-primary)]/10"
      >
        <CalendarClock size={16} aria-hidden="true" /> {t('Subscribe')}
      </button>
      {/* in the body: on a phone the button sits in the fixed buy bar, whose stacking (z-30) would put the
          sheet under the sticky header (z-40) */}
      {typeof document !== 'undefined' &&
        opened.current &&
        createPortal(
          <Suspense fallback={null}>
            <Drawer open={open} onClose={() => setOpen(false)} title={t('Subscribe')} width={460}>
              {open && (
                <Suspense fallback={<Spinner size={20} />}>
                  <SubscribeForm {...props} firstDate={offer.first_date} cutoff={offer.cutoff_time} onDone={() => setOpen(false)} />
                </Suspense>
              )}
            </Drawer>
          </Suspense>,
          document.body,
        )}
    </>
  );
}
