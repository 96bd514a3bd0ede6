import { Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustments,
  IconBell,
  IconBuildingSkyscraper,
  IconCreditCard,
  IconHierarchy3,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconShieldLock,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications.ts';
import { usePushNotifications } from '../../features/notifications/use-push-notifications.ts';
import { SettingsDialog } from '../../features/settings/SettingsDialog.tsx';
import { useSession } from '../../shared/auth/session.ts';
import { signOut } from '../../shared/auth/session-actions.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { useRolePolicies } from '../../shared/permissions/role-policies.ts';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';
import { type NavItem, ShellFrame } from './ShellFrame.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The sidebar entries of super-admin §2. */
const SUPER_ADMIN_NAV: NavItem[] = [
  { labelKey: 'nav.dashboard', to: '/super-admin/dashboard', icon: IconLayoutDashboard },
  { labelKey: 'nav.clientManagement', to: '/super-admin/clients', icon: IconBuildingSkyscraper },
  {
    labelKey: 'nav.accessControl',
    icon: IconShieldLock,
    children: [
      {
        labelKey: 'nav.accessOverview',
        to: '/super-admin/access-control',
        icon: IconShieldLock,
        exact: true,
      },
      { labelKey: 'nav.accessUsers', to: '/super-admin/access-control/users', icon: IconUsers },
      { labelKey: 'nav.accessRoles', to: '/super-admin/access-control/roles', icon: IconUserCog },
    ],
  },
  { labelKey: 'nav.workflowTemplates', to: '/super-admin/workflows', icon: IconHierarchy3 },
  { labelKey: 'nav.transactions', to: '/super-admin/transactions', icon: IconReceipt },
  { labelKey: 'nav.notification', to: '/super-admin/notification', icon: IconBell },
  { labelKey: 'nav.auditLog', to: '/super-admin/audit-log', icon: IconHistory },
  {
    labelKey: 'nav.settings',
    icon: IconSettings,
    children: [
      { labelKey: 'nav.settingsPlatform', to: '/super-admin/settings', icon: IconAdjustments, exact: true },
      { labelKey: 'nav.settingsPackage', to: '/super-admin/settings/package', icon: IconPackage },
      { labelKey: 'nav.settingsPayment', to: '/super-admin/settings/payment', icon: IconCreditCard },
      { labelKey: 'nav.settingsPermission', to: '/super-admin/settings/permission', icon: IconKey },
    ],
  },
  { labelKey: 'nav.menuAction', to: '/super-admin/menu-action', icon: IconListDetails },
];

export function SuperAdminShell() {
  const { t } = useTranslation();
  const session = useSession();
  const [settingsOpened, settings] = useDisclosure(false);
  useRolePolicies();
  useLiveNotifications();
  usePushNotifications();
  const user = session?.user;
  if (!session || !user) return null;

  return (
    <>
      <ShellFrame
        testId="super-admin-shell"
        brand={
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
        }
        items={SUPER_ADMIN_NAV}
        footer={
          <Stack gap={0} px="sm" py={4} data-testid="admin-identity">
            <Text size="sm" fw={600}>
              {humanizeRole(user.role)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        }
        actions={[
          { labelKey: 'nav.logout', icon: IconLogout, color: 'red', onClick: () => void signOut('/') },
        ]}
        headerRight={
          <>
            <ThemeToggle />
            <UserMenu
              name={user.full_name}
              email={user.email}
              role={user.role}
              settingsLabelKey="header.profileSettings"
              onSettings={settings.open}
              onSignOut={() => void signOut('/')}
            />
          </>
        }
      />
      <SettingsDialog
        opened={settingsOpened}
        onClose={settings.close}
        externalId={user.external_id}
        isSuperAdmin
      />
    </>
  );
}
