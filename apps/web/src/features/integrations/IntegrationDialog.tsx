import type { Integration } from '@app/contract/integrations';
import {
  Anchor,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import {
  type IntegrationFormValues,
  isWhatsAppPlatform,
  qrPageUrl,
  validateIntegration,
} from './integration-form.ts';
import {
  type IntegrationPayload,
  useDeleteIntegration,
  usePlatforms,
  useSaveIntegration,
} from './integrations.api.ts';

const initialValues = (integration: Integration | null): IntegrationFormValues => ({
  type: integration?.type ?? 'message_platform',
  integration_id: integration ? String(integration.integration_id) : '',
  title: integration?.title ?? '',
  integration_contact: integration?.integration_contact ?? '',
  status: integration?.status ?? '',
});

/** Add or edit one integration (client-area §2, §5); the status select only when editing. */
export function IntegrationDialog({
  opened,
  integration,
  onClose,
}: {
  opened: boolean;
  integration: Integration | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const editing = integration !== null;
  const platforms = usePlatforms(opened);
  const save = useSaveIntegration();
  const remove = useDeleteIntegration();
  const [qrOpen, setQrOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const form = useForm<IntegrationFormValues>({
    mode: 'controlled',
    initialValues: initialValues(integration),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateIntegration(values, editing)).map(([field, key]) => [field, t(key)]),
      ),
  });

  const platformName = platforms.data?.find(
    (p) => String(p.id) === form.values.integration_id,
  )?.platform_name;

  const submit = form.onSubmit(async (values) => {
    if (save.isPending) return;
    if (!guard(editing ? 'integration_update' : 'integration_create')) return;
    const body: IntegrationPayload = {
      type: 'message_platform',
      integration_id: Number(values.integration_id),
      title: values.title.trim(),
      integration_contact: values.integration_contact.trim(),
      ...(editing ? { status: values.status as 'active' | 'inactive' } : {}),
    };
    try {
      const result = await save.mutateAsync({ id: integration?.id, body });
      notify('success', result.message || t(editing ? 'integrations.updated' : 'integrations.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['integration_id', 'title', 'integration_contact', 'status', 'type'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setFieldError(field, message);
        }
      }
      notify(
        'error',
        errorMessage(error, t(editing ? 'integrations.failedUpdate' : 'integrations.failedCreate')),
      );
    }
  });

  const confirmDelete = async () => {
    if (!integration) return;
    try {
      const result = await remove.mutateAsync(integration.id);
      notify('success', result.message || t('integrations.deleted'));
      setConfirmOpen(false);
      onClose();
    } catch (error) {
      notify('error', errorMessage(error, t('integrations.failedDelete')));
    }
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={t(editing ? 'integrations.dialogEdit' : 'integrations.dialogAdd')}
        fullScreen={phone}
        centered
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('integrations.type')}
              </Text>
              <SegmentedControl
                aria-label={t('integrations.type')}
                data={[{ value: 'message_platform', label: t('integrations.typeMessagePlatform') }]}
                {...form.getInputProps('type')}
              />
              {form.errors.type && (
                <Text size="xs" c="red">
                  {form.errors.type}
                </Text>
              )}
            </Stack>
            <Select
              label={t('integrations.platform')}
              placeholder={t('integrations.platformPlaceholder')}
              data={(platforms.data ?? []).map((p) => ({ value: String(p.id), label: p.platform_name }))}
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('integration_id')}
            />
            <TextInput
              label={t('integrations.name')}
              placeholder={t('integrations.namePlaceholder')}
              withAsterisk
              {...form.getInputProps('title')}
            />
            <TextInput
              label={t('integrations.accountId')}
              placeholder={t('integrations.accountIdPlaceholder')}
              description={
                editing && integration?.integration_contact.startsWith('••••')
                  ? t('integrations.accountIdHint')
                  : undefined
              }
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('integration_contact')}
            />
            {isWhatsAppPlatform(platformName) && (
              <Anchor component="button" type="button" size="sm" onClick={() => setQrOpen(true)}>
                <Group gap={4} component="span">
                  <IconQrcode size={16} aria-hidden />
                  {t('integrations.showQr')}
                </Group>
              </Anchor>
            )}
            {editing && (
              <Select
                label={t('integrations.status')}
                withAsterisk
                data={[
                  { value: 'active', label: t('integrations.statusActive') },
                  { value: 'inactive', label: t('integrations.statusInactive') },
                ]}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('status')}
              />
            )}
            <Group justify="space-between" mt="md">
              {editing && can('integration_delete') ? (
                <Button variant="subtle" color="red" onClick={() => setConfirmOpen(true)}>
                  {t('integrations.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onClose}>
                  {t('integrations.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('integrations.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={qrOpen}
        onClose={() => setQrOpen(false)}
        title={t('integrations.qrTitle')}
        size="lg"
        fullScreen={phone}
        centered
      >
        <Stack gap="sm">
          <iframe
            title={t('integrations.qrFrame')}
            src={qrPageUrl(form.values.integration_contact.trim())}
            style={{ width: '100%', height: 460, border: 0, borderRadius: 8 }}
          />
          <Text size="sm" c="orange" fw={500}>
            {t('integrations.qrNote')}
          </Text>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirmOpen}
        title={t('integrations.deleteTitle')}
        body={t('integrations.deleteBody')}
        confirmLabel={t('integrations.delete')}
        cancelLabel={t('integrations.cancel')}
        loading={remove.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
