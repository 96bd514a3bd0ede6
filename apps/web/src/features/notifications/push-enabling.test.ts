import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../shared/notify/notify.ts';
import { PushPermissionDenied, subscribePush } from './push.ts';
import { enablePush } from './push-enabling.ts';
import { readRetryState, saveRetryState } from './push-retry.ts';

vi.mock('../../shared/notify/notify.ts', () => ({ notify: vi.fn(), TOAST_MS: { push: 5000 } }));
vi.mock('./push.ts', async (original) => ({
  ...(await original<typeof import('./push.ts')>()),
  pushSupported: () => true,
  subscribedTo: async () => false,
  fetchPushKey: async () => 'public-key',
  subscribePush: vi.fn(),
}));

const subscribe = vi.mocked(subscribePush);
const toasts = () =>
  vi.mocked(notify).mock.calls.map(([kind, message, , options]) => [kind, message, options]);
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('enablePush', () => {
  beforeEach(() => vi.useFakeTimers({ now: 10_000_000 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(notify).mockReset();
    subscribe.mockReset();
    localStorage.clear();
  });

  it('retries a failure after 1 s and 2 s with the spec toasts, then gives up', async () => {
    subscribe.mockRejectedValue(new Error('push service down'));
    enablePush('7');
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(subscribe).toHaveBeenCalledTimes(3);
    expect(subscribe).toHaveBeenCalledWith('7', 'public-key');
    expect(toasts()).toEqual([
      ['error', 'Failed to enable notifications (Attempt 1/3). Retrying in 1s...', { autoClose: 5000 }],
      ['error', 'Failed to enable notifications (Attempt 2/3). Retrying in 2s...', { autoClose: 5000 }],
      ['error', 'Failed to subscribe to notifications', { autoClose: 5000 }],
    ]);
    expect(readRetryState()).toEqual({ attempts: 3, lastRetryAt: 10_003_000 });
  });

  it('says so once per sign-in when notifications are blocked, and stays quiet once 3 are used', async () => {
    subscribe.mockRejectedValue(new PushPermissionDenied());
    for (let signIn = 0; signIn < 4; signIn++) {
      const signOut = enablePush('super_admin');
      await settle();
      await vi.advanceTimersByTimeAsync(10_000);
      signOut();
    }
    expect(subscribe).toHaveBeenCalledTimes(3);
    expect(toasts().map(([, message]) => message)).toEqual(
      [1, 2, 3].map(
        (n) => `Notifications blocked. Please enable notifications in your browser settings (Attempt ${n}/3)`,
      ),
    );
  });

  it('tries again an hour after the last attempt', async () => {
    saveRetryState({ attempts: 3, lastRetryAt: 10_000_000 - 3_600_000 });
    enablePush('7');
    await settle();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([['success', 'Successfully enabled notifications', { autoClose: 5000 }]]);
    expect(readRetryState()).toBeNull();
  });

  it('stops a pending retry when the shell goes away', async () => {
    subscribe.mockRejectedValue(new Error('down'));
    const stop = enablePush('7');
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });
});
