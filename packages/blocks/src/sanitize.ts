/**
 * How the blocks render HTML from content (rich-text and html blocks; product descriptions use it
 * too). Each app installs its sanitiser at start-up with `setSanitizer`:
 * - the storefront (browser and server renderer) renders its own server's answers, whose HTML the
 *   server has sanitised before serving it (apps/server `content/sanitize.ts`): `serverSanitised`.
 *   That keeps a DOM sanitiser (DOMPurify, about 9 KB gzip) off every shopper's first load.
 * - the staff app previews drafts nobody has checked yet: DOMPurify (`./sanitize-dom`).
 * Rendering HTML with none installed is a programming error, not a silent pass-through.
 */
let sanitizer: ((html: string) => string) | null = null;

export const setSanitizer = (f: (html: string) => string) => void (sanitizer = f);

export function sanitizeHtml(html: string): string {
  if (!sanitizer) throw new Error('No HTML sanitiser installed: call setSanitizer() at start-up');
  return sanitizer(html);
}

/** For HTML that comes from the shop's own API, sanitised by the server before it was served. */
export const serverSanitised = (html: string): string => html;
