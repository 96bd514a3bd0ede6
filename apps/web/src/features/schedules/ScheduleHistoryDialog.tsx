import type { Schedule } from '@app/contract/schedules';
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { notify } from '../../shared/notify/notify.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { HISTORY_SEARCH_DEBOUNCE_MS } from '../blasts/blasts.api.ts';
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
  const phone = useMediaQuery('(max-width: 36em)');
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const history = useScheduleHistory(page, search);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadScheduleHistory();
    } catch (error) {
      notify('error', errorMessage(error, t('schedules.failedDownload')));
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode;
  if (history.isError) {
    body = (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(history.error, t('errors.fetchList')) })}
      </Alert>
    );
  } else if (history.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={140} radius="md" />
        ))}
      </Stack>
    );
  } else if (history.data.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('schedules.history.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        {history.data.data.map((schedule) => (
          <HistoryCard key={schedule.id} schedule={schedule} onRecipients={() => onRecipients(schedule)} />
        ))}
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('schedules.history.title')}
      fullScreen={phone}
      centered
      size="xl"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('schedules.history.search')}
            aria-label={t('schedules.history.search')}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={() => void download()}
          >
            {t('schedules.history.download')}
          </Button>
        </Group>
        {body}
        <Pager
          page={page}
          totalPages={pageCount(history.data?.meta?.total ?? 0, SCHEDULES_PAGE_SIZE)}
          onChange={setPage}
        />
      </Stack>
    </Modal>
  );
}
