import type { Role } from '@app/contract/rbac';
import { Button, Group, Modal, Pill, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from './permissions.api.ts';
import { useSaveRole } from './roles.api.ts';
import './rbac.i18n.ts';

/** Create or edit a role: name, description and its policies chosen from the permission picker. */
export function RoleFormDialog({ role, onClose }: { role?: Role | null; onClose: () => void }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const save = useSaveRole();
  const [picked, setPicked] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: [...new Set(role?.policies.map((p) => p.action) ?? [])],
    },
    validate: { name: (v) => (v.trim() ? null : t('rbac.nameRequired')) },
  });

  const add = () => {
    if (!picked) return;
    if (form.values.permissions.includes(picked)) {
      notify('warning', t('rbac.alreadyAdded'), t('rbac.roleTitle'));
      return;
    }
    form.insertListItem('permissions', picked);
    setPicked(null);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: role?.id, input: values });
      notify('success', role ? t('rbac.roleUpdated') : t('rbac.roleCreated'));
      onClose();
    } catch (error) {
      notify('error', errorMessage(error), t('rbac.roleTitle'));
    }
  });

  return (
    <Modal opened onClose={onClose} title={role ? t('rbac.editRole') : t('rbac.createRole')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('rbac.roleName')}
            description={t('rbac.roleNameHint')}
            withAsterisk
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('rbac.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Select
              label={t('rbac.permissions')}
              placeholder={t('rbac.pickPermission')}
              searchable
              value={picked}
              onChange={setPicked}
              data={(permissions.data ?? []).map((p) => p.name)}
              style={{ flex: 1 }}
              nothingFoundMessage={t('rbac.noPermissions')}
            />
            <Button variant="light" onClick={add} disabled={!picked}>
              {t('rbac.addPermission')}
            </Button>
          </Group>
          {form.values.permissions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('rbac.noPolicies')}
            </Text>
          ) : (
            <Group gap={6} data-testid="role-permissions">
              {form.values.permissions.map((name, index) => (
                <Pill
                  key={name}
                  withRemoveButton
                  onRemove={() => form.removeListItem('permissions', index)}
                  removeButtonProps={{ 'aria-label': t('rbac.removePermission', { name }) }}
                >
                  {name}
                </Pill>
              ))}
            </Group>
          )}
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
