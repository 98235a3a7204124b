/**
 * The page a browser gets while the database cannot be reached (503, from `http/errors.ts`):
 * self-contained (no database, no app scripts, no fonts, no API calls), readable on a phone, in
 * the plain style of the closed-shop page (`domains/shell/closed.ts`). It tries the same address
 * again by itself after 30 s, and offers a link to do it now.
 */
export function unavailablePage(url: string): string {
  // this site's own path only: `//host/…` (or `/\host`) would lead the link elsewhere
  const again = (/^\/(?![/\\])/.test(url) ? url : '/')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="30"><title>We'll be right back</title><link rel="icon" href="data:,">
<style>body{font:16px system-ui,sans-serif;color:#18181b;background:#fafafa;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box}main{max-width:480px;text-align:center}h1{font-size:24px;margin:0 0 12px}p{color:#52525b;margin:0 0 24px}a{display:inline-block;padding:12px 24px;border-radius:8px;background:#18181b;color:#fff;text-decoration:none;font-weight:600}</style></head>
<body><main><h1>We'll be right back</h1><p>The shop is having a little trouble just now. Please try again in a moment.</p><a href="${again}">Try again</a></main></body></html>`;
}

/** Nothing but the page's own inline style runs or loads. */
export const UNAVAILABLE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
