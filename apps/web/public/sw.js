// The console's service worker (client-area §4). A Web Push message ({title, body, type_message,
// notification_id, link}) goes to the visible console page, which shows it as its own toast; with no
// console page visible it becomes a system notification. Clicking that brings a console window
// forward at the message's link, or opens one.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Windows of the console itself: the sandbox pages and the API docs share the origin but are not. */
async function consoleWindows() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.filter((client) => {
    const path = new URL(client.url).pathname;
    return !path.startsWith('/api') && !path.startsWith('/sandbox');
  });
}

function payloadOf(event) {
  try {
    const payload = event.data?.json();
    return typeof payload?.title === 'string' ? payload : null;
  } catch {
    return null;
  }
}

async function showPush(payload) {
  const visible = (await consoleWindows()).filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const client of visible) client.postMessage({ type: 'push', payload });
    return;
  }
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: `notification-${payload.notification_id}`,
    data: { link: payload.link },
  });
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  if (payload) event.waitUntil(showPush(payload));
});

async function openLink(link) {
  const url = new URL(link || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname + url.search + url.hash;
  const windows = await consoleWindows();
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (!target) {
    await self.clients.openWindow(path);
    return;
  }
  await target.focus().catch(() => undefined);
  // The page routes in place (no reload); see features/notifications/push-messages.ts.
  target.postMessage({ type: 'open', link: path });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openLink(event.notification.data?.link));
});
