import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, percentOf } from '../format/percent.ts';
import './outbound.i18n.ts';

/** What a blast's or a schedule's `status_count` says of its recipients. */
export interface RecipientTally {
  total_recipients: number;
  success_count: number;
  failed_count: number;
}

/**
 * Total, successful and failed recipients, each with its share of the total to one decimal; a
 * `leading` count without a share (a schedule's executions) comes first. Each cell is
 * `${testIdPrefix}-${key}` for the tests.
 */
export function SendCounts({
  tally,
  testIdPrefix,
  leading,
}: {
  tally: RecipientTally;
  testIdPrefix: string;
  leading?: { key: string; label: string; value: number };
}) {
  const { t } = useTranslation();
  const { total_recipients: total, success_count: success, failed_count: failed } = tally;
  const cells: { key: string; label: string; value: number; percent: number | null; color?: string }[] = [
    ...(leading ? [{ ...leading, percent: null }] : []),
    { key: 'total', label: t('outbound.counts.total'), value: total, percent: total ? 100 : 0 },
    {
      key: 'successful',
      label: t('outbound.counts.successful'),
      value: success,
      percent: percentOf(success, total),
      color: 'teal',
    },
    {
      key: 'failed',
      label: t('outbound.counts.failed'),
      value: failed,
      percent: percentOf(failed, total),
      color: 'red',
    },
  ];
  return (
    <SimpleGrid cols={cells.length} spacing="xs">
      {cells.map((cell) => (
        <Stack key={cell.key} gap={0} miw={0} data-testid={`${testIdPrefix}-${cell.key}`}>
          <Text size="xs" c="dimmed" truncate>
            {cell.label}
          </Text>
          <Text fw={600} c={cell.color}>
            {cell.value.toLocaleString()}
          </Text>
          {cell.percent !== null && (
            <Text size="xs" c="dimmed">
              {formatPercent(cell.percent)}
            </Text>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A list card's title over its status badge and the integration it goes out through. */
export function SendCardHeading({
  title,
  badge,
  integrationName,
}: {
  title: string;
  badge: ReactNode;
  integrationName: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} miw={0}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Group gap="xs" wrap="wrap">
        {badge}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('outbound.integration', { name: integrationName })}
        </Text>
      </Group>
    </Stack>
  );
}
