import type { PushPayload } from '@app/contract/notifications';

/** Where one device receives pushes: an FCM registration token or a Web Push subscription. */
export type PushTarget =
  | { kind: 'fcm'; token: string }
  | { kind: 'webpush'; endpoint: string; p256dh: string; auth: string };

/**
 * `sent`: accepted by the push service. `gone`: the service says the device will never take
 * another push, so the subscription is deleted. `retry`: a passing failure (rate limit, outage).
 * `failed`: refused for good (bad payload or credentials); sending it again would fail the same.
 */
export type PushOutcome =
  | { status: 'sent' }
  | { status: 'gone' | 'retry' | 'failed'; reason: string; retryAfterSeconds?: number };

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** Push services answer in seconds; a hung one must not hold a worker. */
export const PUSH_TIMEOUT_MS = 10_000;

/** Maps a transport failure (refused, reset, timed out) to a retry. */
export function unreachable(error: unknown): PushOutcome {
  return { status: 'retry', reason: error instanceof Error ? error.message : String(error) };
}

/** A `Retry-After` given in seconds, when the service sent one. */
export function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
