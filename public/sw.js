/*
 * The admin's service worker (scope /admin/): shows the message centre's push notifications and
 * opens the inbox on a click. Payload: JSON { title, body, notificationId, url }.
 */
const INBOX = '/admin/inbox';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const id = data.notificationId;
  const options = {
    body: data.body || '',
    // one notification per message: a repeated delivery replaces it instead of adding a second
    tag: id !== undefined && id !== null ? `n${id}` : undefined,
    data: { notificationId: id },
  };
  event.waitUntil(self.registration.showNotification(data.title || 'Nachricht', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const id = event.notification.data && event.notification.data.notificationId;
  const target = new URL(id !== undefined && id !== null ? `${INBOX}?open=${encodeURIComponent(id)}` : INBOX, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const own = windows.find((c) => c.url.startsWith(`${self.location.origin}/admin`));
      if (own) {
        await own.focus();
        if ('navigate' in own) return own.navigate(target);
        return undefined;
      }
      return self.clients.openWindow(target);
    })(),
  );
});
