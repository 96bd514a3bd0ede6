import { Alert, Badge, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { companyQuery, companySummaryQuery } from './companies.api.ts';
import './companies.i18n.ts';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '-' : value}
      </Text>
    </Stack>
  );
}

const date = (value: string) => dayjs(value).format('DD/MM/YYYY');

/** The company detail dialog: its fields and per-package usage (super-admin §2). */
export function CompanyDetailDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const company = useQuery(companyQuery(companyId));
  const summary = useQuery(companySummaryQuery(companyId));
  const failed = company.error ?? summary.error;

  return (
    <Modal opened onClose={onClose} title={t('companies.detailTitle')} size="lg">
      {failed ? (
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(failed) })}</Alert>
      ) : !company.data || !summary.data ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : (
        <Stack gap="md" data-testid="company-detail">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label={t('companies.companyName')} value={company.data.company_name} />
            <Field label={t('companies.industry')} value={company.data.industry} />
            <Field label={t('companies.city')} value={company.data.city} />
            <Field label={t('companies.status')} value={company.data.status} />
            <Field label={t('companies.contactEmail')} value={company.data.contact_email} />
            <Field label={t('companies.contactPhone')} value={company.data.contact_phone} />
            <Field label={t('companies.website')} value={company.data.website} />
            <Field label={t('companies.activeUsers')} value={company.data.active_users} />
          </SimpleGrid>
          <Field label={t('companies.address')} value={company.data.address} />
          <Group gap="lg">
            <Field label={t('companies.totalAi')} value={summary.data.total_ai_count} />
            <Field label={t('companies.totalWa')} value={summary.data.total_wa_count} />
          </Group>
          <Text fw={600}>{t('companies.packageUsage')}</Text>
          {summary.data.package_usages.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('companies.noUsage')}
            </Text>
          ) : (
            summary.data.package_usages.map((usage) => (
              <Card key={usage.id} withBorder padding="sm">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{usage.package.name}</Text>
                  <Badge color={usage.is_active ? 'teal' : 'gray'} variant="light">
                    {usage.is_active ? t('companies.usageActive') : t('companies.usageInactive')}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" mb="xs">
                  {t('companies.period')}: {date(usage.start_date)} – {date(usage.end_date)} ·{' '}
                  {t('companies.duration', { days: usage.package.duration_in_days })}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <Text size="sm">
                    {t('companies.aiUsage')}: {t('companies.used')} {usage.ai_usage_count} /{' '}
                    {t('companies.limit')} {usage.ai_usage_limit} · {t('companies.remaining')}{' '}
                    {usage.ai_usage_remain}
                  </Text>
                  <Text size="sm">
                    {t('companies.waUsage')}: {t('companies.used')} {usage.wa_message_count} /{' '}
                    {t('companies.limit')} {usage.wa_message_limit} · {t('companies.remaining')}{' '}
                    {usage.wa_message_remain}
                  </Text>
                </SimpleGrid>
              </Card>
            ))
          )}
        </Stack>
      )}
    </Modal>
  );
}
