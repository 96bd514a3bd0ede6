import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorBoundary, PageLoader, RouteError } from '../shared/ui/errors.tsx';
import { GuestOnly, RequireSignedIn, RequireSuperAdmin, RootRedirect } from './guards.tsx';

/** A route's screen, loaded when first visited (one chunk per feature screen). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}

const clientRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/client/dashboard" replace /> },
  {
    path: 'dashboard',
    element: page(
      () => import('../features/dashboard/DashboardPage.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'messages',
    element: page(
      () => import('../features/conversations/ConversationsPage.tsx'),
      (m) => m.ConversationsPage,
    ),
  },
  {
    path: 'messages/blast',
    element: page(
      () => import('../features/blasts/MessageBlastPage.tsx'),
      (m) => m.MessageBlastPage,
    ),
  },
  {
    path: 'messages/scheduled',
    element: page(
      () => import('../features/schedules/ScheduledMessagesPage.tsx'),
      (m) => m.ScheduledMessagesPage,
    ),
  },
  {
    path: 'messages/:chatId',
    // The chat room opens tickets with the tickets feature's dialog: composed here, features stay apart.
    element: page(
      () =>
        Promise.all([
          import('../features/conversations/ChatRoomPage.tsx'),
          import('../features/tickets/CreateTicketDialog.tsx'),
        ]),
      ([room, tickets]) =>
        function ChatRoom() {
          return <room.ChatRoomPage CreateTicket={tickets.CreateTicketDialog} />;
        },
    ),
  },
  {
    path: 'contacts',
    element: page(
      () => import('../features/contacts/ContactsPage.tsx'),
      (m) => m.ContactsPage,
    ),
  },
  {
    path: 'chat-menu',
    element: page(
      () => import('../features/chat-menus/ChatMenuPage.tsx'),
      (m) => m.ChatMenuPage,
    ),
  },
  {
    path: 'tickets',
    element: page(
      () => import('../features/tickets/TicketsPage.tsx'),
      (m) => m.TicketsPage,
    ),
  },
  {
    path: 'tickets/configuration',
    element: page(
      () => import('../features/tickets/TicketConfigurationPage.tsx'),
      (m) => m.TicketConfigurationPage,
    ),
  },
  {
    path: 'tickets/:ticketId',
    element: page(
      () => import('../features/tickets/TicketDetailPage.tsx'),
      (m) => m.TicketDetailPage,
    ),
  },
  {
    path: 'users',
    element: page(
      () => import('../features/users/UsersPage.tsx'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: 'workflows',
    element: page(
      () => import('../features/workflows/WorkflowsPage.tsx'),
      (m) => m.WorkflowsPage,
    ),
  },
  {
    path: 'integrations',
    element: page(
      () => import('../features/integrations/IntegrationsPage.tsx'),
      (m) => m.IntegrationsPage,
    ),
  },
  {
    path: 'knowledge-base',
    element: page(
      () => import('../features/knowledge/KnowledgeBasePage.tsx'),
      (m) => m.KnowledgeBasePage,
    ),
  },
  {
    path: 'ai-character',
    element: page(
      () => import('../features/ai-character/AiCharacterPage.tsx'),
      (m) => m.AiCharacterPage,
    ),
  },
  {
    path: 'billing',
    element: page(
      () => import('../features/billing/BillingPage.tsx'),
      (m) => m.BillingPage,
    ),
  },
  // Unknown client routes fall under "anything else redirects to /" (super-admin §2).
  { path: '*', element: <Navigate to="/" replace /> },
];

const superAdminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/super-admin/dashboard" replace /> },
  {
    path: 'dashboard',
    element: page(
      () => import('../features/admin-dashboard/AdminDashboardPage.tsx'),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: 'clients',
    element: page(
      () => import('../features/companies/ClientsPage.tsx'),
      (m) => m.ClientsPage,
    ),
  },
  {
    path: 'access-control',
    element: page(
      () => import('../features/rbac/AccessControlPage.tsx'),
      (m) => m.AccessControlPage,
    ),
  },
  {
    path: 'access-control/users',
    element: page(
      () => import('../features/rbac/UserManagementPage.tsx'),
      (m) => m.UserManagementPage,
    ),
  },
  {
    path: 'access-control/roles',
    element: page(
      () => import('../features/rbac/RoleManagementPage.tsx'),
      (m) => m.RoleManagementPage,
    ),
  },
  {
    path: 'workflows',
    element: page(
      () => import('../features/workflow-templates/WorkflowTemplatesPage.tsx'),
      (m) => m.WorkflowTemplatesPage,
    ),
  },
  {
    path: 'transactions',
    element: page(
      () => import('../features/transactions/TransactionsPage.tsx'),
      (m) => m.TransactionsPage,
    ),
  },
  {
    path: 'notification',
    element: page(
      () => import('../features/notifications/NotificationPage.tsx'),
      (m) => m.NotificationPage,
    ),
  },
  {
    path: 'audit-log',
    element: page(
      () => import('../features/audit-log/AuditLogPage.tsx'),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: 'settings',
    element: page(
      () => import('../features/platform-settings/PlatformSettingsPage.tsx'),
      (m) => m.PlatformSettingsPage,
    ),
  },
  {
    path: 'settings/package',
    element: page(
      () => import('../features/packages/PackagesPage.tsx'),
      (m) => m.PackagesPage,
    ),
  },
  {
    path: 'settings/payment',
    element: page(
      () => import('../features/payment-channels/PaymentChannelsPage.tsx'),
      (m) => m.PaymentChannelsPage,
    ),
  },
  {
    path: 'settings/permission',
    element: page(
      () => import('../features/rbac/PermissionsPage.tsx'),
      (m) => m.PermissionsPage,
    ),
  },
  {
    path: 'menu-action',
    element: page(
      () => import('../features/menu-actions/MenuActionsPage.tsx'),
      (m) => m.MenuActionsPage,
    ),
  },
  // Unknown super-admin sub-routes show a not-found page (super-admin §2).
  {
    path: '*',
    element: page(
      () => import('./NotFoundPage.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
];

const ClientShell = lazy(async () => ({ default: (await import('./layouts/ClientShell.tsx')).ClientShell }));
const SuperAdminShell = lazy(async () => ({
  default: (await import('./layouts/SuperAdminShell.tsx')).SuperAdminShell,
}));

/** The routing table of super-admin §2, exactly. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <GuestOnly />,
        children: [
          {
            path: '/login',
            element: page(
              () => import('../features/auth/LoginPage.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: '/forgot-password',
            element: page(
              () => import('../features/auth/ForgotPasswordPage.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: '/reset-password',
            element: page(
              () => import('../features/auth/ResetPasswordPage.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
        ],
      },
      {
        path: '/super-admin',
        element: <RequireSuperAdmin />,
        children: [
          {
            element: (
              <Suspense fallback={<PageLoader />}>
                <SuperAdminShell />
              </Suspense>
            ),
            children: superAdminRoutes,
          },
        ],
      },
      {
        path: '/client',
        element: <RequireSignedIn />,
        children: [
          {
            element: (
              <Suspense fallback={<PageLoader />}>
                <ClientShell />
              </Suspense>
            ),
            children: clientRoutes,
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
