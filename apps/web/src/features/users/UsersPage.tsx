import type { User } from '@app/contract/users';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { CenteredText } from '../../shared/ui/errors.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { USERS_PAGE_SIZE, useDeleteUser, useUsers } from './users.api.ts';
import './users.i18n.ts';

/** User search waits 800 ms after typing stops, or runs at once on Enter (client-area §5, §9). */
export const USER_SEARCH_DEBOUNCE_MS = 800;

function UserActions({ user, onEdit, onDelete }: { user: User; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('users.actionsOf', { name: user.full_name })}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('users.edit')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('users.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function StatusBadge({ status }: { status: User['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light" tt="none">
      {status === 'active' ? t('users.active') : t('users.inactive')}
    </Badge>
  );
}

/** Users (client-area §2): search, a table on desktop and cards on phones, pages, add, edit and delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 48em)');
  const canRead = can('users_read');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const users = useUsers(page, search, canRead);
  const remove = useDeleteUser();

  const apply = (value: string) => {
    const term = value.trim();
    if (term === search) return;
    if (!can('users_read')) {
      notify('error', t('users.deniedSearch'), t('toast.permissionDenied'));
      return;
    }
    setSearch(term);
    setPage(1);
  };
  const debouncedApply = useDebouncedCallback(apply, USER_SEARCH_DEBOUNCE_MS);

  const startEdit = (user: User) => guard('users_update') && setEditing(user);
  const startDelete = (user: User) => guard('users_delete') && setDeleting(user);

  const confirmDelete = async () => {
    if (!deleting || !guard('users_delete')) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify('success', t('users.deleted'));
      setDeleting(null);
    } catch (error) {
      notify('error', errorMessage(error, t('users.failedDelete')));
    }
  };

  const lastActive = (value: string | null) =>
    value ? relativeTime(value, new Date(), (unit, count) => t(`time.${unit}`, { count })) : t('users.never');

  const rows = users.data?.rows ?? [];
  const totalPages = pageCount(users.data?.total ?? 0, USERS_PAGE_SIZE);

  let body: ReactNode;
  if (!canRead) {
    body = (
      <Alert color="red" title={t('toast.permissionDenied')}>
        {t('users.deniedRead')}
      </Alert>
    );
  } else if (users.isError) {
    body = (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(users.error, t('users.failedList')) })}
      </Alert>
    );
  } else if (users.isPending) {
    body = <CenteredText>{t('users.loading')}</CenteredText>;
  } else if (rows.length === 0) {
    body = <CenteredText>{t('users.empty')}</CenteredText>;
  } else if (phone) {
    body = (
      <Stack gap="sm">
        {rows.map((user) => (
          <Card key={user.id} withBorder padding="md" data-testid="user-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate>
                  {user.full_name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Stack>
              <UserActions user={user} onEdit={() => startEdit(user)} onDelete={() => startDelete(user)} />
            </Group>
            <Group gap="xs" mt="sm">
              <Badge variant="outline" tt="none">
                {humanizeRole(user.roles[0])}
              </Badge>
              <StatusBadge status={user.status} />
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {t('users.lastActive')}: {lastActive(user.last_active_at)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.name')}</Table.Th>
              <Table.Th>{t('users.email')}</Table.Th>
              <Table.Th>{t('users.role')}</Table.Th>
              <Table.Th>{t('users.status')}</Table.Th>
              <Table.Th>{t('users.lastActive')}</Table.Th>
              <Table.Th w={80}>{t('users.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td fw={500}>{user.full_name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{humanizeRole(user.roles[0])}</Table.Td>
                <Table.Td>
                  <StatusBadge status={user.status} />
                </Table.Td>
                <Table.Td>{lastActive(user.last_active_at)}</Table.Td>
                <Table.Td>
                  <UserActions
                    user={user}
                    onEdit={() => startEdit(user)}
                    onDelete={() => startDelete(user)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <>
      <PageTitle>{t('pages.users')}</PageTitle>
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('users.search')}
          aria-label={t('users.search')}
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            debouncedApply(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            debouncedApply.cancel();
            apply(event.currentTarget.value);
          }}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        {can('users_create') && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => guard('users_create') && setEditing('new')}
            ml={phone ? undefined : 'auto'}
          >
            {t('users.add')}
          </Button>
        )}
      </Group>
      {body}
      {canRead && <Pager page={page} totalPages={totalPages} onChange={setPage} />}
      {editing && (
        <UserFormDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('users.deleteTitle')}>
        <Text size="sm">{t('users.deleteBody', { name: deleting?.full_name ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('users.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
            {t('users.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
