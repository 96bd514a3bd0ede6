import { getSession } from '../auth/session.ts';
import { API_BASE, ApiError, refreshTokens } from './client.ts';

const fetchWithBearer = (path: string) => {
  const token = getSession()?.accessToken;
  return fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
};

/**
 * Saves what a GET answers as a file named `filename`. Fetched with the bearer (a plain link could
 * not carry it) and retried once after the shared refresh, like every other call.
 */
export async function downloadFile(path: string, filename: string) {
  let response = await fetchWithBearer(path);
  if (response.status === 401 && (await refreshTokens())) response = await fetchWithBearer(path);
  if (!response.ok) {
    // Without a server message the error stays empty, so the caller's fallback text shows.
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message ?? '');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
