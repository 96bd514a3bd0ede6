import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { humanizeRole } from '../../shared/format/role.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** Name, e-mail and humanised role, with the settings entry and 'Sign Out' (client-area §2). */
export function UserMenu({
  name,
  email,
  role,
  settingsLabelKey,
  onSettings,
  onSignOut,
}: {
  name: string;
  email: string;
  role: string;
  settingsLabelKey: string;
  onSettings: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.userMenu')} data-testid="user-menu">
          <Avatar color="teal" radius="xl" size={34}>
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py={6}>
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
          <Text size="xs" c="teal" fw={500}>
            {humanizeRole(role)}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={onSettings}>
          {t(settingsLabelKey)}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onSignOut}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
