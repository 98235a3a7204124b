import { resolveBannerLink } from '@grocer/shared/links';
import type { Popup } from '@grocer/shared/storefront';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { img } from '@grocer/blocks/image';

export const POPUP_DELAY_MS = 5000;
const STORAGE_KEY = 'popup_last_image';
/** The popup appears once per page load. */
let shownThisLoad = false;

/**
 * Promo popup of spec §4: only on / and /products, 5 s after load when it has an image; hides after
 * `duration` seconds or on X. With `once`, it shows only when its image differs from the last shown.
 * The 5 s count from the page load (performance.now() is the time since it), not from arriving
 * at / or /products: a shopper who comes to / later sees it at once. Its link follows the banner
 * link rule (spec §5).
 */
export function PromoPopup({ popup }: { popup: Popup | null }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  const eligible = !!popup?.image && (pathname === '/' || pathname === '/products');

  useEffect(() => {
    if (!eligible || !popup || shownThisLoad) return;
    if (popup.once && localStorage.getItem(STORAGE_KEY) === popup.image) return;
    const show = setTimeout(
      () => {
        shownThisLoad = true;
        setVisible(true);
        if (popup.once) localStorage.setItem(STORAGE_KEY, popup.image);
      },
      Math.max(0, POPUP_DELAY_MS - performance.now()),
    );
    return () => clearTimeout(show);
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
      className="fixed inset-0 z-[9998] flex items-center justify-center bg-black/40 p-4"
      role="dialog"
      aria-modal="true"
      aria-label="Offer"
      data-testid="promo-popup"
    >
      <div className="relative w-full max-w-md overflow-hidden rounded-xl bg-white shadow-2xl">
        <button
          type="button"
          onClick={() => setVisible(false)}
          className="absolute top-2 right-2 rounded-full bg-white/90 p-1"
          aria-label="Close offer"
        >
          <X size={20} aria-hidden="true" />
        </button>
        <button type="button" onClick={open} className="block w-full" aria-label="See the offer">
          <img src={img(popup.image, 'medium')} alt="Offer" width={480} height={360} className="aspect-[4/3] w-full object-cover" />
        </button>
      </div>
    </div>
  );
}
