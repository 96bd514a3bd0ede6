import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, STORAGE, startSession } from '../auth/session.ts';
import { ApiError, api, onSessionExpired } from './client.ts';

const user = {
  id: 1,
  external_id: 'u-1',
  email: 'a@b.c',
  full_name: 'A',
  role: 'client_admin',
  roles: ['client_admin'],
  company_id: 1,
  company_external_id: 'c-1',
  permissions: ['users_read'],
  acting_super_admin: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    startSession({ access_token: 'old', refresh_token: 'r1', expires_in: 900, user });
  });

  it('sends the bearer token and unwraps the envelope', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, { status_code: 200, message: 'ok', data: [1], meta: { total: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.get<number[]>('/things', { query: { page: 2, search: '' } });
    expect(result).toMatchObject({ data: [1], message: 'ok', meta: { total: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?page=2');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old');
  });

  it('raises a typed error with field messages', async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, {
        status_code: 400,
        message: 'Current password is incorrect',
        data: [{ field: 'old_password', message: 'Current password is incorrect' }],
        error: 'validation_failed',
      }),
    );
    const error = await api.post('/auth/reset-password', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((error as ApiError).fieldMessage('old_password')).toBe('Current password is incorrect');
  });

  it('refreshes once for calls that meet a 401 together, then retries them', async () => {
    let refreshes = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, {
          status_code: 200,
          message: '',
          data: { access_token: 'new', refresh_token: 'r2', expires_in: 900, user },
        });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(200, { status_code: 200, message: '', data: url })
        : json(401, {
            status_code: 401,
            message: 'Please sign in to continue',
            data: null,
            error: 'unauthorized',
          });
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
    vi.stubGlobal('fetch', async () =>
      json(401, { status_code: 401, message: 'Your session has expired', data: null, error: 'unauthorized' }),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE.billingSummary)).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    stop();
  });
});
