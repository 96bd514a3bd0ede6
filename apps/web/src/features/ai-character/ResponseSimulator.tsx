import {
  COPIED_FOR_MS,
  type MessageCategory,
  SIMULATION_MESSAGE_MAX,
  type Simulation,
} from '@app/contract/ai-characters';
import { CATEGORY_ICON_EMOJI } from '@app/contract/tickets';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { useSimulate } from './ai-character.api.ts';
import { type SimulationFormValues, validateSimulation } from './ai-character-form.ts';

function SimulationReply({ simulation }: { simulation: Simulation }) {
  const { t } = useTranslation();
  const { meta } = simulation;
  return (
    <Paper withBorder radius="md" p="sm" mt="md" data-testid="simulation-reply">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {t('aiCharacter.simulator.response')}
        </Text>
        <CopyButton value={simulation.response} timeout={COPIED_FOR_MS}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="light"
              color={copied ? 'teal' : 'gray'}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              data-copied={copied}
            >
              {t(copied ? 'aiCharacter.simulator.copied' : 'aiCharacter.simulator.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="simulation-text"
      >
        {simulation.response}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {[
          t('aiCharacter.simulator.model', { model: meta.model }),
          t(`aiCharacter.simulator.modes.${meta.mode}`),
          t('aiCharacter.simulator.tokens', {
            prompt: meta.prompt_tokens,
            completion: meta.completion_tokens,
          }),
        ].join(' · ')}
      </Text>
      <Text size="sm" fw={600} mt="sm" mb={4}>
        {t('aiCharacter.simulator.passages')}
      </Text>
      {meta.passages.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('aiCharacter.simulator.noPassages')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="simulation-passages">
          {meta.passages.map((passage, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: passages have no id; their order is the answer's
            <Stack key={index} gap={2}>
              <Badge variant="light" tt="none" size="sm" maw="100%">
                {passage.knowledge}
              </Badge>
              <Text size="xs" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
                {passage.excerpt}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The Response Simulator (client-area §2): a saved category and a customer message in, the agent's
 * reply out, with a copy button and the knowledge passages it used.
 */
export function ResponseSimulator({ categories }: { categories: MessageCategory[] }) {
  const { t } = useTranslation();
  const simulate = useSimulate();
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [quotaMessage, setQuotaMessage] = useState<string | null>(null);
  const form = useForm<SimulationFormValues>({
    mode: 'controlled',
    initialValues: { category_id: null, message: '' },
    validate: (values) =>
      Object.fromEntries(Object.entries(validateSimulation(values)).map(([field, key]) => [field, t(key)])),
  });
  const length = form.values.message.trim().length;

  const submit = form.onSubmit(async (values) => {
    if (simulate.isPending) return;
    setQuotaMessage(null);
    try {
      const result = await simulate.mutateAsync({
        category_id: Number(values.category_id),
        message: values.message.trim(),
      });
      setSimulation(result.data);
      notify('success', result.message || t('aiCharacter.simulator.simulated'));
    } catch (error) {
      // 402: the month's AI quota is used up.
      if (error instanceof ApiError && error.status === 402) setQuotaMessage(error.message);
      if (error instanceof ApiError) {
        for (const field of ['category_id', 'message'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setFieldError(field, message);
        }
      }
      notify('error', errorMessage(error, t('aiCharacter.simulator.failed')));
    }
  });

  return (
    <Card withBorder radius="md" padding="md" data-testid="response-simulator">
      <Title order={4}>{t('aiCharacter.simulator.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('aiCharacter.simulator.hint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('aiCharacter.simulator.category')}
            placeholder={t('aiCharacter.simulator.categoryPlaceholder')}
            description={categories.length === 0 ? t('aiCharacter.simulator.noSavedCategories') : undefined}
            withAsterisk
            data={categories.map((category) => ({
              value: String(category.id),
              label: `${CATEGORY_ICON_EMOJI[category.icon]} ${category.title}`,
            }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category_id')}
          />
          <Textarea
            label={t('aiCharacter.simulator.message')}
            placeholder={t('aiCharacter.simulator.messagePlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            description={t('aiCharacter.characters', { count: length, max: SIMULATION_MESSAGE_MAX })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={simulate.isPending}>
              {t('aiCharacter.simulator.simulate')}
            </Button>
          </Group>
        </Stack>
      </form>
      {quotaMessage && (
        <Alert color="yellow" mt="sm" data-testid="ai-quota">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">{quotaMessage}</Text>
            <Button component={Link} to="/client/billing" size="xs" variant="light" color="yellow">
              {t('aiCharacter.simulator.upgrade')}
            </Button>
          </Group>
        </Alert>
      )}
      {simulation && <SimulationReply simulation={simulation} />}
    </Card>
  );
}
