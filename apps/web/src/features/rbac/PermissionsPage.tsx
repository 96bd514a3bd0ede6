import type { Permission } from '@app/contract/rbac';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { usePermissions, useSavePermission } from './permissions.api.ts';
import './rbac.i18n.ts';

/** Permissions are filtered in the browser, 700 ms after typing stops (super-admin §9). */
export const PERMISSION_SEARCH_DEBOUNCE_MS = 700;

function PermissionFormDialog({
  permission,
  onClose,
}: {
  permission: Permission | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePermission();
  const form = useForm({
    initialValues: { name: permission?.name ?? '' },
    validate: { name: (v) => (v.trim() ? null : t('rbac.nameRequired')) },
  });
  const submit = form.onSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ id: permission?.id, name });
      notify('success', permission ? t('rbac.permissionUpdated') : t('rbac.permissionCreated'));
      onClose();
    } catch (error) {
      notify('error', errorMessage(error), t('rbac.failed'));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={permission ? t('rbac.editPermission') : t('rbac.addPermissionTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('rbac.permissionName')}
            description={permission ? undefined : t('rbac.permissionNameHint')}
            withAsterisk
            {...form.getInputProps('name')}
          />
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

/** Permission: client-side search (700 ms), 'Add Permission' (comma-separated names create several), edit. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().toLowerCase(), PERMISSION_SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<Permission | 'new' | null>(null);
  const permissions = usePermissions();
  const shown = (permissions.data ?? []).filter((p) => p.name.toLowerCase().includes(debounced));

  return (
    <>
      <PageTitle>{t('pages.permission')}</PageTitle>
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('rbac.searchPermissions')}
          aria-label={t('rbac.searchPermissions')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('rbac.addPermissionTitle')}
        </Button>
      </Group>
      {permissions.isError ? (
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(permissions.error) })}</Alert>
      ) : permissions.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('rbac.noPermissions')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((permission) => (
            <Card key={permission.id} withBorder padding="sm" data-testid="permission-card">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconKey size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} miw={0}>
                    <Text fw={600} truncate>
                      {permission.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dayjs(permission.created_at).format('DD/MM/YYYY')}
                    </Text>
                  </Stack>
                </Group>
                <ActionIcon
                  variant="default"
                  aria-label={`${t('rbac.edit')} ${permission.name}`}
                  onClick={() => setEditing(permission)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <PermissionFormDialog
          permission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
