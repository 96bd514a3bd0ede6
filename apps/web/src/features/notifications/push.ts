import type { SessionUser } from '@app/contract/auth';
import { PUSH_TOPIC_SUPER_ADMIN, type PushConfig } from '@app/contract/notifications';
import { ROLE } from '@app/contract/permissions';
import { api } from '../../shared/api/client.ts';
import { STORAGE } from '../../shared/auth/session.ts';

/** Served from apps/web/public; its scope is the whole console. */
const SERVICE_WORKER_URL = '/sw.js';

/** A super admin receives the platform's pushes, anyone else their company's (client-area §4). */
export function pushTopicOf(user: SessionUser | null | undefined): string | null {
  if (!user) return null;
  if (user.roles.includes(ROLE.superAdmin)) return PUSH_TOPIC_SUPER_ADMIN;
  return user.company_id === null ? null : String(user.company_id);
}

/** Service workers and the Push API exist only on secure origins (https, localhost). */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The server's Web Push key; null when push is off there or the server cannot say. */
export async function fetchPushKey(): Promise<string | null> {
  try {
    return (await api.get<PushConfig>('/notifications/push-config')).data?.web_push_public_key ?? null;
  } catch {
    return null;
  }
}

/** The subscription the server holds for this browser (the spec's stored push token). */
interface StoredPush {
  topic: string;
  token: string;
}

function storedPush(): StoredPush | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE.pushToken) ?? 'null') as StoredPush | null;
    return typeof parsed?.topic === 'string' && typeof parsed.token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

const forgetPush = () => localStorage.removeItem(STORAGE.pushToken);

export class PushPermissionDenied extends Error {
  constructor() {
    super('Notification permission denied');
    this.name = 'PushPermissionDenied';
  }
}

async function browserSubscription() {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const tokenOf = (subscription: PushSubscription) => JSON.stringify(subscription.toJSON());

/** Whether the browser still holds the subscription stored for `topic` (a revoked permission drops it). */
export async function subscribedTo(topic: string) {
  const stored = storedPush();
  if (stored?.topic !== topic) return false;
  const subscription = await browserSubscription();
  return subscription !== null && tokenOf(subscription) === stored.token;
}

let pending: Promise<unknown> = Promise.resolve();
/**
 * Changes to the subscription run one after another: a sign-in still waiting for its permission
 * answer must not interleave with the next account's subscribing or with a sign-out.
 */
export function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = pending.then(task);
  pending = run.catch(() => undefined);
  return run;
}

/**
 * Asks for permission when it was never asked, registers the service worker, subscribes this browser
 * and tells the server. The subscription is always a fresh one: a leftover from an earlier session
 * (signed out by an expired token, say) dies with it, so no other topic keeps reaching this browser.
 */
export async function subscribePush(topic: string, publicKey: string) {
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') throw new PushPermissionDenied();
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const token = tokenOf(subscription);
  await api.put(`/notifications/subscribe/${topic}`, { token });
  localStorage.setItem(STORAGE.pushToken, JSON.stringify({ topic, token } satisfies StoredPush));
}

/**
 * Stops pushes to this browser: the server forgets the subscription, the browser drops it (so the
 * push service refuses anything still sent to it), and the stored token goes. Resolves to false when
 * the server could not be told.
 */
export function unsubscribePush() {
  return oneAtATime(async () => {
    const stored = storedPush();
    forgetPush();
    const [server] = await Promise.allSettled([
      stored && api.put(`/notifications/unsubscribe/${stored.topic}`, { token: stored.token }),
      pushSupported() ? browserSubscription().then((subscription) => subscription?.unsubscribe()) : undefined,
    ]);
    return server.status === 'fulfilled';
  });
}
