import type { SessionUser, Tokens } from '@app/contract/auth';
import { api } from '../api/client.ts';
import {
  clearAllStorage,
  getSavedSuperAdminSession,
  getSession,
  restoreSuperAdminSession,
  saveSuperAdminSession,
  setSessionUser,
  startSession,
} from './session.ts';

/** Loads the user when a token exists but no user data is held (super-admin §2). */
export async function loadSessionUser() {
  const { data } = await api.get<SessionUser>('/auth/me');
  setSessionUser(data);
  return data;
}

/**
 * Sign-out: tell the server (best effort), then clear the stored session and local storage and
 * load the page afresh at `to`.
 */
export async function signOut(to: string) {
  const session = getSession();
  if (session) {
    await api.post('/auth/logout', { refresh_token: session.refreshToken }).catch(() => undefined);
  }
  const saved = getSavedSuperAdminSession();
  if (saved) {
    // Signing out inside a client account ends the super admin's own session too.
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${saved.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: saved.refreshToken }),
    }).catch(() => undefined);
  }
  clearAllStorage();
  window.location.assign(to);
}

/**
 * A super admin enters a client account (client-area §4): the client's tokens and role replace the
 * super admin's, which are kept to come back to; user data is cleared and loaded again.
 */
export async function enterClientAccount(companyExternalId: string) {
  const { data } = await api.post<Tokens>('/auth/login-client-account', {
    company_external_id: companyExternalId,
  });
  saveSuperAdminSession();
  startSession(data, false);
}

/** 'Back to Super Admin': end the client session, restore the saved one, clear user data. */
export async function leaveClientAccount() {
  await api.post('/auth/leave-client-account').catch(() => undefined);
  return restoreSuperAdminSession();
}
