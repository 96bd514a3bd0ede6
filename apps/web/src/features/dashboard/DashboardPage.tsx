import '@mantine/charts/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import { LineChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconBook,
  IconCalendarEvent,
  IconCalendarTime,
  IconMessage,
  IconPlugConnected,
  IconRefresh,
  IconSpeakerphone,
  IconTicket,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, FALLBACK_ERROR } from '../../shared/api/client.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import {
  dashboardQueryKey,
  type StatisticsSummary,
  type TrendPoint,
  type TrendRange,
  useStatistics,
  useTrend,
} from './dashboard.api.ts';
import {
  allWidgets,
  CHART_WIDGETS,
  loadWidgetChoice,
  METRIC_WIDGETS,
  saveWidgetChoice,
  type WidgetChoice,
  type WidgetId,
} from './dashboard-widgets.ts';
import './dashboard.i18n.ts';

const METRIC_ICONS: Record<keyof StatisticsSummary, ReactNode> = {
  total_chats: <IconMessage size={22} />,
  total_blasts: <IconSpeakerphone size={22} />,
  total_knowledge: <IconBook size={22} />,
  total_tickets: <IconTicket size={22} />,
  total_integrations: <IconPlugConnected size={22} />,
  total_schedulings: <IconCalendarTime size={22} />,
};
const CHART_COLORS = {
  chats: 'blue.6',
  blasts: 'grape.6',
  knowledge: 'teal.6',
  tickets: 'orange.6',
} as const;

/** The server's own message when it gave one, under the spec's fallback title. */
function FailureAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof ApiError && error.message !== FALLBACK_ERROR ? error.message : null;
  return (
    <Alert color="red" title={title} role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{detail}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

function MetricCard({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid="metric-card" role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={32} w={64} />
          ) : (
            <Text fz={28} fw={700} lh={1.15} data-testid="metric-value">
              {value.toLocaleString('id-ID')}
            </Text>
          )}
        </Stack>
        <Center c="blue" aria-hidden>
          {icon}
        </Center>
      </Group>
    </Card>
  );
}

function TrendCard({
  label,
  points,
  color,
  loading,
}: {
  label: string;
  points: TrendPoint[] | undefined;
  color: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const empty = points?.every((point) => point.count === 0) ?? false;
  return (
    <Card withBorder padding="md" data-testid="trend-card" role="group" aria-label={label}>
      <Text fw={600} mb="sm">
        {label}
      </Text>
      {loading || points === undefined ? (
        <Skeleton h={220} />
      ) : empty ? (
        <Center h={220}>
          <Text c="dimmed" size="sm">
            {t('dashboard.noTrendData')}
          </Text>
        </Center>
      ) : (
        <LineChart
          h={220}
          data={points.map((point) => ({ date: dayjs(point.date).format('DD/MM'), count: point.count }))}
          dataKey="date"
          series={[{ name: 'count', label: t('dashboard.count'), color }]}
          curveType="monotone"
          withDots={points.length <= 31}
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false, width: 40 }}
        />
      )}
    </Card>
  );
}

