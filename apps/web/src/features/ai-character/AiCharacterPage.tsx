import {
  type AiCharacter,
  CATEGORIES_MAX,
  CONVERSATION_TYPES,
  CUSTOM_PROMPT_MAX,
  PRIMARY_LANGUAGES,
} from '@app/contract/ai-characters';
import { CATEGORY_ICON_EMOJI } from '@app/contract/tickets';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { useAiCharacter, useSaveAiCharacter } from './ai-character.api.ts';
import {
  type AiCharacterFormValues,
  type DraftCategory,
  formValuesOf,
  isSaved,
  toSaveBody,
  validatePersonality,
} from './ai-character-form.ts';
import { CategoryDialog } from './CategoryDialog.tsx';
import './ai-character.i18n.ts';
import { ResponseSimulator } from './ResponseSimulator.tsx';

function CharacterForm({ character, editable }: { character: AiCharacter; editable: boolean }) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const save = useSaveAiCharacter();
  const [dialog, setDialog] = useState<{ category: DraftCategory | null; key: number } | null>(null);
  const form = useForm<AiCharacterFormValues>({
    mode: 'controlled',
    initialValues: formValuesOf(character),
    validate: (values) =>
      Object.fromEntries(Object.entries(validatePersonality(values)).map(([field, key]) => [field, t(key)])),
  });
  const categories = form.values.categories;
  const promptLength = form.values.custom_prompt.trim().length;

  const putCategory = (category: DraftCategory) => {
    const index = categories.findIndex((item) => item.id === category.id);
    form.setFieldValue(
      'categories',
      index >= 0
        ? categories.map((item) => (item.id === category.id ? category : item))
        : [...categories, category],
    );
    setDialog(null);
  };

  const submit = form.onSubmit(async (values) => {
    if (save.isPending || !guard('ai_update')) return;
    try {
      const result = await save.mutateAsync(toSaveBody(values));
      // The saved categories now have their real ids; start again from what the server keeps.
      form.setInitialValues(formValuesOf(result.data));
      form.setValues(formValuesOf(result.data));
      notify('success', result.message || t('aiCharacter.saved'));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['conversation_type', 'primary_language', 'custom_prompt'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setFieldError(field, message);
        }
      }
      notify('error', errorMessage(error, t('aiCharacter.failedSave')));
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <Title order={4} mb="sm">
              {t('aiCharacter.personality')}
            </Title>
            <Stack gap="sm">
              <Select
                label={t('aiCharacter.conversationType')}
                withAsterisk
                allowDeselect={false}
                readOnly={!editable}
                data={CONVERSATION_TYPES.map((type) => ({
                  value: type,
                  label: t(`aiCharacter.conversationTypes.${type}`),
                }))}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('conversation_type')}
              />
              <Select
                label={t('aiCharacter.primaryLanguage')}
                withAsterisk
                allowDeselect={false}
                readOnly={!editable}
                data={PRIMARY_LANGUAGES.map((language) => ({
                  value: language,
                  label: t(`aiCharacter.languages.${language}`),
                }))}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('primary_language')}
              />
              <Textarea
                label={t('aiCharacter.customPrompt')}
                placeholder={t('aiCharacter.customPromptPlaceholder')}
                autosize
                minRows={3}
                maxRows={10}
                readOnly={!editable}
                description={t('aiCharacter.characters', { count: promptLength, max: CUSTOM_PROMPT_MAX })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('custom_prompt')}
              />
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="sm">
              <div>
                <Title order={4}>{t('aiCharacter.categories')}</Title>
                <Text size="sm" c="dimmed">
                  {t('aiCharacter.categoriesHint')}
                </Text>
              </div>
              {editable && (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  disabled={categories.length >= CATEGORIES_MAX}
                  onClick={() => setDialog({ category: null, key: Date.now() })}
                >
                  {t('aiCharacter.addCategory')}
                </Button>
              )}
            </Group>
            {categories.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('aiCharacter.noCategories')}
              </Text>
            ) : (
              <Stack gap="xs">
                {categories.map((category) => (
                  <Card key={category.id} withBorder padding="sm" radius="md" data-testid="ai-category">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                        <Text size="xl" aria-hidden>
                          {CATEGORY_ICON_EMOJI[category.icon]}
                        </Text>
                        <Stack gap={2} miw={0}>
                          <Group gap="xs" wrap="wrap">
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {category.title}
                            </Text>
                            {!isSaved(category) && (
                              <Badge size="xs" variant="light" color="yellow" tt="none">
                                {t('aiCharacter.unsaved')}
                              </Badge>
                            )}
                          </Group>
                          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                            {category.description}
                          </Text>
                        </Stack>
                      </Group>
                      {editable && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('aiCharacter.editCategory', { name: category.title })}
                            onClick={() => setDialog({ category, key: Date.now() })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('aiCharacter.deleteCategory', { name: category.title })}
                            onClick={() =>
                              form.setFieldValue(
                                'categories',
                                categories.filter((item) => item.id !== category.id),
                              )
                            }
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
          </Card>

          {editable && (
            <Group justify="flex-end" gap="sm" wrap="wrap">
              {form.isDirty() && (
                <Text size="sm" c="yellow.7" data-testid="unsaved-changes">
                  {t('aiCharacter.unsavedChanges')}
                </Text>
              )}
              <Button type="submit" loading={save.isPending}>
                {t('aiCharacter.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {/* Outside the form: a submit inside the dialog must not reach this form through the portal. */}
      {dialog && (
        <CategoryDialog
          key={dialog.key}
          category={dialog.category}
          onDone={putCategory}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** AI Character Settings (client-area §2): personality, message categories, and the simulator. */
export function AiCharacterPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const allowed = can('ai_read');
  const editable = can('ai_update');
  const character = useAiCharacter(allowed);

  if (!allowed) {
    return (
      <>
        <PageTitle>{t('aiCharacter.title')}</PageTitle>
        <Alert color="red" title={t('toast.permissionDenied')}>
          {t('aiCharacter.denied')}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('aiCharacter.title')}</PageTitle>
      <Text c="dimmed" size="sm" mt={-8} mb="md">
        {t('aiCharacter.subtitle')}
      </Text>
      {!editable && (
        <Alert color="blue" mb="md">
          {t('aiCharacter.readOnly')}
        </Alert>
      )}
      {character.isError ? (
        <Alert color="red">
          {t('errors.withMessage', { message: errorMessage(character.error, t('errors.fetchDetail')) })}
        </Alert>
      ) : character.isPending ? (
        <Grid aria-busy="true">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={420} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={320} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <CharacterForm character={character.data} editable={editable} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ResponseSimulator categories={character.data.categories} />
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
