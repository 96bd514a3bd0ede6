import { BLAST_MESSAGE_MAX } from '@app/contract/blasts';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { MessageField } from '../../shared/outbound/MessageField.tsx';
import { useRecipientFields } from '../../shared/outbound/RecipientFields.tsx';
import { useServerRefusal } from '../../shared/outbound/server-refusal.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import {
  type BlastFormValues,
  blastFormData,
  emptyBlastForm,
  SERVER_FIELDS,
  validateBlast,
} from './blast-form.ts';
import { downloadTemplate, useCreateBlast } from './blasts.api.ts';
import './blasts.i18n.ts';

/** Create New Blast Message (client-area §2, §5): validated on change, sent as multipart. */
export function CreateBlastDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateBlast();
  const form = useForm<BlastFormValues>({
    mode: 'controlled',
    initialValues: emptyBlastForm(),
    validateInputOnChange: true,
    validate: (values) =>
      Object.fromEntries(Object.entries(validateBlast(values)).map(([field, key]) => [field, t(key)])),
  });
  const refusal = useServerRefusal(form, SERVER_FIELDS);
  const recipients = useRecipientFields(form, { downloadTemplate, onListChange: refusal.clear });

  const submit = form.onSubmit(async (submitted) => {
    if (create.isPending || !guard('blast_create')) return;
    refusal.clear();
    try {
      const result = await create.mutateAsync(blastFormData(submitted));
      notify('success', result.message || t('blasts.form.created'));
      onClose();
    } catch (error) {
      refusal.show(error);
      notify('error', errorMessage(error, t('blasts.form.failedCreate')));
    }
  });

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
            {recipients.fields}
            {refusal.badRows.length > 0 && (
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
                      {refusal.badRows.map((row) => (
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
            <MessageField
              label={t('blasts.form.message')}
              placeholder={t('blasts.form.messagePlaceholder')}
              withAsterisk
              minRows={4}
              maxRows={10}
              max={BLAST_MESSAGE_MAX}
              stripScriptsWhenIdle
              {...form.getInputProps('message')}
            />
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
      {recipients.picker}
    </>
  );
}
