/* The shop's service worker (issue 19: an installable app that copes with a flaky network).
 * Online first: pages and catalogue answers come from the network whenever it answers, and a copy
 * is kept; only when the network fails is the copy used (a page never seen offline gets a short
 * "You are offline" page). Hashed build files, fonts and images are kept and served from the copy.
 * Personal and transactional paths (sign-in, checkout, orders, account, staff apps, every write)
 * are never touched. The page tells the worker when someone signs in or out, and the copies of
 * pages (which carry the signed-in person's name and cart) are dropped. */
const PAGES = 'grocer-pages-v1';
const STATIC = 'grocer-static-v1';
const KEEP = [PAGES, STATIC];
const MAX_ENTRIES = { [PAGES]: 60, [STATIC]: 400 };

// /brgest (analytics) and the error tunnel are live calls, never cached.
const PRIVATE = /^\/(auth|checkout|order|account|bos|pos|page-builder|staff|gateway-sim|brgest|s\/tunnel)(\/|$)/;
const CATALOGUE_API = /^\/s\/api\/(init|products|product|page\/data|suppliers|categories|brands)(\/|$|\?)/;
const STATIC_FILES = /^\/(assets|fonts|media)\//;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'session-changed') event.waitUntil(caches.delete(PAGES));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || PRIVATE.test(url.pathname)) return;
  if (STATIC_FILES.test(url.pathname)) event.respondWith(cacheFirst(req));
  else if (req.mode === 'navigate') event.respondWith(networkFirst(req, offlinePage));
  else if (CATALOGUE_API.test(url.pathname + url.search)) event.respondWith(networkFirst(req, () => Response.error()));
});

async function cacheFirst(req) {
  const hit = await caches.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await keep(STATIC, req, res.clone());
  return res;
}

async function networkFirst(req, fallback) {
  try {
    const res = await fetch(req);
    if (res.ok) await keep(PAGES, req, res.clone());
    return res;
  } catch {
    return (await caches.match(req, { cacheName: PAGES })) || fallback();
  }
}

async function keep(name, req, res) {
  const cache = await caches.open(name);
  await cache.put(req, res);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES[name]))) await cache.delete(old);
}

function offlinePage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>You are offline</title></head><body style="font-family:system-ui,sans-serif;padding:2rem;text-align:center">' +
    '<h1>You are offline</h1><p>This page has not been opened on this device yet. Check your connection and try again.</p>' +
    '<p><a href="/">Go to the home page</a></p></body></html>';
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
