import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, testUser } from '../../test-utils.tsx';
import { getSession, STORAGE, startSession } from '../auth/session.ts';
import { ApiError, api, onSessionExpired } from './client.ts';

const user = testUser({ email: 'a@b.c', full_name: 'A', permissions: ['users_read'] });

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    startSession({ access_token: 'old', refresh_token: 'r1', expires_in: 900, user });
  });

  it('sends the bearer token and unwraps the envelope', async () => {
    const fetchMock = stubFetch(async () =>
      jsonResponse({ status_code: 200, message: 'ok', data: [1], meta: { total: 1 } }),
    );
    const result = await api.get<number[]>('/things', { query: { page: 2, search: '' } });
    expect(result).toMatchObject({ data: [1], message: 'ok', meta: { total: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?page=2');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old');
  });

  it('raises a typed error with field messages', async () => {
    stubFetch(async () =>
      jsonResponse(
        {
          status_code: 400,
          message: 'Current password is incorrect',
          data: [{ field: 'old_password', message: 'Current password is incorrect' }],
          error: 'validation_failed',
        },
        400,
      ),
    );
    const error = await api.post('/auth/reset-password', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((error as ApiError).fieldMessage('old_password')).toBe('Current password is incorrect');
  });

  it('refreshes once for calls that meet a 401 together, then retries them', async () => {
    let refreshes = 0;
    stubFetch(async (url, init) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return jsonResponse({
          status_code: 200,
          message: '',
          data: { access_token: 'new', refresh_token: 'r2', expires_in: 900, user },
        });
      }
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      return auth === 'Bearer new'
        ? jsonResponse({ status_code: 200, message: '', data: url })
        : jsonResponse(
            {
              status_code: 401,
              message: 'Please sign in to continue',
              data: null,
              error: 'unauthorized',
            },
            401,
          );
    });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results.map((r) => r.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
    expect(getSession()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('clears the session and billing summary when refresh fails', async () => {
    localStorage.setItem(STORAGE.billingSummary, '{}');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    stubFetch(async () =>
      jsonResponse(
        { status_code: 401, message: 'Your session has expired', data: null, error: 'unauthorized' },
        401,
      ),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE.billingSummary)).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    stop();
  });
});
