import type { Tokens } from '@app/contract/auth';
import type { ListMeta } from '@app/contract/common';
import { clearSession, getSession, replaceTokens } from '../auth/session.ts';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Every failed call: the server's status, message, stable code, per-field messages and the
 * envelope's `data` as sent (some refusals carry details there, e.g. the bad rows of a list).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];
  readonly data: unknown;

  constructor(
    status: number,
    message: string,
    code = 'error',
    fields: FieldError[] = [],
    data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.data = data;
  }

  /** The message for one field, if the server named it. */
  fieldMessage(field: string) {
    return this.fields.find((issue) => issue.field === field)?.message;
  }
}

export interface ApiResult<T> {
  status: number;
  message: string;
  data: T;
  meta?: ListMeta;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** false for the sign-in calls: no bearer, and a 401 is just an answer. */
  auth?: boolean;
  signal?: AbortSignal;
}

export const API_BASE = '/api';

/** Fallback text when the server answers without a message (client-area §8). */
export const FALLBACK_ERROR = 'An error occurred';

const buildUrl = (path: string, query?: Query) => {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
};

async function send(method: string, path: string, options: RequestOptions, token?: string) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function parse<T>(response: Response): Promise<ApiResult<T>> {
  let payload: Record<string, unknown> | null = null;
  try {
    payload = (await response.json()) as Record<string, unknown>;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const fields = Array.isArray(payload?.data) ? (payload.data as FieldError[]) : [];
    throw new ApiError(
      response.status,
      typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_ERROR,
      typeof payload?.error === 'string' ? payload.error : 'error',
      fields.filter((issue) => issue && typeof issue.field === 'string'),
      payload?.data ?? null,
    );
  }
  return {
    status: response.status,
    message: typeof payload?.message === 'string' ? payload.message : '',
    data: (payload?.data ?? null) as T,
    meta: payload?.meta as ListMeta | undefined,
  };
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: every call that met a 401 meanwhile waits for the same one. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getSession()?.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await send('POST', '/auth/refresh', { body: { refresh_token: refreshToken } });
      if (!response.ok) return false;
      const result = await parse<Tokens>(response);
      replaceTokens(result.data);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Listeners told when a 401 ended the session (the app sends the user to /login). */
const expiredListeners = new Set<() => void>();
export const onSessionExpired = (listener: () => void) => {
  expiredListeners.add(listener);
  return () => {
    expiredListeners.delete(listener);
  };
};

/** The one way the web calls the server: bearer, envelope unwrapped, typed errors, silent refresh. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}) {
  const useAuth = options.auth !== false;
  const token = useAuth ? getSession()?.accessToken : undefined;
  let response = await send(method, path, options, token);
  if (response.status === 401 && useAuth && token) {
    // Another call may have refreshed already; otherwise refresh once and try again.
    const latest = getSession()?.accessToken;
    const renewed = latest && latest !== token ? true : await refreshTokens();
    const next = renewed ? getSession()?.accessToken : undefined;
    if (next) response = await send(method, path, options, next);
    // No session any more means it was ended on purpose (sign-out) while this call was under way:
    // the page is being reloaded, so nobody is sent to /login.
    if (response.status === 401 && getSession()) {
      clearSession();
      for (const listener of expiredListeners) listener();
    }
  }
  return parse<T>(response);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** The message to show for any thrown value. */
export const errorMessage = (error: unknown, fallback = FALLBACK_ERROR) =>
  error instanceof Error && error.message ? error.message : fallback;