function CustomizeDialog({
  opened,
  choice,
  onChange,
  onClose,
}: {
  opened: boolean;
  choice: WidgetChoice;
  onChange: (choice: WidgetChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toggle = (id: WidgetId, shown: boolean) => onChange({ ...choice, [id]: shown });
  const group = (title: string, widgets: readonly { id: WidgetId; label: string }[]) => (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {widgets.map((widget) => (
        <Checkbox
          key={widget.id}
          label={t(widget.label)}
          checked={choice[widget.id]}
          onChange={(event) => toggle(widget.id, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('dashboard.customizeTitle')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('dashboard.customizeHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {group(t('dashboard.metrics'), METRIC_WIDGETS)}
          {group(t('dashboard.charts'), CHART_WIDGETS)}
        </SimpleGrid>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => onChange(allWidgets())}>
            {t('dashboard.showAll')}
          </Button>
          <Button onClick={onClose}>{t('dashboard.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Client dashboard (client-area §2): six metric cards and four trends, refreshed every 30 s. */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('pages.dashboard')} · AI Admin`);
  const { can } = usePermissions();
  const allowed = can('dashboard_read');
  const client = useQueryClient();
  const [choice, setChoice] = useState<WidgetChoice>(loadWidgetChoice);
  const [customizing, setCustomizing] = useState(false);
  const [range, setRange] = useState<TrendRange>(null);
  // The picker's own value while a range is being chosen (the first click gives only the start).
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const statistics = useStatistics(allowed);
  const trend = useTrend(range, allowed);

  const changeChoice = (next: WidgetChoice) => {
    setChoice(next);
    saveWidgetChoice(next);
  };

  const metrics = METRIC_WIDGETS.filter((widget) => choice[widget.id]);
  const charts = CHART_WIDGETS.filter((widget) => choice[widget.id]);
  const shownRange: [string | null, string | null] =
    picking ??
    (range
      ? [range.start, range.end]
      : trend.data
        ? [trend.data.start_date, trend.data.end_date]
        : [null, null]);

  const header = (
    <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
      <Title order={2}>{t('pages.dashboard')}</Title>
      {allowed && (
        <Group gap="xs" wrap="wrap">
          <DatePickerInput
            type="range"
            aria-label={t('dashboard.dateRange')}
            placeholder={t('dashboard.dateRangePlaceholder')}
            leftSection={<IconCalendarEvent size={16} />}
            valueFormat="DD/MM/YYYY"
            value={shownRange}
            maxDate={dayjs().format('YYYY-MM-DD')}
            onChange={(value) => {
              const [start, end] = value;
              if (start && end) {
                setPicking(null);
                setRange({ start: dayjs(start).format('YYYY-MM-DD'), end: dayjs(end).format('YYYY-MM-DD') });
              } else {
                setPicking([start ? dayjs(start).format('YYYY-MM-DD') : null, null]);
              }
            }}
            onDropdownClose={() => setPicking(null)}
            miw={220}
          />
          <Tooltip label={t('dashboard.refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('dashboard.refresh')}
              onClick={() => void client.invalidateQueries({ queryKey: dashboardQueryKey })}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            onClick={() => setCustomizing(true)}
          >
            {t('dashboard.customize')}
          </Button>
        </Group>
      )}
    </Group>
  );

  if (!allowed) {
    return (
      <>
        {header}
        <Alert color="red" title={t('toast.permissionDenied')}>
          {t('dashboard.denied')}
        </Alert>
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="md">
        {metrics.length > 0 &&
          (statistics.isError && !statistics.data ? (
            <FailureAlert
              title={t('dashboard.statisticsFailed')}
              error={statistics.error}
              onRetry={() => void statistics.refetch()}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {metrics.map((widget) => (
                <MetricCard
                  key={widget.id}
                  label={t(widget.label)}
                  value={statistics.data?.[widget.id]}
                  icon={METRIC_ICONS[widget.id]}
                />
              ))}
            </SimpleGrid>
          ))}
        {charts.length > 0 &&
          (trend.isError && !trend.data ? (
            <FailureAlert
              title={t('dashboard.trendFailed')}
              error={trend.error}
              onRetry={() => void trend.refetch()}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {charts.map((widget) => (
                <TrendCard
                  key={widget.id}
                  label={t(widget.label)}
                  points={trend.data?.[widget.type]}
                  color={CHART_COLORS[widget.type]}
                  loading={trend.isPending}
                />
              ))}
            </SimpleGrid>
          ))}
        {metrics.length === 0 && charts.length === 0 && (
          <Center mih="30vh">
            <Text c="dimmed">{t('dashboard.noWidgets')}</Text>
          </Center>
        )}
      </Stack>
      <CustomizeDialog
        opened={customizing}
        choice={choice}
        onChange={changeChoice}
        onClose={() => setCustomizing(false)}
      />
    </>
  );
}
