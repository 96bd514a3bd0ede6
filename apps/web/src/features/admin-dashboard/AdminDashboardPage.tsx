import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuilding,
  IconCash,
  IconHeartbeat,
  IconUserCheck,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { formatFileSize } from '../../shared/format/file-size.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { useAdminStatistics, useClientStatistics, useSystemHealth } from './admin-dashboard.api.ts';
import './admin-dashboard.i18n.ts';

function StatCard({
  label,
  value,
  icon: Icon,
  error,
}: {
  label: string;
  value: string | number | undefined;
  icon: TablerIcon;
  error?: string;
}) {
  return (
    <Card withBorder padding="md" data-testid="stat-card">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {error ? (
            <Text size="sm" c="red">
              {error}
            </Text>
          ) : (
            <Text size="xl" fw={700} aria-label={label}>
              {value ?? '…'}
            </Text>
          )}
        </Stack>
        <Icon size={28} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
      </Group>
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={`health-${label}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** The super-admin dashboard: platform figures (revenue in rupiah, not '$') and the server's real health. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const billing = useAdminStatistics();
  const clients = useClientStatistics();
  const health = useSystemHealth();
  const billingError = billing.isError
    ? errorMessage(billing.error, t('adminDashboard.statsFailed'))
    : undefined;
  const clientError = clients.isError
    ? errorMessage(clients.error, t('adminDashboard.clientStatsFailed'))
    : undefined;
  const h = health.data;
  const uptime = h
    ? t('adminDashboard.uptimeValue', {
        days: Math.floor(h.uptime_seconds / 86400),
        hours: Math.floor((h.uptime_seconds % 86400) / 3600),
        minutes: Math.floor((h.uptime_seconds % 3600) / 60),
      })
    : '';
  const latest = billing.data?.monthly_revenue.at(-1);

  return (
    <>
      <PageTitle>{t('pages.superDashboard')}</PageTitle>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label={t('adminDashboard.totalCompanies')}
          value={clients.data?.total_companies}
          icon={IconBuilding}
          error={clientError}
        />
        <StatCard
          label={t('adminDashboard.activeCustomers')}
          value={billing.data?.active_customers}
          icon={IconUserCheck}
          error={billingError}
        />
        <StatCard
          label={t('adminDashboard.totalUsers')}
          value={clients.data?.total_users}
          icon={IconUsers}
          error={clientError}
        />
        <StatCard
          label={t('adminDashboard.totalRevenue')}
          value={billing.data ? formatRupiah(billing.data.total_revenue) : undefined}
          icon={IconCash}
          error={billingError}
        />
      </SimpleGrid>
      {latest && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('adminDashboard.monthlyRevenue')}: {latest.month} · {formatRupiah(latest.revenue)}
          {latest.growth !== null && ` · ${t('adminDashboard.growth', { value: latest.growth.toFixed(1) })}`}
        </Text>
      )}
      <Card withBorder padding="md" mt="md" data-testid="system-health">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <IconHeartbeat size={20} aria-hidden />
            <Title order={4}>{t('adminDashboard.systemHealth')}</Title>
          </Group>
          {h && (
            <Badge color={h.status === 'Healthy' ? 'teal' : 'orange'} variant="light" tt="none">
              {h.status === 'Healthy' ? t('adminDashboard.healthy') : t('adminDashboard.degraded')}
            </Badge>
          )}
        </Group>
        {health.isError ? (
          <Alert color="red">{t('errors.withMessage', { message: errorMessage(health.error) })}</Alert>
        ) : !h ? (
          <Text c="dimmed">{t('app.loading')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
            <Metric label={t('adminDashboard.uptime')} value={uptime} />
            <Metric label={t('adminDashboard.cpu')} value={`${h.cpu_percent.toFixed(1)}%`} />
            <Metric
              label={t('adminDashboard.memory')}
              value={t('adminDashboard.memoryValue', {
                used: formatFileSize(h.memory.system_total_bytes - h.memory.system_free_bytes),
                total: formatFileSize(h.memory.system_total_bytes),
              })}
            />
            <Metric label={t('adminDashboard.connections')} value={String(h.websocket_connections)} />
            <Metric
              label={t('adminDashboard.database')}
              value={
                h.database.reachable
                  ? t('adminDashboard.reachable', { ms: h.database.latency_ms ?? 0 })
                  : t('adminDashboard.unreachable')
              }
            />
          </SimpleGrid>
        )}
      </Card>
    </>
  );
}
