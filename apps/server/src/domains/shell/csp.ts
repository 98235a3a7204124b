import { createHash } from 'node:crypto';

/**
 * The HTML shell's Content-Security-Policy, one per page as rendered.
 *
 * - The shop's own inline scripts (the early-tap recorder, the after-paint loader) are allowed by
 *   the SHA-256 hash of their code, as the owner's are (below), not by a nonce: a page is then the
 *   same bytes for every visitor who shares it, kept and compressed once (routes.ts), and nothing
 *   injected beside them runs. The app's chunks come from this origin ('self'). `__INIT__`,
 *   `__DATA__` and JSON-LD are data blocks (`type="application/json"`, `application/ld+json`),
 *   which CSP never runs.
 * - The payment providers' checkout scripts (loaded on /checkout/razorpay and /checkout/cashfree
 *   by the app, which routes in the browser, so every page carries them).
 * - The website owner's extra page scripts (spec §3), per website: the origin of each
 *   `<script src>`, and the SHA-256 hash of each inline `<script>`. A hash allows exactly the
 *   code the owner saved and nothing injected beside it (which a nonce added to the owner's HTML,
 *   or 'unsafe-inline', would not). Scripts those scripts load from further hosts, and inline
 *   event handlers (`onload=`), are not allowed: a tag manager's hosts need a `<script src>` of
 *   their own in the settings.
 * - Styles, images, fonts and connections are not restricted (the owner's HTML may bring its own);
 *   plugins are off, `<base>` stays on this origin, and only this origin may frame the shop.
 */
export const PAYMENT_SCRIPT_HOSTS = ['https://checkout.razorpay.com', 'https://sdk.cashfree.com'];

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const attribute = (attrs: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attrs)
    ?.slice(1)
    .find((v) => v !== undefined);
/** Script types the browser runs (HTML's JavaScript MIME types, module, or none at all). */
const RUNS = /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/i;

/** What the scripts in `html` need in script-src: their hosts and their inline code's hashes. */
export function scriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(SCRIPT)) {
    if (!RUNS.test((attribute(attrs, 'type') ?? '').trim())) continue;
    const src = attribute(attrs, 'src');
    if (src !== undefined) {
      try {
        const url = new URL(src.trim(), 'https://self.invalid');
        if (url.host !== 'self.invalid' && (url.protocol === 'https:' || url.protocol === 'http:')) sources.add(url.origin);
      } catch {
        // not a URL: the browser cannot load it either
      }
    } else if (body.trim()) {
      // the browser hashes the text as parsed, and HTML parsing turns CR LF and CR into LF
      sources.add(`'sha256-${createHash('sha256').update(body.replace(/\r\n?/g, '\n')).digest('base64')}'`);
    }
  }
  return [...sources];
}

/** The policy of a page whose scripts are `ownHtml` (the shop's) and `ownerHtml` (the owner's extra scripts). */
export function contentSecurityPolicy(ownHtml: string, ownerHtml: string): string {
  const scripts = ["'self'", ...PAYMENT_SCRIPT_HOSTS, ...new Set([...scriptSources(ownHtml), ...scriptSources(ownerHtml)])];
  // worker-src: the error SDK's session replay compresses in a worker it makes from a blob.
  return [
    `script-src ${scripts.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
