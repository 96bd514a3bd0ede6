import type { SessionUser, Tokens } from '@app/contract/auth';
import { ROLE } from '@app/contract/permissions';
import { useSyncExternalStore } from 'react';

/**
 * The browser's auth state (client-area §3): tokens, role, external id, user data, the role's
 * permission list, and while a super admin is inside a client account, the super admin's saved
 * session. Kept in localStorage so that a reload stays signed in.
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
  role: string;
  externalId: string;
  /** Cleared on entering or leaving a client account; then fetched again (`GET /auth/me`). */
  user: SessionUser | null;
  permissions: string[];
}

export const STORAGE = {
  session: 'ai-admin.session',
  superAdminSession: 'ai-admin.super-admin-session',
  billingSummary: 'ai-admin.billing-summary',
  rememberedEmail: 'ai-admin.remember-email',
  language: 'ai-admin.language',
  colorScheme: 'ai-admin.color-scheme',
  /** This browser's push subscription: the topic and the token the server holds. */
  pushToken: 'ai-admin.push-token',
  /** How many times enabling push failed lately (super-admin §9). */
  pushRetry: 'ai-admin.push-retry',
} as const;

/**
 * Keys that outlive a sign-out: the remembered e-mail, the person's display choices, and the push
 * retry count, which is about this browser's permission and must not restart with every sign-in.
 */
const KEPT_ON_SIGN_OUT: string[] = [
  STORAGE.rememberedEmail,
  STORAGE.language,
  STORAGE.colorScheme,
  STORAGE.pushRetry,
];

const read = <T>(key: string): T | null => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

let current: Session | null = read<Session>(STORAGE.session);
const listeners = new Set<() => void>();

function publish(next: Session | null) {
  current = next;
  if (next) localStorage.setItem(STORAGE.session, JSON.stringify(next));
  else localStorage.removeItem(STORAGE.session);
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE.session) {
      current = read<Session>(STORAGE.session);
      for (const listener of listeners) listener();
    }
  });
}

export const getSession = () => current;

export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSession = () => useSyncExternalStore(subscribeSession, getSession, getSession);

/** Signed in means both an access token and a refresh token exist (super-admin §2). */
export const isSignedIn = (session: Session | null): session is Session =>
  Boolean(session?.accessToken && session.refreshToken);

export const isSuperAdminSession = (session: Session | null) =>
  Boolean(
    session &&
      (session.user ? session.user.roles.includes(ROLE.superAdmin) : session.role === ROLE.superAdmin),
  );

/** Stores what sign-in, refresh or entering a client account answered. */
export function startSession(tokens: Tokens, keepUser = true) {
  publish({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    role: tokens.user.role,
    externalId: tokens.user.external_id,
    user: keepUser ? tokens.user : null,
    permissions: tokens.user.permissions,
  });
}

/** A refresh rotates both tokens and keeps the rest. */
export function replaceTokens(tokens: Tokens) {
  if (!current) return;
  publish({
    ...current,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    user: current.user ? tokens.user : null,
  });
}

export function setSessionUser(user: SessionUser) {
  if (!current) return;
  publish({ ...current, user, role: user.role, externalId: user.external_id, permissions: user.permissions });
}

export function setPermissions(permissions: string[]) {
  if (!current) return;
  publish({ ...current, permissions });
}

/** A 401: the tokens and the billing summary go (client-area §4). */
export function clearSession() {
  localStorage.removeItem(STORAGE.billingSummary);
  localStorage.removeItem(STORAGE.superAdminSession);
  publish(null);
}

/**
 * Sign-out clears all local storage but the remembered e-mail and display choices. The page is
 * reloaded right after, so the screens are not told (they would redirect before the reload).
 */
export function clearAllStorage() {
  for (const key of Object.keys(localStorage)) {
    if (!KEPT_ON_SIGN_OUT.includes(key)) localStorage.removeItem(key);
  }
  sessionStorage.clear();
  // Forget it in memory too, so that nothing still running writes it back.
  current = null;
}

/** Entering a client account keeps the super admin's session to come back to. */
export function saveSuperAdminSession() {
  if (current) localStorage.setItem(STORAGE.superAdminSession, JSON.stringify(current));
}

export const getSavedSuperAdminSession = () => read<Session>(STORAGE.superAdminSession);

/** 'Back to Super Admin': the saved token and role come back; user data is fetched again. */
export function restoreSuperAdminSession(): boolean {
  const saved = getSavedSuperAdminSession();
  localStorage.removeItem(STORAGE.superAdminSession);
  if (!saved) return false;
  publish({ ...saved, role: ROLE.superAdmin, user: null });
  return true;
}
