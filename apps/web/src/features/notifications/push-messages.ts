import type { PushPayload } from '@app/contract/notifications';

/** A link of this console as a router path; null for anything else. */
export function consolePath(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

const isPayload = (value: unknown): value is PushPayload => {
  const payload = value as Partial<PushPayload> | null;
  return (
    typeof payload?.title === 'string' && typeof payload.body === 'string' && typeof payload.link === 'string'
  );
};

export interface PushMessageHandlers {
  /** A push arrived while this page is visible: the page shows it instead of the system. */
  onPush: (payload: PushPayload) => void;
  /** A system notification was clicked: this window was focused to show `link`. */
  onOpen: (link: string) => void;
}

type PushMessage = { type: 'push'; payload: PushPayload } | { type: 'open'; link: string };

/** At most this many messages wait for a handler; older ones are dropped first. */
const MAX_HELD = 20;
/**
 * A held push older than this is not shown when a handler attaches: a toast is news "just now", and
 * a page that took longer to load would show it out of context. It is still in the bell.
 */
const HELD_PUSH_MAX_AGE_MS = 30_000;

// Module-level on purpose: Chromium may garbage-collect a container no script refers to, and the
// listener on it with it (pushes then went unseen in the e2e journeys).
let container: ServiceWorkerContainer | null = null;
let current: PushMessageHandlers | null = null;
let held: { message: PushMessage; receivedAt: number }[] = [];

function deliver(message: PushMessage, handlers: PushMessageHandlers) {
  if (message.type === 'push') handlers.onPush(message.payload);
  else handlers.onOpen(message.link);
}

/**
 * Starts receiving what public/sw.js posts to this page, for the page's lifetime; call it from the
 * entry module, before React renders. Chromium opens the page's message queue at DOMContentLoaded,
 * and a message that arrives then with no listener is lost, while the handlers only attach once the
 * lazily loaded console shell renders (usePushNotifications). Until then messages are held.
 */
export function receivePushMessages() {
  if (container || !('serviceWorker' in navigator)) return;
  container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; payload?: unknown; link?: unknown } | null;
    let message: PushMessage;
    if (data?.type === 'push' && isPayload(data.payload)) message = { type: 'push', payload: data.payload };
    else if (data?.type === 'open' && typeof data.link === 'string')
      message = { type: 'open', link: data.link };
    else return;
    if (current) deliver(message, current);
    else held = [...held, { message, receivedAt: Date.now() }].slice(-MAX_HELD);
  });
}

/**
 * Hands what public/sw.js posts to `handlers`: first the messages held since the page started, then
 * each as it arrives. Returns the function that detaches them; messages are held again after that.
 */
export function listenToPushMessages(handlers: PushMessageHandlers) {
  receivePushMessages();
  current = handlers;
  const now = Date.now();
  const waiting = held.filter(
    ({ message, receivedAt }) => message.type === 'open' || now - receivedAt <= HELD_PUSH_MAX_AGE_MS,
  );
  held = [];
  for (const { message } of waiting) deliver(message, handlers);
  return () => {
    if (current === handlers) current = null;
  };
}
