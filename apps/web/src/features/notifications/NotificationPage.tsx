import type { Notification } from '@app/contract/notifications';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { notify } from '../../shared/notify/notify.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { NOTIFICATION_PAGE_SIZE, useNotificationPage } from './notification-page.api.ts';
import { useMarkRead, useUnreadCount } from './notifications.api.ts';
import './notification-page.i18n.ts';

const TYPE_COLORS: Record<Notification['type_message'], string> = {
  Information: 'blue',
  Transaction: 'green',
  Ticket: 'orange',
  Schedule: 'violet',
  Blast: 'pink',
  Chat: 'teal',
};

/** The super-admin Notification page: unread count, type badge, relative time and 'Mark as read'. */
export function NotificationPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useNotificationPage(page);
  const unread = useUnreadCount();
  const markRead = useMarkRead();

  const read = async (id: number) => {
    try {
      await markRead.mutateAsync(id);
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  return (
    <>
      <PageTitle>{t('pages.notification')}</PageTitle>
      {unread.data !== undefined && (
        <Text mb="md" data-testid="unread-summary">
          {t('notificationPage.unreadCount', { n: unread.data })}
        </Text>
      )}
      {list.isError ? (
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(list.error) })}</Alert>
      ) : list.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{t('notificationPage.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {list.data.data.map((item) => (
            <Card
              key={item.id}
              withBorder
              padding="md"
              data-testid="notification-row"
              data-read={item.is_read}
              style={item.is_read ? undefined : { borderLeft: '3px solid var(--mantine-color-blue-filled)' }}
            >
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
                  <Group gap="xs">
                    <Badge color={TYPE_COLORS[item.type_message] ?? 'gray'} variant="light" tt="none">
                      {item.type_message}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {relativeTime(item.created_at, new Date(), (unit, count) =>
                        t(`time.${unit}`, { count }),
                      )}
                    </Text>
                  </Group>
                  <Text fw={item.is_read ? 500 : 700}>{item.title}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {item.body}
                  </Text>
                </Stack>
                {item.is_read ? (
                  <Badge color="gray" variant="outline" tt="none">
                    {t('notificationPage.read')}
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconCheck size={14} />}
                    loading={markRead.isPending && markRead.variables === item.id}
                    onClick={() => read(item.id)}
                  >
                    {t('notificationPage.markAsRead')}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Pager
        page={page}
        totalPages={pageCount(list.data?.meta?.total ?? 0, NOTIFICATION_PAGE_SIZE)}
        onChange={setPage}
      />
    </>
  );
}
