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

/** Why the current session is about to end. */
export type SessionEnd = 'sign-out' | 'switch-account';
type EndingTask = (reason: SessionEnd) => Promise<unknown>;

const endingTasks = new Set<EndingTask>();
/** How long sign-out and switching accounts wait for that work before going on regardless. */
export const ENDING_TASKS_MS = 3_000;

/**
 * Work that needs the current session while it is still valid, e.g. telling the server to stop
 * pushing to this browser. Returns the function that unregisters it.
 */
export function beforeSessionEnds(task: EndingTask) {
  endingTasks.add(task);
  return () => {
    endingTasks.delete(task);
  };
}

async function runEndingTasks(reason: SessionEnd) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...endingTasks].map((task) => task(reason))),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ENDING_TASKS_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** Loads the user when a token exists but no user data is held (super-admin §2). */
export async function loadSessionUser() {
  const { data } = await api.get<SessionUser>('/auth/me');
  setSessionUser(data);
  return data;
}

/**
 * Sign-out: finish the session's own work (push unsubscribe first, client-area §4), tell the server
 * (best effort), then clear the stored session and local storage and load the page afresh at `to`.
 */
export async function signOut(to: string) {
  await runEndingTasks('sign-out');
  const sessions = [getSession(), getSavedSuperAdminSession()].filter((held) => held !== null);
  // Forgotten first, silently: a call still under way then meets no session rather than the revoked
  // one, and cannot send the user to /login before the page is loaded afresh at `to`.
  clearAllStorage();
  for (const held of sessions) {
    // Signing out inside a client account ends the super admin's own session too.
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${held.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: held.refreshToken }),
    }).catch(() => undefined);
  }
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
  // Push moves from super_admin to the company (client-area §4): the old topic is left while the
  // super admin's token still works, the shell subscribes to the new one.
  await runEndingTasks('switch-account');
  saveSuperAdminSession();
  startSession(data, false);
}

/** 'Back to Super Admin': end the client session, restore the saved one, clear user data. */
export async function leaveClientAccount() {
  // Before the client session is ended on the server: the tasks still need its token.
  await runEndingTasks('switch-account');
  await api.post('/auth/leave-client-account').catch(() => undefined);
  return restoreSuperAdminSession();
}
