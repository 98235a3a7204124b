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
