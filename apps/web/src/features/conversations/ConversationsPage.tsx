import type { Conversation } from '@app/contract/chats';
import {
  Alert,
  Avatar,
  Card,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { conversationTime, initials } from './chat-room.ts';
import { ChannelBadge, LiveBadge, NeedsHumanBadge, QuotaBanner } from './conversation-ui.tsx';
import {
  CONVERSATIONS_PAGE_SIZE,
  useChatConfig,
  useConversations,
  useSaveChatConfig,
} from './conversations.api.ts';
import './conversations.i18n.ts';
import { useLiveConnection } from './use-live-connection.ts';

function ConversationCard({ item }: { item: Conversation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="button"
      type="button"
      style={{ textAlign: 'left', cursor: 'pointer' }}
      onClick={() => navigate(`/client/messages/${encodeURIComponent(item.chat_id)}`)}
      data-testid="conversation-card"
      data-chat-id={item.chat_id}
      aria-label={item.sender_name}
      w="100%"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Indicator
          disabled={item.unread_count === 0}
          label={item.unread_count}
          size={16}
          color="red"
          offset={4}
        >
          <Avatar color="initials" name={item.sender_name} radius="xl">
            {initials(item.sender_name)}
          </Avatar>
        </Indicator>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text fw={600} truncate>
                {item.sender_name}
              </Text>
              <ChannelBadge chatType={item.chat_type} />
              {item.needs_human && <NeedsHumanBadge />}
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {conversationTime(item.timestamp)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" truncate data-testid="conversation-preview">
              {item.content}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('conversations.messages', { count: item.total_message })}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** Conversations (client-area §2): one card per chat, 'Use AI', quota banner, live updates. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), 500);
  const [page, setPage] = useState(1);
  const allowed = can('message_read');
  const list = useConversations(page, search, allowed);
  const config = useChatConfig(allowed);
  const saveConfig = useSaveChatConfig();
  const total = list.data?.meta?.total ?? 0;

  const { status } = useLiveConnection(null, (event) => {
    if (
      event.type === 'conversation_updated' ||
      event.type === 'room_deleted' ||
      event.type === 'room_message'
    ) {
      void client.invalidateQueries({ queryKey: ['chats', 'list'] });
    }
  });

  const toggleAi = async (value: boolean) => {
    if (!guard('message_update')) return;
    try {
      const result = await saveConfig.mutateAsync(value);
      notify('success', result.message || t('conversations.configSaved'));
    } catch (error) {
      notify('error', errorMessage(error, t('errors.generic')));
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" align="center">
          <PageTitle>{t('conversations.title')}</PageTitle>
          <LiveBadge status={status} />
        </Group>
        {allowed && (
          <Switch
            label={t('conversations.useAi')}
            checked={config.data?.use_ai ?? false}
            disabled={config.isPending || saveConfig.isPending}
            onChange={(event) => void toggleAi(event.currentTarget.checked)}
          />
        )}
      </Group>
      <QuotaBanner />
      {!allowed ? (
        <Alert color="red" mt="md">
          {t('conversations.deniedRead')}
        </Alert>
      ) : (
        <>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('conversations.searchPlaceholder')}
            aria-label={t('conversations.searchPlaceholder')}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setPage(1);
            }}
            my="md"
            maw={420}
          />
          {list.isError ? (
            <Alert color="red">
              {t('errors.withMessage', { message: errorMessage(list.error, t('errors.fetchList')) })}
            </Alert>
          ) : list.isPending ? (
            <Stack gap="sm" aria-busy="true">
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} h={72} radius="md" />
              ))}
            </Stack>
          ) : list.data.data.length === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <Text fw={600}>{t('conversations.empty')}</Text>
              <Text c="dimmed" size="sm" ta="center">
                {t('conversations.emptyHint')}
              </Text>
            </Stack>
          ) : (
            <Stack gap="sm">
              {list.data.data.map((item) => (
                <ConversationCard key={item.chat_id} item={item} />
              ))}
            </Stack>
          )}
          <Pager page={page} totalPages={pageCount(total, CONVERSATIONS_PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </>
  );
}
