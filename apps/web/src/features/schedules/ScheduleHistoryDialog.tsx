import type { Schedule } from '@app/contract/schedules';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { HistoryDialog, useHistorySearch } from '../../shared/outbound/HistoryDialog.tsx';
import { RecipientsLink, ScheduleCounts, ScheduleStatusBadge, useRepeatLabel } from './ScheduleCard.tsx';
import { downloadScheduleHistory, SCHEDULES_PAGE_SIZE, useScheduleHistory } from './schedules.api.ts';
import './schedules.i18n.ts';

function HistoryCard({ schedule, onRecipients }: { schedule: Schedule; onRecipients: () => void }) {
  const { t } = useTranslation();
  const repeatLabel = useRepeatLabel();
  const created = relativeTime(schedule.created_at, new Date(), (unit, count) =>
    t(`time.${unit}`, { count }),
  );
  return (
    <Card withBorder radius="md" padding="sm" data-testid="history-card" data-status={schedule.status}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {schedule.title}
          </Text>
          <ScheduleStatusBadge status={schedule.status} />
        </Group>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {schedule.description}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('schedules.card.created', { time: created })} · {repeatLabel(schedule)} ·{' '}
            {t('schedules.card.recipients')}:
          </Text>
          <RecipientsLink schedule={schedule} onOpen={onRecipients} />
        </Group>
        <ScheduleCounts schedule={schedule} />
      </Stack>
    </Card>
  );
}

/** Schedule History (client-area §2): completed schedules, title search, the Excel download. */
export function ScheduleHistoryDialog({
  onClose,
  onRecipients,
}: {
  onClose: () => void;
  onRecipients: (schedule: Schedule) => void;
}) {
  const { t } = useTranslation();
  const search = useHistorySearch();
  const history = useScheduleHistory(search.page, search.search);
  return (
    <HistoryDialog
      title={t('schedules.history.title')}
      empty={t('schedules.history.empty')}
      history={history}
      search={search}
      pageSize={SCHEDULES_PAGE_SIZE}
      skeletonHeight={140}
      download={downloadScheduleHistory}
      onClose={onClose}
    >
      {(schedule) => (
        <HistoryCard key={schedule.id} schedule={schedule} onRecipients={() => onRecipients(schedule)} />
      )}
    </HistoryDialog>
  );
}
