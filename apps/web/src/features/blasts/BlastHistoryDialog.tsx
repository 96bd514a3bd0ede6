import type { Blast, BlastStatus } from '@app/contract/blasts';
import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockPlay, IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { HistoryDialog, useHistorySearch } from '../../shared/outbound/HistoryDialog.tsx';
import { SendCounts } from '../../shared/outbound/SendCardParts.tsx';
import { BlastProgress, BlastStatusBadge, STATUS_COLOR } from './BlastCard.tsx';
import { isInProgress } from './blast-form.ts';
import { BLASTS_PAGE_SIZE, downloadHistory, useBlastHistory } from './blasts.api.ts';
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
              {t('outbound.integration', { name: blast.integration_name })} ·{' '}
              {t(blast.completed_at ? 'blasts.history.completedAt' : 'blasts.card.created', { time })}
            </Text>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {blast.message}
            </Text>
          </Stack>
        </Group>
        {isInProgress(blast.status) && <BlastProgress blast={blast} />}
        <SendCounts tally={blast.status_count} testIdPrefix="blast" />
      </Stack>
    </Card>
  );
}

/** Message Blast History (client-area §2): completed blasts, title search, the Excel download. */
export function BlastHistoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const search = useHistorySearch();
  const history = useBlastHistory(search.page, search.search, true);
  return (
    <HistoryDialog
      title={t('blasts.history.title')}
      empty={t('blasts.history.empty')}
      history={history}
      search={search}
      pageSize={BLASTS_PAGE_SIZE}
      skeletonHeight={120}
      download={downloadHistory}
      onClose={onClose}
    >
      {(blast) => <HistoryCard key={blast.id} blast={blast} />}
    </HistoryDialog>
  );
}
