import type { PushPayload } from '@app/contract/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const payload = (title: string): PushPayload => ({
  title,
  body: `${title} body`,
  type_message: 'Blast',
  notification_id: '1',
  link: '/client/messages/blast',
});

/** What public/sw.js does: post to the page's service worker container. */
const post = (data: unknown) => navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data }));

describe('push messages from the service worker', () => {
  // The module keeps its listener and held messages for the page's lifetime: a fresh one per test.
  let messages: typeof import('./push-messages.ts');

  beforeEach(async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
    vi.resetModules();
    messages = await import('./push-messages.ts');
    messages.receivePushMessages();
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.useRealTimers();
  });

  const handlers = () => ({ onPush: vi.fn(), onOpen: vi.fn() });

  it('holds what arrives before the handlers attach and delivers it once, then the rest directly', () => {
    post({ type: 'push', payload: payload('Early') });
    post({ type: 'open', link: '/client/inbox' });
    post({ type: 'unknown' });

    const first = handlers();
    const detach = messages.listenToPushMessages(first);
    expect(first.onPush).toHaveBeenCalledExactlyOnceWith(payload('Early'));
    expect(first.onOpen).toHaveBeenCalledExactlyOnceWith('/client/inbox');

    post({ type: 'push', payload: payload('Live') });
    expect(first.onPush).toHaveBeenCalledTimes(2);
    expect(first.onPush).toHaveBeenLastCalledWith(payload('Live'));

    detach();
    post({ type: 'push', payload: payload('While detached') });
    expect(first.onPush).toHaveBeenCalledTimes(2);

    const second = handlers();
    messages.listenToPushMessages(second);
    expect(second.onPush).toHaveBeenCalledExactlyOnceWith(payload('While detached'));
    expect(second.onOpen).not.toHaveBeenCalled();
    expect(first.onPush).toHaveBeenCalledTimes(2);
  });

  it('drops held pushes older than 30 s but still follows a held click', () => {
    vi.useFakeTimers();
    post({ type: 'push', payload: payload('Stale') });
    post({ type: 'open', link: '/client/inbox' });
    vi.advanceTimersByTime(30_001);
    post({ type: 'push', payload: payload('Fresh') });

    const attached = handlers();
    messages.listenToPushMessages(attached);
    expect(attached.onPush).toHaveBeenCalledExactlyOnceWith(payload('Fresh'));
    expect(attached.onOpen).toHaveBeenCalledExactlyOnceWith('/client/inbox');
  });

  it('holds at most the last 20 messages', () => {
    for (let n = 1; n <= 25; n++) post({ type: 'push', payload: payload(`Push ${n}`) });

    const attached = handlers();
    messages.listenToPushMessages(attached);
    expect(attached.onPush).toHaveBeenCalledTimes(20);
    expect(attached.onPush).toHaveBeenNthCalledWith(1, payload('Push 6'));
  });
});
