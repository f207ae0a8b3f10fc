/* global self, URL */
/* The service worker: shows Web Push notifications and opens their page on click. Served from
 * the site root (scope /) with no-cache, so a new version is picked up on the next visit. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Bumps', {
      body: message.body || '',
      // A group that grew replaces its earlier notification instead of stacking another.
      tag: message.tag,
      renotify: Boolean(message.tag),
      data: { url: message.url || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this site's pages: a payload cannot send the browser elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) return open.focus().then((client) => client.navigate(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});
