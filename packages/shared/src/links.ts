/**
 * Banner link rule of spec §5: '/' opens in the same tab; http, https or www opens in a new tab
 * (www gets an https:// prefix); anything else is invalid and ignored.
 */
export type LinkTarget = { kind: 'internal'; href: string } | { kind: 'external'; href: string } | { kind: 'invalid' };

export function resolveBannerLink(link: string | null | undefined): LinkTarget {
  const l = (link ?? '').trim();
  if (l.startsWith('/')) return { kind: 'internal', href: l };
  if (/^https?:\/\//i.test(l)) return { kind: 'external', href: l };
  if (/^www\./i.test(l)) return { kind: 'external', href: `https://${l}` };
  return { kind: 'invalid' };
}

/** The storefront's suppliers page (spec: shown when the website's settings turn it on). */
export const SUPPLIERS_PATH = '/suppliers';

/**
 * Paths of the staff app (DESIGN §10: Administration, Website Settings, POS), a separate app on
 * the same server: the storefront opens them with a page load, never with its own router.
 */
export const STAFF_APP_PATH = /^\/(bos\/admin|page-builder|pos)(\/|$)/;

/**
 * The same-origin tunnel every browser error report goes through (Sentry's `tunnel` option): the
 * storefront's and the staff app's alike; the server forwards to SENTRY_DSN or keeps the events
 * in Administration's Errors inbox (apps/server domains/errors/routes.ts).
 */
export const ERROR_TUNNEL = '/s/tunnel';

/** sessionStorage key where a guarded page saves the path to return to after sign-in (spec §2). */
export const REDIRECT_KEY = 'redirect';
