import type { ChatMenu } from '@app/contract/chat-menus';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconListTree,
  IconRobot,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import {
  CardGrid,
  CardSkeletons,
  EmptyState,
  ListState,
  PermissionDenied,
} from '../../shared/ui/ListState.tsx';
import { Pager, pageAfterRemoval } from '../../shared/ui/Pager.tsx';
import { PageHeader } from '../../shared/ui/PageTitle.tsx';
import { SearchField, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
import { ChatMenuDialog } from './ChatMenuDialog.tsx';
import {
  CHAT_MENU_SEARCH_DEBOUNCE_MS,
  CHAT_MENUS_PAGE_SIZE,
  useChatConfig,
  useChatMenus,
  useDeleteChatMenu,
  useSaveBotMenu,
} from './chat-menus.api.ts';
import './chat-menus.i18n.ts';

type Entry = Omit<ChatMenu, 'children'>;

/** Workflow and action of an entry, as the bot uses them. */
function EntryFacts({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {t('chatMenus.workflow')}: {entry.workflow_name ?? t('chatMenus.none')} · {t('chatMenus.action')}:{' '}
      {entry.action_name ?? t('chatMenus.none')}
    </Text>
  );
}

function ChatMenuCard({
  menu,
  number,
  onDelete,
}: {
  menu: ChatMenu;
  /** The number the customer answers with, when the list is not filtered. */
  number: number | null;
  onDelete?: (entry: Entry, topLevel: boolean) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <Card withBorder padding="md" radius="md" data-testid="chat-menu-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <UnstyledButton
          onClick={() => setOpen((shown) => !shown)}
          aria-expanded={open}
          aria-label={t(open ? 'chatMenus.hideChildren' : 'chatMenus.showChildren', { name: menu.name })}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Chevron size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {number !== null && `${number}. `}
                {menu.name}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={open ? undefined : 2}>
                {menu.description}
              </Text>
              <EntryFacts entry={menu} />
            </Stack>
          </Group>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" tt="none" data-testid="chat-menu-children-count">
            {t('chatMenus.children', { count: menu.children.length })}
          </Badge>
          {onDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('chatMenus.deleteNamed', { name: menu.name })}
              onClick={() => onDelete(menu, true)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="xs" mt="sm" pl={{ base: 0, xs: 'lg' }} data-testid="chat-menu-children">
          {menu.children.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('chatMenus.noChildren')}
            </Text>
          ) : (
            menu.children.map((child, index) => (
              <Paper key={child.id} withBorder p="sm" radius="md" data-testid="chat-menu-child">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {index + 1}. {child.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {child.description}
                    </Text>
                    <EntryFacts entry={child} />
                  </Stack>
                  {onDelete && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('chatMenus.deleteNamed', { name: child.name })}
                      onClick={() => onDelete(child, false)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            ))
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}

/** The 'Use Bot Menu' switch: the chat configuration's use_bot, the rest kept as it is. */
function BotMenuSwitch({ hasMenus }: { hasMenus: boolean }) {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const config = useChatConfig(can('message_read'));
  const save = useSaveBotMenu();
  if (!can('message_read')) return null;

  const change = async (useBot: boolean) => {
    if (!config.data || !guard('message_update')) return;
    try {
      const result = await save.mutateAsync({ config: config.data, useBot });
      notify('success', result.message || t('chatMenus.configSaved'));
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" mb="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconRobot size={22} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={4} miw={0}>
          <Switch
            label={t('chatMenus.useBot')}
            description={t('chatMenus.useBotHint')}
            checked={config.data?.use_bot ?? false}
            disabled={!config.data || save.isPending || !can('message_update')}
            onChange={(event) => void change(event.currentTarget.checked)}
          />
          {config.isError && (
            <Text size="xs" c="red">
              {t('errors.withMessage', { message: errorMessage(config.error) })}
            </Text>
          )}
          {config.data?.use_bot && !hasMenus && (
            <Text size="xs" c="orange">
              {t('chatMenus.botNeedsMenu')}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * Chat Menu (client-area §2): the bot's two-level menu, searchable by name, with expandable
 * children; 'Config Chat Menu' builds new menus; entries can be deleted; the bot is turned on here.
 */
export function ChatMenuPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('chatmenu_read');
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(CHAT_MENU_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const [configuring, setConfiguring] = useState(false);
  const list = useChatMenus(page, search.term, allowed);
  const remove = useDeleteChatMenu();
  const deletion = useConfirmDelete<{ id: number; entry: Entry; topLevel: boolean }>(remove, {
    allowed: () => guard('chatmenu_delete'),
    success: t('chatMenus.deleted'),
    serverMessage: true,
    failed: t('chatMenus.failedDelete'),
    // Only a menu (not a child entry) can leave its page empty.
    onDeleted: ({ topLevel }) => topLevel && setPage(pageAfterRemoval(page, list.data?.data.length)),
  });
  const total = list.data?.meta?.total ?? 0;

  const header = (
    <PageHeader
      title={t('chatMenus.title')}
      subtitle={t('chatMenus.subtitle')}
      action={
        allowed &&
        can('chatmenu_create') && (
          <Button leftSection={<IconSettings size={16} />} onClick={() => setConfiguring(true)}>
            {t('chatMenus.config')}
          </Button>
        )
      }
    />
  );

  if (!allowed) {
    return (
      <>
        {header}
        <PermissionDenied>{t('chatMenus.denied')}</PermissionDenied>
      </>
    );
  }

  const offset = (page - 1) * CHAT_MENUS_PAGE_SIZE;
  return (
    <>
      {header}
      <BotMenuSwitch hasMenus={!list.isSuccess || search.term !== '' || total > 0} />
      <SearchField label={t('chatMenus.search')} {...search.field} mb="md" maw={420} />
      <ListState
        query={list}
        items={list.data?.data}
        errorFallback={t('errors.fetchList')}
        loading={<CardSkeletons count={3} height={96} />}
        empty={
          <EmptyState
            icon={<IconListTree size={32} stroke={1.4} aria-hidden />}
            title={t('chatMenus.empty')}
            hint={!search.term && t('chatMenus.emptyHint')}
          />
        }
      >
        {(menus) => (
          <CardGrid>
            {menus.map((menu, index) => (
              <ChatMenuCard
                key={menu.id}
                menu={menu}
                number={search.term ? null : offset + index + 1}
                onDelete={
                  can('chatmenu_delete')
                    ? (entry, topLevel) => deletion.ask({ id: entry.id, entry, topLevel })
                    : undefined
                }
              />
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, CHAT_MENUS_PAGE_SIZE)} onChange={setPage} />
      {configuring && <ChatMenuDialog onClose={() => setConfiguring(false)} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('chatMenus.deleteTitle')}
        body={t('chatMenus.deleteBody', { name: deletion.target?.entry.name ?? '' })}
        confirmLabel={t('chatMenus.confirmDelete')}
        cancelLabel={t('chatMenus.cancel')}
      />
    </>
  );
}
