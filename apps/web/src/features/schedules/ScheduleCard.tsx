import type { Schedule, ScheduleStatus } from '@app/contract/schedules';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCardHeading, SendCounts } from '../../shared/outbound/SendCardParts.tsx';
import { formatRunTime, toggledStatus } from './schedule-form.ts';
import './schedules.i18n.ts';

const STATUS_COLOR: Record<ScheduleStatus, string> = {
  pending: 'violet',
  active: 'teal',
  running: 'blue',
  paused: 'yellow',
  inactive: 'gray',
  completed: 'green',
};

export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none" data-testid="schedule-status">
      {t(`schedules.statuses.${status}`)}
    </Badge>
  );
}

/** 'Once', 'Weekly on Monday', 'Monthly on day 5', 'Yearly'. */
export function useRepeatLabel() {
  const { t } = useTranslation();
  return (schedule: Pick<Schedule, 'schedule_type' | 'repeat_type' | 'day'>) => {
    if (schedule.schedule_type === 'once' || !schedule.repeat_type) return t('schedules.repeat.once');
    const day =
      schedule.repeat_type === 'weekly' && schedule.day
        ? t(`schedules.weekdays.${schedule.day}`)
        : schedule.day;
    return t(`schedules.repeat.${schedule.repeat_type}`, { day });
  };
}

/** Runs, and the recipients they went to: total, successful and failed with their shares. */
export function ScheduleCounts({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  return (
    <SendCounts
      tally={schedule.status_count}
      testIdPrefix="schedule"
      leading={{
        key: 'executions',
        label: t('schedules.card.executions'),
        value: schedule.status_count.executions,
      }}
    />
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The recipients count, opening the recipients view; 'All contacts' for schedules that take them all. */
export function RecipientsLink({ schedule, onOpen }: { schedule: Schedule; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={500}
      onClick={onOpen}
      aria-label={t('schedules.card.showRecipients', { title: schedule.title })}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconUsers size={14} aria-hidden />
        {schedule.recipent_type === 'all_contact'
          ? t('schedules.card.allContacts')
          : schedule.recipients_count.toLocaleString()}
      </Group>
    </Anchor>
  );
}

/** One schedule of the list (client-area §2) with its toggle, edit and delete. */
export function ScheduleCard({
  schedule,
  toggling,
  onToggle,
  onEdit,
  onDelete,
  onRecipients,
}: {
  schedule: Schedule;
  toggling: boolean;
  onToggle: (status: 'active' | 'running') => void;
  onEdit: () => void;
  onDelete: () => void;
  onRecipients: () => void;
}) {
  const { t } = useTranslation();
  const repeatLabel = useRepeatLabel();
  const next = toggledStatus(schedule.status);
  const toggleLabel = t(next === 'active' ? 'schedules.card.toActive' : 'schedules.card.toRunning', {
    title: schedule.title,
  });
  const editLabel = t('schedules.card.edit', { title: schedule.title });
  const deleteLabel = t('schedules.card.delete', { title: schedule.title });
  return (
    <Card withBorder radius="md" padding="md" data-testid="schedule-card" data-status={schedule.status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <SendCardHeading
            title={schedule.title}
            badge={<ScheduleStatusBadge status={schedule.status} />}
            integrationName={schedule.integration_name}
          />
          <Group gap={6} wrap="nowrap">
            <Tooltip label={toggleLabel} withinPortal>
              <Switch
                checked={schedule.status === 'running'}
                disabled={toggling}
                onChange={() => onToggle(next)}
                aria-label={toggleLabel}
                data-testid="schedule-toggle"
              />
            </Tooltip>
            <Tooltip label={editLabel} withinPortal>
              <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={deleteLabel} withinPortal>
              <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {schedule.description}
        </Text>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Fact label={t('schedules.card.schedule')} testId="schedule-repeat">
            {repeatLabel(schedule)}
          </Fact>
          <Fact label={t('schedules.card.nextRun')} testId="schedule-next-run">
            {formatRunTime(schedule.next_run_at) ?? t('schedules.card.none')}
          </Fact>
          <Fact label={t('schedules.card.recipients')} testId="schedule-recipients">
            <RecipientsLink schedule={schedule} onOpen={onRecipients} />
          </Fact>
          <Fact label={t('schedules.card.lastSent')} testId="schedule-last-sent">
            {formatRunTime(schedule.last_run_at) ?? t('schedules.card.never')}
          </Fact>
        </SimpleGrid>
        <ScheduleCounts schedule={schedule} />
      </Stack>
    </Card>
  );
}
