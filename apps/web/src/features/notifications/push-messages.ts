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

/** Listens to what public/sw.js posts to console pages; returns the function that stops. */
export function listenToPushMessages(handlers: PushMessageHandlers) {
  if (!('serviceWorker' in navigator)) return () => {};
  // Held by the returned function on purpose: Chromium may garbage-collect a container no script
  // refers to, and the listeners on it with it (pushes then went unseen in the e2e journeys).
  const container = navigator.serviceWorker;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; payload?: unknown; link?: unknown } | null;
    if (data?.type === 'push' && isPayload(data.payload)) handlers.onPush(data.payload);
    else if (data?.type === 'open' && typeof data.link === 'string') handlers.onOpen(data.link);
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
