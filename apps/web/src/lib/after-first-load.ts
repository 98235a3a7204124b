import { useEffect, useState } from 'react';

/**
 * After the page's first load (DESIGN §9 budget): at the shopper's first interaction (a tap, a key,
 * a scroll) or, failing that, `wait` ms after the page loaded, at an idle moment. What waits for it
 * (the product page's subscription offer and reviews, whose answers are parsed with the zod
 * contracts; the shell's overlays and promo popup) stays out of the first load; each gate settles
 * once per document, so a page reached by a link inside the storefront does not wait.
 */
export const SOON_MS = 1_500;
const gates = new Map<number, Promise<void>>();
const settled = new Set<number>();
const events = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

export function afterFirstLoad(wait = SOON_MS): Promise<void> {
  if (typeof window === 'undefined') return new Promise(() => {}); // the server never fetches these
  let gate = gates.get(wait);
  if (!gate) {
    gate = new Promise<void>((resolve) => {
      const go = () => {
        if (settled.has(wait)) return;
        settled.add(wait);
        for (const e of events) window.removeEventListener(e, go, true);
        resolve();
      };
      for (const e of events) window.addEventListener(e, go, { capture: true, passive: true });
      const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
      const later = () => setTimeout(() => (idle ? idle(go, { timeout: 1_000 }) : go()), wait);
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
    });
    gates.set(wait, gate);
  }
  return gate;
}

/** `afterFirstLoad` as state: false while the page's first load is under way (and on the server). */
export function useAfterFirstLoad(wait = SOON_MS): boolean {
  const [ready, setReady] = useState(() => settled.has(wait));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void afterFirstLoad(wait).then(() => live && setReady(true));
    return () => void (live = false);
  }, [ready, wait]);
  return ready;
}
