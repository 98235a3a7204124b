/**
 * How the web app's JavaScript is put into a page. A page the server rendered is complete without
 * it, so its scripts are requested only after the first paint: on a slow phone the stylesheet,
 * the first images and the fonts get the connection first, and the page is seen before it is
 * hydrated. A page the browser renders (private pages) needs the scripts to show anything, so
 * they are requested at once, as Vite wrote them.
 */

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export interface AppScripts {
  /** index.html without its script and modulepreload tags */
  template: string;
  entry: string | null;
  /** the chunks the entry imports statically */
  imports: string[];
}

/** Takes the entry script and its preloads out of the built index.html. */
export function appScripts(html: string): AppScripts {
  const entry = ENTRY.exec(html)?.[1] ?? null;
  const imports = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  return { template: html.replace(ENTRY, '').replace(PRELOAD, ''), entry, imports };
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Script and modulepreload tags for the head, fetched at once. */
export function eagerScripts(entry: string | null, chunks: string[]): string {
  return [
    ...chunks.map((f) => `<link rel="modulepreload" crossorigin href="${attr(f)}">`),
    entry ? `<script type="module" crossorigin src="${attr(entry)}"></script>` : '',
  ].join('\n    ');
}

/**
 * Taps on a server-rendered page's buttons before it is hydrated (the scripts come after the first
 * paint) are kept, not lost: the first tap on each `button[type=button]` is recorded in
 * `window.__early` and the web app replays it once it has taken over the markup
 * (apps/web/src/lib/early-clicks.ts). Once the page is hydrated but for its parts taken over later
 * (`<Later>`, marked `data-later` until then), only taps inside those parts are still recorded.
 * Links and forms need nothing: they work without scripts.
 */
export const EARLY_CLICKS = `(function(){var q=window.__early=[];function rec(e){var b=e.target&&e.target.closest&&e.target.closest("button[type=button]");if(!b||b.disabled||(window.__earlyLater&&!b.closest("[data-later]")))return;e.preventDefault();if(q.indexOf(b)<0)q.push(b)}document.addEventListener("click",rec,true);window.__earlyStop=function(){document.removeEventListener("click",rec,true)}})();`;

/**
 * An inline script that records early taps (EARLY_CLICKS) and requests the entry and the chunks once the first contentful paint has
 * been presented (Paint Timing), or after a frame where Paint Timing is missing, and after one
 * second whatever happens (a tab opened in the background paints nothing). The page's CSP allows
 * both by their hashes (csp.ts), so the page is the same bytes for every visitor.
 * Each tag is added in a task of its own: adding one costs Chromium 1–2 ms (4–12 ms on
 * Lighthouse's 4× slower CPU), and the page's dozen and more together made one task of 36–186 ms
 * there, blocking taps (issue 20, goal 7: Total Blocking Time).
 */
export function scriptsAfterPaint(entry: string | null, chunks: string[]): string {
  if (!entry) return '';
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
  return `<script>${EARLY_CLICKS}</script><script>(function(){var done=0;function go(){if(done)return;done=1;var h=document.head,q=${json(chunks)};var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${json(entry)};h.appendChild(s);(function next(){var u=q.shift();if(!u)return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l);setTimeout(next,0)})()}try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(go,0)})}setTimeout(go,1000)})()</script>`;
}
