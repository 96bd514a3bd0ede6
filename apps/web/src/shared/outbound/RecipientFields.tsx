import { RECIPIENT_TYPES, type RecipientType } from '@app/contract/blasts';
import { Anchor, FileInput, Group, InputBase, Select, Stack, Text } from '@mantine/core';
import type { ClearFieldError, FormErrors, GetInputProps, SetFieldValue } from '@mantine/form';
import { IconDownload, IconFileSpreadsheet, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { notify } from '../notify/notify.ts';
import { useIntegrationOptions } from './outbound.api.ts';
import {
  chatTypeOfPlatform,
  keepChannel,
  type RecipientValues,
  selectionCount,
} from './recipient-selection.ts';
import { SelectContactsDialog } from './SelectContactsDialog.tsx';
import './outbound.i18n.ts';

/** What the recipient fields read and write of a Mantine form whose values include RecipientValues. */
export interface RecipientForm {
  values: RecipientValues;
  errors: FormErrors;
  getInputProps: GetInputProps<RecipientValues>;
  setFieldValue: SetFieldValue<RecipientValues>;
  clearFieldError: ClearFieldError<RecipientValues>;
}

export interface RecipientFieldsOptions {
  /** Whether picking the chosen option of a select again clears it. */
  allowDeselect?: boolean;
  /** How many recipients a saved list keeps when no new one is chosen (an edit); the fields say so. */
  keptCount?: number | null;
  /** Offers 'Download Template' under the file input. */
  downloadTemplate?: () => Promise<unknown>;
  /** Runs when the recipient type or the file changes (the list the server refused no longer applies). */
  onListChange?: () => void;
}

/**
 * Who a blast or a schedule goes to (client-area §5): the integration, the recipient type, then the
 * contact picker ('{n} contacts selected' or 'Click to select contacts') or the Excel file with its
 * template. `fields` go in the form; `picker` (the Select Contacts dialog while open) beside the
 * form's modal, not inside it.
 */
export function useRecipientFields(
  form: RecipientForm,
  { allowDeselect, keptCount = null, downloadTemplate, onListChange }: RecipientFieldsOptions = {},
): { fields: ReactNode; picker: ReactNode } {
  const { t } = useTranslation();
  const integrations = useIntegrationOptions(true);
  const [picking, setPicking] = useState(false);
  const { values } = form;
  const integration = integrations.data?.find((item) => String(item.id) === values.integration_id);
  const chatType = integration ? chatTypeOfPlatform(integration.platform_name) : null;
  const keeps = keptCount !== null;
  const count = selectionCount(values.selection);

  const download = async () => {
    try {
      await downloadTemplate?.();
    } catch (error) {
      notify('error', errorMessage(error, t('outbound.failedDownload')));
    }
  };

  const fields = (
    <>
      <Select
        label={t('outbound.recipients.integration')}
        placeholder={t('outbound.recipients.integrationPlaceholder')}
        withAsterisk
        allowDeselect={allowDeselect}
        data={(integrations.data ?? []).map((item) => ({
          value: String(item.id),
          label: `${item.title} (${item.platform_name})`,
        }))}
        description={integrations.data?.length === 0 ? t('outbound.recipients.noIntegrations') : undefined}
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
        label={t('outbound.recipients.recipientType')}
        placeholder={t('outbound.recipients.recipientTypePlaceholder')}
        withAsterisk
        allowDeselect={allowDeselect}
        data={RECIPIENT_TYPES.map((type) => ({
          value: type,
          label: t(`outbound.recipients.recipientTypes.${type}`),
        }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('recipent_type')}
        onChange={(value) => {
          form.setFieldValue('recipent_type', (value ?? '') as RecipientType | '');
          form.clearFieldError('selection');
          form.clearFieldError('file');
          onListChange?.();
        }}
      />
      {values.recipent_type === 'contact' && (
        <InputBase
          component="button"
          type="button"
          pointer
          label={t('outbound.recipients.contacts')}
          withAsterisk={!keeps}
          description={keeps ? t('outbound.recipients.keepsList') : undefined}
          rightSection={<IconUsers size={16} />}
          error={form.errors.selection}
          onClick={() => setPicking(true)}
          data-testid="pick-contacts"
        >
          {count > 0 || keeps ? (
            t('outbound.recipients.contactsSelected', { count: keptCount ?? count })
          ) : (
            <Text span c="dimmed" size="sm">
              {t('outbound.recipients.contactsPick')}
            </Text>
          )}
        </InputBase>
      )}
      {values.recipent_type === 'excel' && (
        <Stack gap={4}>
          <FileInput
            label={t('outbound.recipients.file')}
            placeholder={
              keeps
                ? t('outbound.recipients.contactsSelected', { count: keptCount })
                : t('outbound.recipients.filePlaceholder')
            }
            description={keeps ? t('outbound.recipients.keepsList') : t('outbound.recipients.fileHint')}
            withAsterisk={!keeps}
            clearable
            accept=".xlsx,.xls"
            leftSection={<IconFileSpreadsheet size={16} />}
            {...form.getInputProps('file')}
            onChange={(file) => {
              form.setFieldValue('file', file);
              onListChange?.();
            }}
          />
          {downloadTemplate && (
            <Anchor component="button" type="button" size="sm" onClick={() => void download()}>
              <Group gap={4} component="span">
                <IconDownload size={14} aria-hidden />
                {t('outbound.recipients.downloadTemplate')}
              </Group>
            </Anchor>
          )}
        </Stack>
      )}
    </>
  );

  const picker = picking && (
    <SelectContactsDialog
      initial={values.selection}
      chatType={chatType}
      onClose={() => setPicking(false)}
      onConfirm={(selection) => {
        // Sets the error too: validated on change, or cleared where the form validates on submit.
        form.setFieldValue('selection', selection);
        setPicking(false);
      }}
    />
  );

  return { fields, picker };
}
