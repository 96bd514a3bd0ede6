import {
  API_BASE,
  ApiError,
  type ApiResult,
  type FieldError,
  refreshTokens,
  request,
} from '../../shared/api/client.ts';
import { getSession } from '../../shared/auth/session.ts';

interface Answer {
  status: number;
  payload: Record<string, unknown> | null;
}

/** One multipart request through XMLHttpRequest, whose upload reports progress (fetch cannot). */
function sendOnce(
  method: string,
  path: string,
  form: FormData,
  token: string | undefined,
  onProgress: (percent: number) => void,
) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, payload: xhr.response as Answer['payload'] });
    // No answer at all (network down): an error without a message, so the caller's fallback shows.
    xhr.onerror = () => reject(new Error(''));
    xhr.onabort = () => reject(new Error(''));
    onProgress(0);
    xhr.send(form);
  });
}

/** The envelope unwrapped like the API client does; a failure without a message keeps it empty. */
function toResult<T>({ status, payload }: Answer): ApiResult<T> {
  if (status < 200 || status >= 300) {
    const fields = Array.isArray(payload?.data) ? (payload.data as FieldError[]) : [];
    throw new ApiError(
      status,
      typeof payload?.message === 'string' ? payload.message : '',
      typeof payload?.error === 'string' ? payload.error : 'error',
      fields.filter((issue) => issue && typeof issue.field === 'string'),
      payload?.data ?? null,
    );
  }
  return {
    status,
    message: typeof payload?.message === 'string' ? payload.message : '',
    data: (payload?.data ?? null) as T,
  };
}

/**
 * A multipart create/update with upload progress (0-100), with the API client's token handling:
 * the bearer, one shared refresh after a 401 and a retry; if that fails, the API client ends the
 * session (and the app goes to /login) exactly as for any other call.
 */
export async function uploadForm<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<ApiResult<T>> {
  const token = getSession()?.accessToken;
  let answer = await sendOnce(method, path, form, token, onProgress);
  if (answer.status === 401 && token) {
    const latest = getSession()?.accessToken;
    const renewed = (latest !== undefined && latest !== token) || (await refreshTokens());
    if (renewed) answer = await sendOnce(method, path, form, getSession()?.accessToken, onProgress);
    if (answer.status === 401) await request('GET', '/auth/me').catch(() => undefined);
  }
  return toResult<T>(answer);
}
