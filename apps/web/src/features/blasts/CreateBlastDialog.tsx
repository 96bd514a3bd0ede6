import {
  type BadRecipientRow,
  BLAST_MESSAGE_MAX,
  RECIPIENT_TYPES,
  type RecipientType,
  stripScripts,
} from '@app/contract/blasts';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  InputBase,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import {
  type BlastFormValues,
  badRowsOf,
  blastFormData,
  chatTypeOfPlatform,
  emptyBlastForm,
  keepChannel,
  SERVER_FIELDS,
  selectionCount,
  validateBlast,
} from './blast-form.ts';
import { downloadTemplate, useCreateBlast, useIntegrationOptions } from './blasts.api.ts';
import { SelectContactsDialog } from './SelectContactsDialog.tsx';
import './blasts.i18n.ts';

/** Script elements typed or pasted into the message go after this long without typing (client-area §5). */
export const STRIP_SCRIPTS_IDLE_MS = 1000;

/** Create New Blast Message (client-area §2, §5): validated on change, sent as multipart. */
export function CreateBlastDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const integrations = useIntegrationOptions(true);
  const create = useCreateBlast();
  const [picking, setPicking] = useState(false);
  const [badRows, setBadRows] = useState<BadRecipientRow[]>([]);
  const form = useForm<BlastFormValues>({
    mode: 'controlled',
    initialValues: emptyBlastForm(),
    validateInputOnChange: true,
    validate: (values) =>
      Object.fromEntries(Object.entries(validateBlast(values)).map(([field, key]) => [field, t(key)])),
  });
  const { values } = form;
  const integration = integrations.data?.find((item) => String(item.id) === values.integration_id);
  const chatType = integration ? chatTypeOfPlatform(integration.platform_name) : null;

  const stripLater = useDebouncedCallback((message: string) => {
    const stripped = stripScripts(message);
    if (stripped !== message) form.setFieldValue('message', stripped);
  }, STRIP_SCRIPTS_IDLE_MS);

  const download = async () => {
    try {
      await downloadTemplate();
    } catch (error) {
      notify('error', errorMessage(error, t('blasts.failedDownload')));
    }
  };

  const submit = form.onSubmit(async (submitted) => {
    if (create.isPending || !guard('blast_create')) return;
    setBadRows([]);
    try {
      const result = await create.mutateAsync(blastFormData(submitted));
      notify('success', result.message || t('blasts.form.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.fields) {
          const field = SERVER_FIELDS[issue.field];
          if (field) form.setFieldError(field, issue.message);
        }
        setBadRows(badRowsOf(error.data));
      }
      notify('error', errorMessage(error, t('blasts.form.failedCreate')));
    }
  });

  const count = selectionCount(values.selection);

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t('blasts.form.dialogTitle')}
        fullScreen={phone}
        centered
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('blasts.form.title')}
              placeholder={t('blasts.form.titlePlaceholder')}
              withAsterisk
              {...form.getInputProps('title')}
            />
            <Select
              label={t('blasts.form.integration')}
              placeholder={t('blasts.form.integrationPlaceholder')}
              withAsterisk
              data={(integrations.data ?? []).map((item) => ({
                value: String(item.id),
                label: `${item.title} (${item.platform_name})`,
              }))}
              description={integrations.data?.length === 0 ? t('blasts.form.noIntegrations') : undefined}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('integration_id')}
              onChange={(value) => {
                form.setFieldValue('integration_id', value ?? '');
                const picked = integrations.data?.find((item) => String(item.id) === value);
                if (picked)
                  form.setFieldValue(
                    'selection',
                    keepChannel(values.selection, chatTypeOfPlatform(picked.platform_name)),
                  );
              }}
            />
            <Select
              label={t('blasts.form.recipientType')}
              placeholder={t('blasts.form.recipientTypePlaceholder')}
              withAsterisk
              data={RECIPIENT_TYPES.map((type) => ({
                value: type,
                label: t(`blasts.form.recipientTypes.${type}`),
              }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('recipent_type')}
              onChange={(value) => {
                form.setFieldValue('recipent_type', (value ?? '') as RecipientType | '');
                form.clearFieldError('selection');
                form.clearFieldError('file');
                setBadRows([]);
              }}
            />
            {values.recipent_type === 'contact' && (
              <InputBase
                component="button"
                type="button"
                pointer
                label={t('blasts.form.contacts')}
                withAsterisk
                rightSection={<IconUsers size={16} />}
                error={form.errors.selection}
                onClick={() => setPicking(true)}
                data-testid="pick-contacts"
              >
                {count > 0 ? (
                  t('blasts.form.contactsSelected', { count })
                ) : (
                  <Text span c="dimmed" size="sm">
                    {t('blasts.form.contactsPick')}
                  </Text>
                )}
              </InputBase>
            )}
            {values.recipent_type === 'excel' && (
              <Stack gap={4}>
                <FileInput
                  label={t('blasts.form.file')}
                  placeholder={t('blasts.form.filePlaceholder')}
                  description={t('blasts.form.fileHint')}
                  withAsterisk
                  clearable
                  accept=".xlsx,.xls"
                  leftSection={<IconFileSpreadsheet size={16} />}
                  {...form.getInputProps('file')}
                  onChange={(file) => {
                    form.setFieldValue('file', file);
                    setBadRows([]);
                  }}
                />
                <Anchor component="button" type="button" size="sm" onClick={() => void download()}>
                  <Group gap={4} component="span">
                    <IconDownload size={14} aria-hidden />
                    {t('blasts.form.downloadTemplate')}
                  </Group>
                </Anchor>
              </Stack>
            )}
            {badRows.length > 0 && (
              <Alert color="red" title={t('blasts.form.badRows')} data-testid="bad-rows">
                <ScrollArea.Autosize mah={180} type="auto">
                  <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('blasts.form.row')}</Table.Th>
                        <Table.Th>{t('blasts.form.phone')}</Table.Th>
                        <Table.Th>{t('blasts.form.reason')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {badRows.map((row) => (
                        <Table.Tr key={row.row}>
                          <Table.Td>{row.row}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            {row.phone || t('blasts.form.emptyCell')}
                          </Table.Td>
                          <Table.Td>{row.reason}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </Alert>
            )}
            <Textarea
              label={t('blasts.form.message')}
              placeholder={t('blasts.form.messagePlaceholder')}
              withAsterisk
              autosize
              minRows={4}
              maxRows={10}
              {...form.getInputProps('message')}
              onChange={(event) => {
                form.setFieldValue('message', event.currentTarget.value);
                stripLater(event.currentTarget.value);
              }}
            />
            <Text
              size="xs"
              ta="right"
              mt={-6}
              c={values.message.length > BLAST_MESSAGE_MAX ? 'red' : 'dimmed'}
              data-testid="message-counter"
              aria-live="polite"
            >
              {t('blasts.form.counter', { length: values.message.length })}
            </Text>
            <TextInput
              label={t('blasts.form.description')}
              placeholder={t('blasts.form.descriptionPlaceholder')}
              {...form.getInputProps('description')}
            />
            <Group justify="flex-end" gap="sm" mt="md">
              <Button variant="default" onClick={onClose}>
                {t('blasts.form.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('blasts.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {picking && (
        <SelectContactsDialog
          initial={values.selection}
          chatType={chatType}
          onClose={() => setPicking(false)}
          onConfirm={(selection) => {
            form.setFieldValue('selection', selection);
            setPicking(false);
          }}
        />
      )}
    </>
  );
}
