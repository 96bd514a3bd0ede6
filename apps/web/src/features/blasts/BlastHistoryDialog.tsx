import type { Blast, BlastStatus } from '@app/contract/blasts';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconCircleCheck,
  IconCircleX,
  IconClockPlay,
  IconDownload,
  IconPlayerPause,
  IconSearch,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { notify } from '../../shared/notify/notify.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { BlastCounts, BlastProgress, BlastStatusBadge, STATUS_COLOR } from './BlastCard.tsx';
import { isInProgress } from './blast-form.ts';
import {
  BLASTS_PAGE_SIZE,
  downloadHistory,
  HISTORY_SEARCH_DEBOUNCE_MS,
  useBlastHistory,
} from './blasts.api.ts';
import './blasts.i18n.ts';

const STATUS_ICON: Partial<Record<BlastStatus, typeof IconCircleCheck>> = {
  completed: IconCircleCheck,
  failed: IconCircleX,
  paused: IconPlayerPause,
};

function HistoryCard({ blast }: { blast: Blast }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICON[blast.status] ?? IconClockPlay;
  const time = relativeTime(blast.completed_at ?? blast.created_at, new Date(), (unit, count) =>
    t(`time.${unit}`, { count }),
  );
  return (
    <Card withBorder radius="md" padding="sm" data-testid="history-card" data-status={blast.status}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={STATUS_COLOR[blast.status]} radius="xl" size="lg">
            <Icon size={18} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {blast.title}
              </Text>
              <BlastStatusBadge status={blast.status} />
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('blasts.card.integration', { name: blast.integration_name })} ·{' '}
              {t(blast.completed_at ? 'blasts.history.completedAt' : 'blasts.card.created', { time })}
            </Text>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {blast.message}
            </Text>
          </Stack>
        </Group>
        {isInProgress(blast.status) && <BlastProgress blast={blast} />}
        <BlastCounts blast={blast} />
      </Stack>
    </Card>
  );
}

/** Message Blast History (client-area §2): completed blasts, title search, the Excel download. */
export function BlastHistoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const history = useBlastHistory(page, search, true);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadHistory();
    } catch (error) {
      notify('error', errorMessage(error, t('blasts.failedDownload')));
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
          <Skeleton key={n} h={120} radius="md" />
        ))}
      </Stack>
    );
  } else if (history.data.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('blasts.history.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        {history.data.data.map((blast) => (
          <HistoryCard key={blast.id} blast={blast} />
        ))}
      </Stack>
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('blasts.history.title')} fullScreen={phone} centered size="xl">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('blasts.history.search')}
            aria-label={t('blasts.history.search')}
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
            {t('blasts.history.download')}
          </Button>
        </Group>
        {body}
        <Pager
          page={page}
          totalPages={pageCount(history.data?.meta?.total ?? 0, BLASTS_PAGE_SIZE)}
          onChange={setPage}
        />
      </Stack>
    </Modal>
  );
}
