import type { Notification } from '@app/contract/notifications';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { notify } from '../../shared/notify/notify.ts';
import { notificationIcon } from './notification-icon.tsx';
import {
  type NotificationTab,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from './notifications.api.ts';

/** The header bell with the unread count and the Notifications panel (client-area §2). */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<NotificationTab>('all');
  const unread = useUnreadCount();
  const list = useNotifications(tab, opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;

  const markAllRead = () =>
    markAll.mutate(undefined, { onError: (error) => notify('error', errorMessage(error)) });

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width="min(380px, calc(100vw - 16px))"
      position="bottom-end"
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Indicator
          label={count > 99 ? '99+' : count}
          size={18}
          color="red"
          disabled={count === 0}
          offset={4}
          data-testid="unread-count"
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('notifications.bell')}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('notifications.title')}>
        <Group justify="space-between" p="sm" pb={0} wrap="nowrap">
          <Group gap="xs">
            <Text fw={700}>{t('notifications.title')}</Text>
            {count > 0 && (
              <Badge size="sm" color="red" variant="light">
                {t('notifications.newCount', { count })}
              </Badge>
            )}
          </Group>
          <Button size="compact-xs" variant="subtle" disabled={count === 0} onClick={markAllRead}>
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <Tabs value={tab} onChange={(value) => setTab((value as NotificationTab) ?? 'all')} mt="xs">
          <Tabs.List grow>
            <Tabs.Tab value="all">{t('notifications.all')}</Tabs.Tab>
            <Tabs.Tab value="unread">{t('notifications.unread')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <ScrollArea.Autosize mah={400} type="auto">
          {list.isError ? (
            <Text c="red" size="sm" p="md">
              {t('errors.withMessage', { message: errorMessage(list.error) })}
            </Text>
          ) : list.isPending ? (
            <Text c="dimmed" size="sm" p="md">
              {t('app.loading')}
            </Text>
          ) : list.data.data.length === 0 ? (
            <Text c="dimmed" size="sm" p="md" ta="center">
              {tab === 'unread' ? t('notifications.emptyUnread') : t('notifications.empty')}
            </Text>
          ) : (
            <Stack gap={0} data-testid="notification-list">
              {list.data.data.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    if (!item.is_read) markRead.mutate(item.id);
                  }}
                />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const { Icon, color, keyword } = notificationIcon(item.title);
  const when = relativeTime(item.created_at, new Date(), (unit, count) =>
    unit === 'justNow' ? t('time.justNow') : t(`time.${unit}`, { count }),
  );
  return (
    <UnstyledButton
      onClick={onOpen}
      p="sm"
      data-testid="notification-item"
      data-read={item.is_read}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        background: item.is_read ? undefined : 'var(--mantine-color-default-hover)',
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" color={color} radius="xl" data-icon={keyword}>
          <Icon size={16} />
        </ThemeIcon>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={item.is_read ? 500 : 700} truncate>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {when}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.body}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
