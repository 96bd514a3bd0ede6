import { afterEach, describe, expect, it } from 'vitest';
import {
  attemptsUsed,
  mayAttempt,
  PUSH_RETRY,
  readRetryState,
  recordFailure,
  retryDelayMs,
  saveRetryState,
} from './push-retry.ts';

const HOUR = 3_600_000;

describe('push retry schedule (super-admin §9)', () => {
  afterEach(() => localStorage.clear());

  it('allows 3 attempts, waiting 1 s then 2 s between them', () => {
    expect(PUSH_RETRY.maxAttempts).toBe(3);
    expect([1, 2].map(retryDelayMs)).toEqual([1000, 2000]);
    const first = recordFailure(null, 0, false);
    expect(first).toEqual({ state: { attempts: 1, lastRetryAt: 0 }, attempt: 1, retryInMs: 1000 });
    const second = recordFailure(first.state, 1000, false);
    expect(second).toMatchObject({ attempt: 2, retryInMs: 2000 });
    const third = recordFailure(second.state, 3000, false);
    expect(third).toMatchObject({ attempt: 3, retryInMs: null });
    expect(mayAttempt(third.state, 3000)).toBe(false);
  });

  it('does not retry a denied permission by timer, but counts it', () => {
    const denied = recordFailure(null, 0, true);
    expect(denied).toMatchObject({ attempt: 1, retryInMs: null });
    expect(mayAttempt(denied.state, 10)).toBe(true);
  });

  it('starts counting again an hour after the last failed attempt', () => {
    const used = { attempts: 3, lastRetryAt: 1_000 };
    expect(attemptsUsed(used, 1_000 + HOUR - 1)).toBe(3);
    expect(mayAttempt(used, 1_000 + HOUR - 1)).toBe(false);
    expect(attemptsUsed(used, 1_000 + HOUR)).toBe(0);
    expect(recordFailure(used, 1_000 + HOUR, false)).toMatchObject({ attempt: 1, retryInMs: 1000 });
  });

  it('keeps the count in localStorage and ignores anything unreadable there', () => {
    expect(readRetryState()).toBeNull();
    saveRetryState({ attempts: 2, lastRetryAt: 5 });
    expect(readRetryState()).toEqual({ attempts: 2, lastRetryAt: 5 });
    saveRetryState(null);
    expect(readRetryState()).toBeNull();
    localStorage.setItem('ai-admin.push-retry', '{"attempts":"x"}');
    expect(readRetryState()).toBeNull();
    localStorage.setItem('ai-admin.push-retry', 'not json');
    expect(readRetryState()).toBeNull();
  });
});
