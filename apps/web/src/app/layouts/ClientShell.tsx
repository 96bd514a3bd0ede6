import { Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAddressBook,
  IconArrowBackUp,
  IconBook2,
  IconBrandStackshare,
  IconCalendarTime,
  IconCreditCard,
  IconLayoutDashboard,
  IconLogout,
  IconMenu2,
  IconMessage,
  IconMessages,
  IconPlugConnected,
  IconRobot,
  IconSpeakerphone,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardQueryKey } from '../../features/dashboard/dashboard.api.ts';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications.ts';
import { usePushNotifications } from '../../features/notifications/use-push-notifications.ts';
import { MaintenanceBanner } from '../../features/platform-settings/MaintenanceBanner.tsx';
import { SettingsDialog } from '../../features/settings/SettingsDialog.tsx';
import { useProfile } from '../../features/settings/settings.api.ts';
import { getSavedSuperAdminSession, isSuperAdminSession, useSession } from '../../shared/auth/session.ts';
import { leaveClientAccount, signOut } from '../../shared/auth/session-actions.ts';
import { useRolePolicies } from '../../shared/permissions/role-policies.ts';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';
import { type NavAction, type NavItem, ShellFrame } from './ShellFrame.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Every client route of client-area §2, with Messages as an expandable group. */
const CLIENT_NAV: NavItem[] = [
  { labelKey: 'nav.dashboard', to: '/client/dashboard', icon: IconLayoutDashboard },
  {
    labelKey: 'nav.messages',
    icon: IconMessages,
    children: [
      { labelKey: 'nav.conversations', to: '/client/messages', icon: IconMessage },
      { labelKey: 'nav.messageBlast', to: '/client/messages/blast', icon: IconSpeakerphone },
      { labelKey: 'nav.scheduledMessages', to: '/client/messages/scheduled', icon: IconCalendarTime },
    ],
  },
  { labelKey: 'nav.contacts', to: '/client/contacts', icon: IconAddressBook },
  { labelKey: 'nav.chatMenu', to: '/client/chat-menu', icon: IconMenu2 },
  { labelKey: 'nav.tickets', to: '/client/tickets', icon: IconTicket },
  { labelKey: 'nav.users', to: '/client/users', icon: IconUsers },
  { labelKey: 'nav.workflows', to: '/client/workflows', icon: IconBrandStackshare },
  { labelKey: 'nav.integrations', to: '/client/integrations', icon: IconPlugConnected },
  { labelKey: 'nav.knowledgeBase', to: '/client/knowledge-base', icon: IconBook2 },
  { labelKey: 'nav.aiCharacter', to: '/client/ai-character', icon: IconRobot },
  { labelKey: 'nav.billing', to: '/client/billing', icon: IconCreditCard },
];

// The conversation list is active only on its own path; blast and scheduled have their own entries.
CLIENT_NAV[1].children![0].exact = true;

export function ClientShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const [settingsOpened, settings] = useDisclosure(false);
  const queryClient = useQueryClient();
  useRolePolicies();
  // A new chat is one more on the dashboard's Total Chats: no need to wait for its 30 s refresh.
  useLiveNotifications((notification) => {
    if (notification.type_message === 'Chat')
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  });
  usePushNotifications();
  const user = session?.user;
  if (!session || !user) return null;
  const isSuperAdmin = isSuperAdminSession(session);
  const acting = Boolean(user.acting_super_admin || getSavedSuperAdminSession());

  const actions: NavAction[] = [
    ...(acting
      ? [
          {
            labelKey: 'nav.backToSuperAdmin',
            icon: IconArrowBackUp,
            color: 'teal',
            onClick: async () => {
              if (await leaveClientAccount()) navigate('/super-admin/dashboard', { replace: true });
              else void signOut('/login');
            },
          },
        ]
      : []),
    { labelKey: 'nav.logout', icon: IconLogout, color: 'red', onClick: () => void signOut('/login') },
  ];

  return (
    <>
      <ShellFrame
        testId="client-shell"
        banner={<MaintenanceBanner />}
        brand={
          <Text fw={700} size="lg" truncate data-testid="company-name">
            {profile.data?.company_name ?? (profile.isPending ? '' : t('app.name'))}
          </Text>
        }
        items={CLIENT_NAV}
        actions={actions}
        headerRight={
          <>
            <ThemeToggle />
            <NotificationBell />
            <UserMenu
              name={user.full_name}
              email={user.email}
              role={user.role}
              settingsLabelKey={isSuperAdmin ? 'header.profileSettings' : 'header.profileAndAiSettings'}
              onSettings={settings.open}
              onSignOut={() => void signOut('/login')}
            />
          </>
        }
      />
      <SettingsDialog
        opened={settingsOpened}
        onClose={settings.close}
        externalId={user.external_id}
        isSuperAdmin={isSuperAdmin}
      />
    </>
  );
}
