/** What the server wrote into the page for the telemetry (shell routes: telemetryMeta). */
export function pageMeta(name: string): HTMLMetaElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
}

/** Do-Not-Track or Global Privacy Control: no analytics at all. */
export function doNotTrack(): boolean {
  if (typeof navigator === 'undefined') return true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const w = window as Window & { doNotTrack?: string };
  return (
    nav.doNotTrack === '1' ||
    nav.doNotTrack === 'yes' ||
    w.doNotTrack === '1' ||
    nav.msDoNotTrack === '1' ||
    nav.globalPrivacyControl === true
  );
}

/**
 * Runs `load` (once) at the shopper's first interaction (a tap, a key, a scroll) or, failing
 * that, when the page has been idle for a while after it loaded: the analytics and error SDKs
 * never compete with the first paint, hydration or the first-load budget (DESIGN §2, §9), and a
 * page measured without anyone on it (Lighthouse) never loads them. Calls made before are queued.
 */
const IDLE_FALLBACK_MS = 10_000;
export function whenIdle(load: () => void): void {
  let done = false;
  const events = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
  const go = () => {
    if (done) return;
    done = true;
    for (const e of events) window.removeEventListener(e, go, true);
    load();
  };
  for (const e of events) window.addEventListener(e, go, { capture: true, passive: true, once: true });
  const later = () => {
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
    setTimeout(() => (idle ? idle(go, { timeout: 5_000 }) : go()), IDLE_FALLBACK_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
