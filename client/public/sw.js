/*
 * The service worker of AirCloud's Web Push (docs/api-notifications.md): shows each push
 * message as a system notification and, on a click, focuses a tab of the app on the machine's
 * page or opens one. The message is JSON {id, type, title, body, url}, decrypted by the browser.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'AirCloud';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || '',
      // One notification per id: a repeated delivery replaces it instead of stacking.
      tag: message.id || undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: message.url || '/' },
      requireInteraction: message.type === 'alert_triggered',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only the app's own pages: a message cannot send the browser elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      for (const tab of tabs) {
        if (new URL(tab.url).origin !== self.location.origin) continue;
        return tab.focus().then((focused) => (focused.navigate ? focused.navigate(url) : focused));
      }
      return self.clients.openWindow(url);
    }),
  );
});
