import { resolveBannerLink } from '@grocer/shared/links';
import type { Popup } from '@grocer/shared/storefront';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { img } from '@grocer/blocks/image';
import { useFocusTrap } from '../../components/ui/modal';
import { t } from '../../lib/i18n';

export const POPUP_DELAY_MS = 5000;
const STORAGE_KEY = 'popup_last_image';
/** The popup appears once per page load. */
let shownThisLoad = false;

/**
 * When the page's `load` event ended, on the performance clock: the navigation entry's
 * loadEventEnd, else the moment the event fires (0 when neither can be known: a page already loaded).
 */
function onLoaded(then: (at: number) => void): () => void {
  if (document.readyState === 'complete') {
    const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    then(nav?.loadEventEnd || 0);
    return () => {};
  }
  const fire = () => then(performance.now());
  window.addEventListener('load', fire, { once: true });
  return () => window.removeEventListener('load', fire);
}

/** Runs `fn` when the main thread is idle (not while the page is still busy), at most 2 s late. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    fn();
    return () => {};
  }
  const id = requestIdleCallback(fn, { timeout: 2000 });
  return () => cancelIdleCallback(id);
}

/**
 * Promo popup of spec §4: only on / and /products, 5 s after load when it has an image; hides after
 * `duration` seconds or on X. With `once`, it shows only when its image differs from the last shown.
 * The 5 s count from the page's `load` event (not navigation start, and not from arriving at / or
 * /products: a shopper who comes to / later sees it at once), and it waits for an idle moment so it
 * never lands while the page is still busy. Its link follows the banner link rule (spec §5). As a
 * modal dialog it takes focus, keeps Tab inside, closes on Escape and gives focus back.
 */
export function PromoPopup({ popup }: { popup: Popup | null }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  const eligible = !!popup?.image && (pathname === '/' || pathname === '/products');

  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(visible && eligible, dialog, () => setVisible(false));

  useEffect(() => {
    if (!eligible || !popup || shownThisLoad) return;
    if (popup.once && localStorage.getItem(STORAGE_KEY) === popup.image) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelIdle = () => {};
    const cancelLoad = onLoaded((loadedAt) => {
      timer = setTimeout(
        () => {
          cancelIdle = whenIdle(() => {
            shownThisLoad = true;
            setVisible(true);
            if (popup.once) localStorage.setItem(STORAGE_KEY, popup.image);
          });
        },
        Math.max(0, loadedAt + POPUP_DELAY_MS - performance.now()),
      );
    });
    return () => {
      cancelLoad();
      clearTimeout(timer);
      cancelIdle();
    };
  }, [eligible, popup]);

  useEffect(() => {
    if (!visible || !popup) return;
    const hide = setTimeout(() => setVisible(false), (popup.duration || 5) * 1000);
    return () => clearTimeout(hide);
  }, [visible, popup]);

  if (!visible || !popup || !eligible) return null;
  const open = () => {
    const target = resolveBannerLink(popup.link);
    if (target.kind === 'invalid' && popup.link) {
      console.warn(`Invalid banner link ignored: ${popup.link}`);
      return;
    }
    setVisible(false);
    if (target.kind === 'internal') navigate(target.href);
    else if (target.kind === 'external') window.open(target.href, '_blank', 'noopener');
  };
  return (
    <div
      ref={dialog}
      className="fixed inset-0 z-[9998] flex items-center justify-center bg-black/40 p-4"
      role="dialog"
      aria-modal="true"
      aria-label={t('Offer')}
      data-testid="promo-popup"
    >
      <div className="relative w-full max-w-md overflow-hidden rounded-xl bg-white shadow-2xl">
        <button
          type="button"
          onClick={() => setVisible(false)}
          className="absolute top-2 right-2 rounded-full bg-white/90 p-1"
          aria-label={t('Close offer')}
        >
          <X size={20} aria-hidden="true" />
        </button>
        <button type="button" onClick={open} className="block w-full" aria-label={t('See the offer')}>
          <img src={img(popup.image, 'medium')} alt={t('Offer')} width={480} height={360} className="aspect-[4/3] w-full object-cover" />
        </button>
      </div>
    </div>
  );
}
