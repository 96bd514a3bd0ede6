import { i18n } from '../../shared/i18n/i18n.ts';
import { notify, TOAST_MS } from '../../shared/notify/notify.ts';
import {
  fetchPushKey,
  oneAtATime,
  PushPermissionDenied,
  pushSupported,
  subscribedTo,
  subscribePush,
  unsubscribePush,
} from './push.ts';
import {
  mayAttempt,
  PUSH_RETRY,
  type PushFailure,
  readRetryState,
  recordFailure,
  saveRetryState,
} from './push-retry.ts';
import './push.i18n.ts';

type Kind = Parameters<typeof notify>[0];
const toast = (kind: Kind, key: string, values?: Record<string, number>) =>
  notify(kind, i18n.t(`push.${key}`, values), undefined, { autoClose: TOAST_MS.push });

function reportFailure({ attempt, retryInMs }: PushFailure, denied: boolean) {
  const max = PUSH_RETRY.maxAttempts;
  if (denied) toast('warning', 'blocked', { attempt, max });
  else if (retryInMs !== null) toast('error', 'retrying', { attempt, max, seconds: retryInMs / 1000 });
  else toast('error', 'subscribeFailed');
}

let stopActive: (() => void) | null = null;

/**
 * Makes this browser receive `topic`'s pushes (super-admin §4). Does nothing when the browser cannot
 * take pushes, the server has push off (or cannot say), it is already subscribed, or the recent
 * attempts are used up; otherwise subscribes, retrying per super-admin §9 with its toasts. Returns
 * the function that stops it, a pending retry included.
 */
export function enablePush(topic: string) {
  stopActive?.();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function attempt(publicKey: string) {
    if (stopped || !mayAttempt(readRetryState(), Date.now())) return;
    try {
      const done = await oneAtATime(async () => {
        if (stopped) return false;
        await subscribePush(topic, publicKey);
        return true;
      });
      if (!done) return;
    } catch (error) {
      if (stopped) return;
      const denied = error instanceof PushPermissionDenied;
      const failure = recordFailure(readRetryState(), Date.now(), denied);
      saveRetryState(failure.state);
      reportFailure(failure, denied);
      if (failure.retryInMs !== null) timer = setTimeout(() => void attempt(publicKey), failure.retryInMs);
      return;
    }
    saveRetryState(null);
    if (!stopped) toast('success', 'enabled');
  }

  void (async () => {
    if (!pushSupported() || (await subscribedTo(topic))) return;
    const publicKey = await fetchPushKey();
    if (publicKey) await attempt(publicKey);
  })();

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    if (stopActive === stop) stopActive = null;
  };
  stopActive = stop;
  return stop;
}

/**
 * Before a session ends (sign-out, entering or leaving a client account): stop enabling and
 * unsubscribe while the session's token still works. Only a switch stays on the page to tell.
 */
export async function leavePush(switching: boolean) {
  stopActive?.();
  if (!(await unsubscribePush()) && switching) toast('error', 'unsubscribeFailed');
}
