import type { User } from '@app/contract/users';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import { CenteredText } from '../../shared/ui/errors.tsx';
import { ListState, PermissionDenied } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RowActionsMenu } from '../../shared/ui/RowActions.tsx';
import { SearchToolbar } from '../../shared/ui/SearchField.tsx';
import { TableOrCards, usePhone } from '../../shared/ui/TableOrCards.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { USERS_PAGE_SIZE, useDeleteUser, useUsers } from './users.api.ts';
import './users.i18n.ts';

/** User search waits 800 ms after typing stops, or runs at once on Enter (client-area §5, §9). */
export const USER_SEARCH_DEBOUNCE_MS = 800;

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
  const phone = usePhone();
  const canRead = can('users_read');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const users = useUsers(page, search, canRead);
  const deletion = useConfirmDelete<User>(useDeleteUser(), {
    allowed: () => guard('users_delete'),
    success: t('users.deleted'),
    failed: t('users.failedDelete'),
  });

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

  const actions = (user: User) => (
    <RowActionsMenu
      label={t('users.actionsOf', { name: user.full_name })}
      actions={[
        {
          label: t('users.edit'),
          icon: IconPencil,
          onClick: () => guard('users_update') && setEditing(user),
        },
        {
          label: t('users.delete'),
          icon: IconTrash,
          onClick: () => guard('users_delete') && deletion.ask(user),
          color: 'red',
        },
      ]}
    />
  );

  const lastActive = (value: string | null) =>
    value ? relativeTime(value, new Date(), (unit, count) => t(`time.${unit}`, { count })) : t('users.never');

  const totalPages = pageCount(users.data?.total ?? 0, USERS_PAGE_SIZE);

  return (
    <>
      <PageTitle>{t('pages.users')}</PageTitle>
      <SearchToolbar
        label={t('users.search')}
        search={{
          value: input,
          onChange: (value) => {
            setInput(value);
            debouncedApply(value);
          },
          // Enter searches at once.
          onSubmit: (value) => {
            debouncedApply.cancel();
            apply(value);
          },
        }}
      >
        {can('users_create') && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => guard('users_create') && setEditing('new')}
            ml={phone ? undefined : 'auto'}
          >
            {t('users.add')}
          </Button>
        )}
      </SearchToolbar>
      {canRead ? (
        <ListState
          query={users}
          items={users.data?.rows}
          errorFallback={t('users.failedList')}
          loading={<CenteredText>{t('users.loading')}</CenteredText>}
          empty={<CenteredText>{t('users.empty')}</CenteredText>}
        >
          {(rows) => (
            <TableOrCards
              items={rows}
              rowKey={(user) => user.id}
              minWidth={720}
              columns={[
                { header: t('users.name'), td: { fw: 500 }, cell: (user) => user.full_name },
                { header: t('users.email'), cell: (user) => user.email },
                { header: t('users.role'), cell: (user) => humanizeRole(user.roles[0]) },
                { header: t('users.status'), cell: (user) => <StatusBadge status={user.status} /> },
                { header: t('users.lastActive'), cell: (user) => lastActive(user.last_active_at) },
                { header: t('users.actions'), th: { w: 80 }, cell: actions },
              ]}
              card={(user) => (
                <Card withBorder padding="md" data-testid="user-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} miw={0}>
                      <Text fw={600} truncate>
                        {user.full_name}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {user.email}
                      </Text>
                    </Stack>
                    {actions(user)}
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
              )}
            />
          )}
        </ListState>
      ) : (
        <PermissionDenied>{t('users.deniedRead')}</PermissionDenied>
      )}
      {canRead && <Pager page={page} totalPages={totalPages} onChange={setPage} />}
      {editing && (
        <UserFormDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('users.deleteTitle')}
        body={t('users.deleteBody', { name: deletion.target?.full_name ?? '' })}
        confirmLabel={t('users.confirmDelete')}
        cancelLabel={t('users.cancel')}
      />
    </>
  );
}
