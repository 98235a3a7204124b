import { escapeHtml } from './head';

/**
 * The page a paused website's storefront shows (issue 16): the shop's name and that it is closed
 * for now. Self-contained (no app scripts, no API calls); staff pages and calls keep working.
 */
export function closedPage(name: string): string {
  const shop = escapeHtml(name);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${shop} is closed for now</title><link rel="icon" href="data:,">
<style>body{font:16px system-ui,sans-serif;color:#18181b;background:#fafafa;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box}main{max-width:480px;text-align:center}h1{font-size:24px;margin:0 0 12px}p{color:#52525b;margin:0}</style></head>
<body><main><h1>${shop} is closed for now</h1><p>We are not taking orders at the moment. Please visit again soon.</p></main></body></html>`;
}
