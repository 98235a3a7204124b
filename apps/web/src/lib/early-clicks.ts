declare global {
  interface Window {
    /** buttons tapped before hydration, in order, recorded by the server's inline script */
    __early?: HTMLElement[];
    __earlyStop?: () => void;
    /** set once the page is hydrated but for its <Later> parts: record taps only inside those */
    __earlyLater?: boolean;
  }
}

/**
 * Replays the taps a shopper made on a server-rendered page before the app took it over (see
 * EARLY_CLICKS in apps/server/src/domains/shell/scripts.ts): each tapped button, if hydration kept
 * it, is clicked once now, so 'Add to Cart' or the menu button tapped in the first second works.
 */
export function replayEarlyClicks() {
  const tapped = window.__early ?? [];
  window.__early = [];
  for (const button of tapped) if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click();
}
