import type { Permission } from '@app/contract/rbac';
import { ActionIcon, Button, Card, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { CardGrid, CardHeading, ListState } from '../../shared/ui/ListState.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { SearchToolbar, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
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
  const search = useDebouncedSearch(PERMISSION_SEARCH_DEBOUNCE_MS);
  const term = search.term.toLowerCase();
  const [editing, setEditing] = useState<Permission | 'new' | null>(null);
  const permissions = usePermissions();
  const shown = (permissions.data ?? []).filter((p) => p.name.toLowerCase().includes(term));

  return (
    <>
      <PageTitle>{t('pages.permission')}</PageTitle>
      <SearchToolbar
        label={t('rbac.searchPermissions')}
        search={search.field}
        add={{ label: t('rbac.addPermissionTitle'), onClick: () => setEditing('new') }}
      />
      <ListState query={permissions} items={shown} empty={t('rbac.noPermissions')}>
        {(items) => (
          <CardGrid columns={3}>
            {items.map((permission) => (
              <Card key={permission.id} withBorder padding="sm" data-testid="permission-card">
                <CardHeading
                  icon={IconKey}
                  title={permission.name}
                  subtitle={dayjs(permission.created_at).format('DD/MM/YYYY')}
                  actions={
                    <ActionIcon
                      variant="default"
                      aria-label={`${t('rbac.edit')} ${permission.name}`}
                      onClick={() => setEditing(permission)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  }
                />
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      {editing && (
        <PermissionFormDialog
          permission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
