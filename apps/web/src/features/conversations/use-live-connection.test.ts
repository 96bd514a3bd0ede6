import { describe, expect, it } from 'vitest';
import { tokenExpiring } from './use-live-connection.ts';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;

describe('tokenExpiring', () => {
  it('tells an expired or nearly expired token from a fresh one', () => {
    const now = 1_000_000_000_000;
    expect(tokenExpiring(jwt(now / 1000 - 1), now)).toBe(true);
    expect(tokenExpiring(jwt(now / 1000 + 3), now)).toBe(true);
    expect(tokenExpiring(jwt(now / 1000 + 600), now)).toBe(false);
  });

  it('leaves unreadable tokens alone', () => {
    expect(tokenExpiring(undefined)).toBe(false);
    expect(tokenExpiring('opaque')).toBe(false);
  });
});
