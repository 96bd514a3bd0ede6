import { STORAGE } from '../../shared/auth/session.ts';

/**
 * Push enabling retries (super-admin §9): at most 3 attempts, 1 s before the second and doubling,
 * and the count starts again an hour after the last failed one.
 */
export const PUSH_RETRY = { maxAttempts: 3, baseDelayMs: 1_000, resetAfterMs: 3_600_000 } as const;

export interface PushRetryState {
  /** Failed attempts so far. */
  attempts: number;
  /** When the last one failed (epoch ms). */
  lastRetryAt: number;
}

/** Wait after failed attempt `attempt` (1-based): 1 s, 2 s, 4 s … */
export const retryDelayMs = (attempt: number) => PUSH_RETRY.baseDelayMs * 2 ** (attempt - 1);

/** Failed attempts that still count at `now`. */
export function attemptsUsed(state: PushRetryState | null, now: number) {
  if (!state || now - state.lastRetryAt >= PUSH_RETRY.resetAfterMs) return 0;
  return state.attempts;
}

export const mayAttempt = (state: PushRetryState | null, now: number) =>
  attemptsUsed(state, now) < PUSH_RETRY.maxAttempts;

export interface PushFailure {
  state: PushRetryState;
  /** This attempt's number, as the toast shows it ('Attempt n/3'). */
  attempt: number;
  /** When to try again by itself; null when attempts are used up or asking again is pointless. */
  retryInMs: number | null;
}

/**
 * One more failed attempt. A denied permission is not retried by timer: the browser answers the same
 * until the person changes its settings, so the next sign-in or reload is the next attempt.
 */
export function recordFailure(state: PushRetryState | null, now: number, denied: boolean): PushFailure {
  const attempt = attemptsUsed(state, now) + 1;
  const retryInMs = denied || attempt >= PUSH_RETRY.maxAttempts ? null : retryDelayMs(attempt);
  return { state: { attempts: attempt, lastRetryAt: now }, attempt, retryInMs };
}

export function readRetryState(): PushRetryState | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE.pushRetry) ?? 'null') as PushRetryState | null;
    return typeof parsed?.attempts === 'number' && typeof parsed.lastRetryAt === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveRetryState(state: PushRetryState | null) {
  if (state) localStorage.setItem(STORAGE.pushRetry, JSON.stringify(state));
  else localStorage.removeItem(STORAGE.pushRetry);
}
