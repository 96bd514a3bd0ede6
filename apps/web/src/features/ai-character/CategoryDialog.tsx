import { CATEGORY_ICON_EMOJI, CATEGORY_ICONS } from '@app/contract/tickets';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  type CategoryFormValues,
  type DraftCategory,
  dummyId,
  validateCategory,
} from './ai-character-form.ts';

/**
 * Adds or edits one message category in the form; nothing is sent until 'Save Changes'. A new
 * category gets a temporary 'dummy-…' id.
 */
export function CategoryDialog({
  category,
  onDone,
  onClose,
}: {
  category: DraftCategory | null;
  onDone: (category: DraftCategory) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useForm<CategoryFormValues>({
    mode: 'controlled',
    initialValues: {
      icon: category?.icon ?? null,
      title: category?.title ?? '',
      description: category?.description ?? '',
    },
    validate: (values) =>
      Object.fromEntries(Object.entries(validateCategory(values)).map(([field, key]) => [field, t(key)])),
  });
  const submit = form.onSubmit((values) => {
    onDone({
      id: category?.id ?? dummyId(),
      icon: values.icon as DraftCategory['icon'],
      title: values.title.trim(),
      description: values.description.trim(),
    });
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(category ? 'aiCharacter.dialog.editTitle' : 'aiCharacter.dialog.addTitle')}
      fullScreen={phone}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('aiCharacter.dialog.icon')}
            placeholder={t('aiCharacter.dialog.iconPlaceholder')}
            withAsterisk
            data={CATEGORY_ICONS.map((icon) => ({
              value: icon,
              label: `${CATEGORY_ICON_EMOJI[icon]} ${t(`aiCharacter.icons.${icon}`)}`,
            }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('icon')}
          />
          <TextInput
            label={t('aiCharacter.dialog.name')}
            placeholder={t('aiCharacter.dialog.namePlaceholder')}
            withAsterisk
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('aiCharacter.dialog.prompt')}
            placeholder={t('aiCharacter.dialog.promptPlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('aiCharacter.dialog.cancel')}
            </Button>
            <Button type="submit">
              {t(category ? 'aiCharacter.dialog.update' : 'aiCharacter.dialog.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
