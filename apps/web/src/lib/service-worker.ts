/**
 * The shop's service worker (`public/sw.js`, online first; see its header). Registered a moment
 * after the page has loaded, so it never competes with the first paint or hydration.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), 1000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** After a sign-in or sign-out: the worker drops its copies of pages (they carry the person's name and cart). */
export function tellServiceWorkerSessionChanged() {
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: 'session-changed' });
}
