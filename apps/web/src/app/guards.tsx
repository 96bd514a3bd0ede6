import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { errorMessage } from '../shared/api/client.ts';
import { isSignedIn, isSuperAdminSession, type Session, useSession } from '../shared/auth/session.ts';
import { loadSessionUser } from '../shared/auth/session-actions.ts';
import { CenteredText, FailurePanel } from '../shared/ui/errors.tsx';

/** Where a signed-in user starts: super admins at their dashboard, everyone else at the client one. */
export const homeOf = (session: Session) =>
  isSuperAdminSession(session) ? '/super-admin/dashboard' : '/client/dashboard';

/** Renders children once the user data is held, fetching it when only tokens exist. */
function WithUser({ session, children }: { session: Session; children: (session: Session) => ReactNode }) {
  const { t } = useTranslation();
  const needsUser = !session.user;
  const me = useQuery({
    queryKey: ['session-user', session.accessToken],
    queryFn: loadSessionUser,
    enabled: needsUser,
    retry: false,
    gcTime: 0,
  });
  if (!needsUser) return children(session);
  if (me.isError) return <FailurePanel title={errorMessage(me.error, t('app.somethingWrong'))} />;
  return <CenteredText>{t('app.loading')}</CenteredText>;
}

/** `/`: super admin → /super-admin/dashboard, other signed-in → /client/dashboard, else /login. */
export function RootRedirect() {
  const session = useSession();
  if (!isSignedIn(session)) return <Navigate to="/login" replace />;
  return <WithUser session={session}>{(current) => <Navigate to={homeOf(current)} replace />}</WithUser>;
}

/** /login, /forgot-password (and /reset-password): a signed-in user is sent to /. */
export function GuestOnly() {
  const session = useSession();
  return isSignedIn(session) ? <Navigate to="/" replace /> : <Outlet />;
}

/** /client/*: any signed-in user. */
export function RequireSignedIn() {
  const session = useSession();
  if (!isSignedIn(session)) return <Navigate to="/login" replace />;
  return <WithUser session={session}>{() => <Outlet />}</WithUser>;
}

/** /super-admin/*: the super_admin role; others signed in go to /client/dashboard. */
export function RequireSuperAdmin() {
  const session = useSession();
  if (!isSignedIn(session)) return <Navigate to="/login" replace />;
  return (
    <WithUser session={session}>
      {(current) => (isSuperAdminSession(current) ? <Outlet /> : <Navigate to="/client/dashboard" replace />)}
    </WithUser>
  );
}
