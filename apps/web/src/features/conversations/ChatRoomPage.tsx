import type { ChatMessage } from '@app/contract/chats';
import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconChecks,
  IconClock,
  IconDotsVertical,
  IconDownload,
  IconFile,
  IconPaperclip,
  IconPhoto,
  IconSend,
  IconTicket,
  IconTrash,
} from '@tabler/icons-react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type ApiResult, errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { quotaQuery, useQuota } from '../../shared/quota/quota.api.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { chatTypeOf, initials, isThisRoom, messageOf, roomUser, upsertMessage } from './chat-room.ts';
import { AiReplyDetails, ChannelBadge, LiveBadge } from './conversation-ui.tsx';
import {
  deleteRoom,
  downloadRoom,
  markRoomRead,
  ROOM_PAGE_SIZE,
  retryMessage,
  roomQuery,
  sendMessage,
  useRoom,
} from './conversations.api.ts';
import './conversations.i18n.ts';
import { useLiveConnection } from './use-live-connection.ts';

type RoomPage = ApiResult<ChatMessage[]>;

function Tick({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const label = t(`conversations.room.status.${message.status}`, { defaultValue: message.status });
  const icon =
    message.status === 'pending' ? (
      <IconClock size={14} />
    ) : message.status === 'sent' ? (
      <IconCheck size={14} />
    ) : message.status === 'delivered' ? (
      <IconChecks size={14} />
    ) : message.status === 'read' ? (
      <IconChecks size={14} color="var(--mantine-color-blue-5)" />
    ) : message.status === 'failed' ? (
      <IconAlertCircle size={14} color="var(--mantine-color-red-6)" />
    ) : (
      <IconCheck size={14} />
    );
  return (
    <Box
      component="span"
      aria-label={label}
      title={label}
      data-testid="tick"
      style={{ display: 'inline-flex' }}
    >
      {icon}
    </Box>
  );
}

function Bubble({
  message,
  onRetry,
  retrying,
  onCreateTicket,
}: {
  message: ChatMessage;
  onRetry: (message: ChatMessage) => void;
  retrying: boolean;
  onCreateTicket?: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation();
  const own = message.is_from_me;
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" gap={4} align="center">
      <Paper
        data-testid="chat-bubble"
        data-status={message.status}
        data-from-me={own}
        data-read={message.is_read}
        data-ai={Boolean(message.ai)}
        px="sm"
        py={6}
        radius="md"
        maw="78%"
        withBorder={!own}
        style={{
          background: own ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-body)',
          overflowWrap: 'anywhere',
        }}
      >
        {!own && (
          <Text size="xs" fw={600} c="dimmed">
            {message.sender_name}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.content}
        </Text>
        {message.ai && <AiReplyDetails meta={message.ai} />}
        <Group gap={4} justify="flex-end" c="dimmed">
          {!own && !message.is_read && (
            <Text size="xs" c="blue" fw={600}>
              {t('conversations.room.unreadMark')}
            </Text>
          )}
          <Text size="xs">{dayjs(message.timestamp).format('DD/MM/YYYY, HH.mm')}</Text>
          {own && <Tick message={message} />}
        </Group>
        {own && message.status === 'failed' && (
          <Group gap="xs" mt={4} wrap="nowrap">
            <Text size="xs" c="red" style={{ flex: 1 }}>
              {message.error}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              loading={retrying}
              onClick={() => onRetry(message)}
            >
              {t('conversations.room.retry')}
            </Button>
          </Group>
        )}
      </Paper>
      {!own && onCreateTicket && (
        <Tooltip label={t('conversations.room.createTicket')} withinPortal>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('conversations.room.createTicket')}
            onClick={() => onCreateTicket(message)}
          >
            <IconTicket size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** What the chat room needs to open a ticket from a message; the app layer passes the tickets feature's dialog. */
export type CreateTicketFromChat = ComponentType<{
  chatId: string;
  chatContent: string;
  customerName: string;
  onClose: () => void;
}>;

/** The chat room (client-area §2): bubbles with ticks, live updates, send, pages, download, delete. */
export function ChatRoomPage({ CreateTicket }: { CreateTicket?: CreateTicketFromChat }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { can, guard } = usePermissions();
  const room = useParams().chatId ?? '';
  const allowed = can('chat_read');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [retrying, setRetrying] = useState<number | null>(null);
  const [ticketFrom, setTicketFrom] = useState<ChatMessage | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const redirected = useRef(false);
  const messages = useRoom(room, page, allowed && room !== '');
  const quota = useQuota();
  const noQuota = quota.data !== undefined && quota.data.wa_message_remain <= 0;
  const header = t('conversations.room.header', { id: roomUser(room) });
  useDocumentTitle(`${header} · AI Admin`);

  // Without chat_read the chat page is not shown: back to the list with the denied toast (§6).
  useEffect(() => {
    if (!allowed && !redirected.current) {
      redirected.current = true;
      guard('chat_read');
      navigate('/client/messages', { replace: true });
    }
  }, [allowed, guard, navigate]);

  // Opening the room marks its messages read (client-area §4).
  useEffect(() => {
    if (!allowed || !room) return;
    markRoomRead(room)
      .then(() => {
        // What was loaded is read now; messages arriving later come in unread.
        client.setQueriesData<RoomPage>({ queryKey: ['chats', 'room', room] }, (current) =>
          current
            ? { ...current, data: current.data.map((m) => (m.is_from_me ? m : { ...m, is_read: true })) }
            : current,
        );
        return client.invalidateQueries({ queryKey: ['chats', 'list'] });
      })
      .catch(() => undefined);
  }, [allowed, room, client]);

  const firstPageKey: QueryKey = roomQuery(room, 1).queryKey;
  const putMessage = useCallback(
    (message: ChatMessage) => {
      client.setQueryData<RoomPage>(firstPageKey, (current) => {
        if (!current) return current;
        const known = current.data.some((item) => item.id === message.id);
        const data = upsertMessage(current.data, message);
        return {
          ...current,
          data,
          meta: current.meta && !known ? { ...current.meta, total: current.meta.total + 1 } : current.meta,
        };
      });
    },
    [client, firstPageKey],
  );
  const updateStatus = (message: ChatMessage) => {
    client.setQueriesData<RoomPage>({ queryKey: ['chats', 'room', room] }, (current) =>
      current?.data.some((item) => item.id === message.id)
        ? { ...current, data: upsertMessage(current.data, message) }
        : current,
    );
  };

  const { status, sendToRoom } = useLiveConnection(allowed && room ? room : null, (event) => {
    if (event.type === 'room_message' && isThisRoom(event.room_id, room)) {
      const message = messageOf(event.message);
      if (!message) return;
      putMessage(message);
      if (!message.is_from_me) notify('info', t('conversations.room.newMessage'));
    } else if (event.type === 'message_status' && isThisRoom(event.room_id, room)) {
      const message = messageOf(event.message);
      if (message) updateStatus(message);
      void client.invalidateQueries({ queryKey: quotaQuery().queryKey });
    } else if (event.type === 'room_deleted' && isThisRoom(event.room_id, room) && !deleting) {
      navigate('/client/messages', { replace: true });
    }
  });

  const list = messages.data?.data ?? [];
  const latestIncoming = [...list].reverse().find((message) => !message.is_from_me);
  const total = messages.data?.meta?.total ?? 0;
  const totalPages = Math.max(1, pageCount(total, messages.data?.meta?.limit ?? ROOM_PAGE_SIZE));

  // Keep the newest bubble in view on the newest page.
  const lastId = list.at(-1)?.id;
  useEffect(() => {
    if (page === 1 && lastId !== undefined)
      viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId, page]);

  const send = async () => {
    const message = text.trim();
    if (!message || sending) return;
    if (!guard('chat_create')) return;
    if (noQuota) {
      notify('warning', t('conversations.noQuota'), t('toast.warning'));
      return;
    }
    setPage(1);
    if (status === 'open' && sendToRoom(room, message, chatTypeOf(room, list))) {
      setText('');
      return;
    }
    // The socket is down: the same send over HTTP.
    setSending(true);
    try {
      const result = await sendMessage(room, message);
      putMessage(result.data);
      setText('');
      void client.invalidateQueries({ queryKey: quotaQuery().queryKey });
    } catch (error) {
      notify('error', errorMessage(error, t('errors.generic')));
    } finally {
      setSending(false);
    }
  };

  const retry = async (message: ChatMessage) => {
    if (!guard('chat_create')) return;
    setRetrying(message.id);
    try {
      updateStatus((await retryMessage(room, message.id)).data);
    } catch (error) {
      notify('error', errorMessage(error, t('errors.generic')));
    } finally {
      setRetrying(null);
    }
  };

  const download = async () => {
    try {
      await downloadRoom(room);
    } catch (error) {
      notify('error', errorMessage(error, t('conversations.room.failedDownload')));
    }
  };

  const remove = async () => {
    if (!guard('chat_delete')) return;
    setDeleting(true);
    try {
      const result = await deleteRoom(room);
      notify('success', result.message || t('conversations.room.deleted'));
      setConfirmOpen(false);
      client.removeQueries({ queryKey: ['chats', 'room', room] });
      void client.invalidateQueries({ queryKey: ['chats', 'list'] });
      navigate('/client/messages', { replace: true });
    } catch (error) {
      notify('error', errorMessage(error, t('conversations.room.failedDelete')));
      setDeleting(false);
    }
  };

  if (!allowed) return null;

  return (
    <Stack gap="sm" h="calc(100dvh - 60px - 2 * var(--mantine-spacing-md))" mih={420}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ActionIcon
            variant="subtle"
            aria-label={t('conversations.room.back')}
            onClick={() => navigate('/client/messages')}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Avatar
            color="initials"
            name={list.find((m) => !m.is_from_me)?.sender_name ?? roomUser(room)}
            radius="xl"
            visibleFrom="xs"
          >
            {initials(list.find((m) => !m.is_from_me)?.sender_name ?? roomUser(room))}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {header}
            </Title>
            <Group gap={6}>
              <ChannelBadge chatType={chatTypeOf(room, list)} />
              <LiveBadge status={status} />
            </Group>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('conversations.room.download')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('conversations.room.download')}
              onClick={download}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('conversations.room.menu')}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmOpen(true)}
              >
                {t('conversations.room.delete')}
              </Menu.Item>
              {CreateTicket && (
                <Menu.Item
                  leftSection={<IconTicket size={16} />}
                  disabled={!latestIncoming}
                  onClick={() => setTicketFrom(latestIncoming ?? null)}
                >
                  {t('conversations.room.createTicket')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Paper
        withBorder
        radius="md"
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Group
          justify="space-between"
          px="sm"
          py={6}
          gap="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t('conversations.room.previous')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('conversations.room.pageOf', { page, total: totalPages })}
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('conversations.room.next')}
          </Button>
        </Group>
        <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto" data-testid="chat-thread">
          <Stack gap={8} p="sm">
            {messages.isError ? (
              <Alert color="red">{errorMessage(messages.error, t('errors.fetchDetail'))}</Alert>
            ) : messages.isPending ? (
              <Group justify="center" py="xl" aria-busy="true">
                <Loader size="sm" />
              </Group>
            ) : list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                {t('conversations.room.empty')}
              </Text>
            ) : (
              list.map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  onRetry={retry}
                  retrying={retrying === message.id}
                  onCreateTicket={CreateTicket ? setTicketFrom : undefined}
                />
              ))
            )}
          </Stack>
        </ScrollArea>
      </Paper>

      {noQuota && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} py="xs" data-testid="quota-banner">
          {t('conversations.noQuota')}
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('conversations.room.attach')}>
              <IconPaperclip size={18} />
            </ActionIcon>
          </Menu.Target>
          {/* The attachment menu does nothing yet (client-area §2). */}
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPhoto size={16} />}>{t('conversations.room.image')}</Menu.Item>
            <Menu.Item leftSection={<IconFile size={16} />}>{t('conversations.room.file')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Textarea
          aria-label={t('conversations.room.placeholder')}
          placeholder={t('conversations.room.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          autosize
          minRows={1}
          maxRows={5}
          disabled={noQuota}
          style={{ flex: 1 }}
        />
        <ActionIcon
          size="lg"
          aria-label={t('conversations.room.send')}
          onClick={() => void send()}
          loading={sending}
          disabled={!text.trim() || noQuota}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>

      <ConfirmDialog
        opened={confirmOpen}
        title={t('conversations.room.deleteTitle')}
        body={t('conversations.room.deleteBody')}
        confirmLabel={t('conversations.room.delete')}
        cancelLabel={t('conversations.room.cancel')}
        loading={deleting}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={remove}
      />
      {CreateTicket && ticketFrom && (
        <CreateTicket
          chatId={room}
          chatContent={ticketFrom.content}
          customerName={ticketFrom.sender_name}
          onClose={() => setTicketFrom(null)}
        />
      )}
    </Stack>
  );
}
