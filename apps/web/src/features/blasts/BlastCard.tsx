import type { Blast, BlastStatus } from '@app/contract/blasts';
import { ActionIcon, Badge, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../shared/format/percent.ts';
import { SendCardHeading, SendCounts } from '../../shared/outbound/SendCardParts.tsx';
import { handledCount, toggledStatus } from './blast-form.ts';
import './blasts.i18n.ts';

export const STATUS_COLOR: Record<BlastStatus, string> = {
  running: 'blue',
  in_progress: 'blue',
  paused: 'yellow',
  failed: 'red',
  completed: 'teal',
  active: 'teal',
  inactive: 'gray',
};

export function BlastStatusBadge({ status }: { status: BlastStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none" data-testid="blast-status">
      {t(`blasts.statuses.${status}`)}
    </Badge>
  );
}

/** How far a blast got: the percentage, a bar and handled/total. */
export function BlastProgress({ blast }: { blast: Blast }) {
  const { t } = useTranslation();
  const percent = blast.status_count.send_percentage;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('blasts.card.progress')}
        </Text>
        <Text size="sm" fw={600} data-testid="blast-progress">
          {formatPercent(percent)}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={STATUS_COLOR[blast.status]}
        animated={blast.status === 'running'}
        aria-label={t('blasts.card.progress')}
      />
      <Text size="xs" c="dimmed" data-testid="blast-sent">
        {t('blasts.card.sentOfTotal', {
          sent: handledCount(blast).toLocaleString(),
          total: blast.status_count.total_recipients.toLocaleString(),
        })}
      </Text>
    </Stack>
  );
}

/** One of the Running Blasts (client-area §2) with its pause/resume toggle. */
export function BlastCard({
  blast,
  toggling,
  onToggle,
}: {
  blast: Blast;
  toggling: boolean;
  onToggle: (status: 'running' | 'paused') => void;
}) {
  const { t } = useTranslation();
  const next = toggledStatus(blast.status);
  const toggleLabel = t(next === 'paused' ? 'blasts.card.pause' : 'blasts.card.resume', {
    title: blast.title,
  });
  return (
    <Card withBorder radius="md" padding="md" data-testid="blast-card" data-status={blast.status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <SendCardHeading
            title={blast.title}
            badge={<BlastStatusBadge status={blast.status} />}
            integrationName={blast.integration_name}
          />
          <Tooltip label={toggleLabel} withinPortal>
            <ActionIcon
              variant="light"
              size="lg"
              color={next === 'paused' ? 'yellow' : 'blue'}
              aria-label={toggleLabel}
              loading={toggling}
              onClick={() => onToggle(next)}
            >
              {next === 'paused' ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {blast.message}
        </Text>
        {blast.status_reason && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="blast-reason">
            <IconAlertTriangle
              size={16}
              color="var(--mantine-color-orange-filled)"
              style={{ flexShrink: 0 }}
            />
            <Text size="xs" c="orange">
              {blast.status_reason}
            </Text>
          </Group>
        )}
        <BlastProgress blast={blast} />
        <SendCounts tally={blast.status_count} testIdPrefix="blast" />
      </Stack>
    </Card>
  );
}
