import { KNOWLEDGE_ACCEPT, type KnowledgeItem } from '@app/contract/knowledge';
import { Button, FileInput, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { useSaveKnowledge } from './knowledge.api.ts';
import {
  type KnowledgeFormValues,
  knowledgeFileError,
  nameFromFile,
  validateKnowledge,
} from './knowledge-form.ts';

/** Upload a document, or rename one and optionally replace its file (client-area §2, §5). */
export function KnowledgeDialog({ item, onClose }: { item: KnowledgeItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const editing = item !== null;
  const save = useSaveKnowledge();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<KnowledgeFormValues>({
    mode: 'controlled',
    initialValues: { name: item?.name ?? '', file: null },
    validateInputOnChange: ['file'],
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateKnowledge(values, editing)).map(([field, key]) => [field, t(key)]),
      ),
  });
  const busy = save.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const submit = form.onSubmit(async (values) => {
    if (busy || !guard(editing ? 'knowledge_update' : 'knowledge_create')) return;
    try {
      const result = await save.mutateAsync({
        id: item?.id,
        name: values.name.trim(),
        file: values.file,
        onProgress: setProgress,
      });
      notify('success', result.message || t(editing ? 'knowledge.updated' : 'knowledge.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['name', 'file'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setFieldError(field, message);
        }
      }
      notify('error', errorMessage(error, t(editing ? 'knowledge.failedUpdate' : 'knowledge.failedCreate')));
    } finally {
      setProgress(null);
    }
  });

  return (
    <Modal
      opened
      onClose={close}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      title={t(editing ? 'knowledge.dialogEdit' : 'knowledge.dialogUpload')}
      fullScreen={phone}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('knowledge.name')}
            placeholder={t('knowledge.namePlaceholder')}
            withAsterisk
            disabled={busy}
            {...form.getInputProps('name')}
          />
          <FileInput
            label={t('knowledge.file')}
            placeholder={t('knowledge.filePlaceholder')}
            description={[
              ...(editing ? [t('knowledge.replaceHint', { filename: item.filename })] : []),
              t('knowledge.fileHint'),
              t('knowledge.maxSize'),
            ].join(' · ')}
            accept={KNOWLEDGE_ACCEPT}
            leftSection={<IconUpload size={16} />}
            withAsterisk={!editing}
            clearable
            disabled={busy}
            {...form.getInputProps('file')}
            onChange={(file) => {
              form.setFieldValue('file', file);
              if (file && !knowledgeFileError(file, false) && !form.values.name.trim())
                form.setFieldValue('name', nameFromFile(file.name));
            }}
          />
          {progress !== null && (
            <Stack gap={4} data-testid="upload-progress">
              <Progress
                value={progress}
                animated
                aria-label={t('knowledge.uploading', { percent: progress })}
              />
              <Text size="xs" c="dimmed">
                {t('knowledge.uploading', { percent: progress })}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('knowledge.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t(editing ? 'knowledge.submitEdit' : 'knowledge.submitUpload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
