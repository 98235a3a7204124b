import type { Popup } from '@grocer/shared/storefront';
import { lazy, Suspense, useRef, type ComponentType } from 'react';
import { afterFirstLoad, useAfterFirstLoad } from '../../lib/after-first-load';
import { withLater } from '../../locales/load';

/**
 * The shell's overlays (cart drawer, phone menu, pincode modal, promo popup) out of the first load
 * (DESIGN §9, bench/bundle.ts): a closed overlay renders nothing, on the server as in the browser,
 * so its code is fetched at the shopper's first tap, key or scroll (or 10 s after the page loaded),
 * and at the latest when it first opens. Once open it stays mounted, so it closes with its transition.
 */
const OVERLAYS_MS = 10_000;

function onFirstOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchIt = () => (loading ??= load().then((c) => ({ default: c })));
  if (typeof window !== 'undefined') void afterFirstLoad(OVERLAYS_MS).then(fetchIt);
  const Lazy = lazy(fetchIt);
  return function Overlay(props: P) {
    const opened = useRef(false);
    if (props.open) opened.current = true;
    if (!opened.current) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

// each with the later catalogue, where their words are in Hindi and Kannada (locales/catalogue.ts)
export const CartDrawer = onFirstOpen(async () => (await withLater(import('../../features/cart/components/cart-drawer'))).CartDrawer);
export const MobileMenu = onFirstOpen(async () => (await withLater(import('./mobile-menu'))).MobileMenu);
export const PincodeModal = onFirstOpen(async () => (await withLater(import('../../features/pincode/pincode-modal'))).PincodeModal);

const POPUP_CODE_MS = 3_500;
const LazyPromoPopup = lazy(async () => ({ default: (await withLater(import('../../features/popup/promo-popup'))).PromoPopup }));
type PromoProps = { popup: Popup | null };

/**
 * The promo popup shows POPUP_DELAY_MS (5 s) after the page loaded, timed from the load itself: its
 * code comes at the first interaction or a little before that moment.
 */
export function PromoPopup(props: PromoProps) {
  const ready = useAfterFirstLoad(POPUP_CODE_MS);
  if (!props.popup || !ready) return null;
  return (
    <Suspense fallback={null}>
      <LazyPromoPopup {...props} />
    </Suspense>
  );
}
