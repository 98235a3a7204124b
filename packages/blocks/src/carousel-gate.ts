/**
 * What carousels wait for before they fetch Embla and start (carousel.tsx), apart from the
 * carousel itself so the storefront's entry can set it without carrying a carousel: the storefront
 * passes its "after the first load" (apps/web main.tsx), so no page's first load carries Embla
 * (DESIGN §9); elsewhere (the page builder's preview) carousels start as they come near.
 */
let gate: () => Promise<void> = () => Promise.resolve();

/** Carousels start only once `after` has settled (an arrow's tap starts one at once). */
export function startCarouselsAfter(after: () => Promise<void>) {
  gate = after;
}

/** The gate carousels wait for. */
export const carouselGate = () => gate();
