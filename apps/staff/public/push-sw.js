/* The staff app's service worker (issue 40.17): shows the new-order pushes the server sends to a
 * staff member who asked to be notified, and opens the order when the notification is clicked.
 * Served at /bos/admin/push-sw.js, so its scope is Administration only; it caches nothing. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    return;
  }
  if (!data || data.kind !== 'new-order') return;
  event.waitUntil(
    self.registration.showNotification(data.title, { body: data.body, tag: data.tag, renotify: true, data: { url: data.url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/bos/admin/orders', self.location.origin);
  // only ever a page of this origin's Administration
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/bos/admin')) return;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = open.find((c) => new URL(c.url).pathname.startsWith('/bos/admin'));
      if (tab) {
        await tab.focus();
        if ('navigate' in tab) await tab.navigate(url.href);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
