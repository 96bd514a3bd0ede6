import { PASSWORD_MIN, PHONE_MAX, PHONE_PATTERN } from '@app/contract/constants';
import type { User } from '@app/contract/users';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { notify } from '../../shared/notify/notify.ts';
import { CardGrid, ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { SearchToolbar, useSubmittedSearch } from '../../shared/ui/SearchField.tsx';
import { USERS_PAGE_SIZE, useAdminUsers, useSaveAdminUser } from './admin-users.api.ts';
import './rbac.i18n.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function UserFormDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAdminUser();
  const form = useForm({
    initialValues: {
      full_name: user?.full_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      password: '',
    },
    validate: {
      full_name: (v) => (v.trim() ? null : t('rbac.fullNameRequired')),
      email: (v) =>
        user
          ? null
          : !v.trim()
            ? t('rbac.emailRequired')
            : EMAIL.test(v.trim())
              ? null
              : t('rbac.invalidEmail'),
      phone: (v) =>
        !v.trim() ? t('rbac.phoneEmpty') : PHONE_PATTERN.test(v.trim()) ? null : t('rbac.invalidPhone'),
      password: (v) =>
        user
          ? null
          : !v
            ? t('rbac.passwordRequired')
            : v.length < PASSWORD_MIN
              ? t('rbac.passwordMin')
              : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: user?.id, input: values });
      notify('success', user ? t('rbac.userUpdated') : t('rbac.userCreated'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      notify('error', errorMessage(error, user ? t('rbac.userUpdateFailed') : t('rbac.userCreateFailed')));
    }
  });

  return (
    <Modal opened onClose={onClose} title={user ? t('rbac.editUser') : t('rbac.addUser')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('rbac.fullName')} withAsterisk {...form.getInputProps('full_name')} />
          <TextInput
            label={t('rbac.email')}
            type="email"
            withAsterisk={!user}
            disabled={Boolean(user)}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('rbac.phone')}
            withAsterisk
            maxLength={PHONE_MAX}
            placeholder="628123456789"
            {...form.getInputProps('phone')}
          />
          {!user && (
            <PasswordInput label={t('rbac.password')} withAsterisk {...form.getInputProps('password')} />
          )}
          <Text size="xs" c="dimmed">
            {user
              ? `${t('rbac.userRoles')}: ${user.roles.map(humanizeRole).join(', ')}`
              : t('rbac.newUserRole')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('rbac.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('rbac.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** User Management: every user of the platform, search on Enter, 10 per page; new users are super admins. */
export function UserManagementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const users = useAdminUsers(page, search.term);

  return (
    <>
      <PageTitle>{t('pages.userManagement')}</PageTitle>
      <SearchToolbar
        label={t('rbac.searchUsers')}
        search={search.field}
        add={{ label: t('rbac.addUser'), onClick: () => setEditing('new') }}
      />
      <ListState query={users} items={users.data?.data} empty={t('rbac.noUsers')}>
        {(items) => (
          <CardGrid columns={2}>
            {items.map((user) => (
              <Card key={user.id} withBorder padding="md" data-testid="user-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} miw={0}>
                    <Group gap="xs">
                      <Text fw={600} truncate>
                        {user.full_name}
                      </Text>
                      <Badge color={user.status === 'active' ? 'teal' : 'gray'} variant="light" tt="none">
                        {user.status === 'active' ? t('rbac.active') : t('rbac.inactive')}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                    <Group gap={4}>
                      {user.roles.map((role) => (
                        <Badge key={role} variant="outline" size="sm" tt="none">
                          {humanizeRole(role)}
                        </Badge>
                      ))}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('rbac.createdAt', { date: dayjs(user.created_at).format('DD/MM/YYYY') })}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="default"
                    aria-label={`${t('rbac.edit')} ${user.email}`}
                    onClick={() => setEditing(user)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager
        page={page}
        totalPages={pageCount(users.data?.meta?.total ?? 0, USERS_PAGE_SIZE)}
        onChange={setPage}
      />
      {editing && (
        <UserFormDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
