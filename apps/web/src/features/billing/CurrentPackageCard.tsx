import type { BillingCurrent, PackageUsage } from '@app/contract/billing';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowUpRight, IconCreditCard } from '@tabler/icons-react';
import { formatRupiah } from '../../shared/format/money.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { formatBillingDate, formatCount, usagePercent } from './billing-format.ts';

function UsageBar({
  label,
  used,
  limit,
  remain,
  testId,
}: {
  label: string;
  used: number;
  limit: number;
  remain: number;
  testId: string;
}) {
  const { t } = useBillingTranslation();
  const locale = t('billing.locale');
  const percent = usagePercent(used, limit);
  const color = percent >= 90 ? 'red' : percent >= 70 ? 'yellow' : 'blue';
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t('billing.percentUsed', { percent: formatCount(percent, locale) })}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="lg" radius="xl" aria-label={label} />
      <Group justify="space-between" gap="xs">
        <Text size="xs">
          {t('billing.used', { used: formatCount(used, locale), limit: formatCount(limit, locale) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('billing.remaining', { remain: formatCount(remain, locale) })}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * 'Paket Saat Ini' (client-area §2): the package in force with its monthly price, the WhatsApp and
 * AI usage bars and the period; 'Upgrade Paket' and 'Bayar Sekarang' when they apply.
 */
export function CurrentPackageCard({
  current,
  usage,
  canUpgrade,
  showPayNow,
  onUpgrade,
  onPayNow,
}: {
  current: BillingCurrent;
  usage: PackageUsage | null;
  canUpgrade: boolean;
  showPayNow: boolean;
  onUpgrade: () => void;
  onPayNow: () => void;
}) {
  const { t } = useBillingTranslation();
  const locale = t('billing.locale');
  const next = current.queued_packages[0];

  return (
    <Card withBorder radius="md" padding="lg" data-testid="current-package">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {t('billing.currentPackage')}
          </Text>
          {usage ? (
            <>
              <Title order={3}>{usage.package.name}</Title>
              <Text fw={600} c="blue">
                {usage.package.price === 0 ? t('billing.free') : formatRupiah(usage.package.price)}
                {usage.package.price > 0 && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    {t('billing.perMonth')}
                  </Text>
                )}
              </Text>
            </>
          ) : (
            <>
              <Title order={3}>{t('billing.noActivePackage')}</Title>
              <Text size="sm" c="dimmed">
                {t('billing.noActivePackageHint')}
              </Text>
            </>
          )}
        </Stack>
        <Group gap="xs">
          {showPayNow && (
            <Button color="orange" leftSection={<IconCreditCard size={16} />} onClick={onPayNow}>
              {t('billing.payNow')}
            </Button>
          )}
          {canUpgrade && (
            <Button leftSection={<IconArrowUpRight size={16} />} onClick={onUpgrade}>
              {t('billing.upgrade')}
            </Button>
          )}
        </Group>
      </Group>
      {usage && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <UsageBar
              testId="usage-wa"
              label={t('billing.waUsage')}
              used={usage.wa_message_count}
              limit={usage.wa_message_limit}
              remain={usage.wa_message_remain}
            />
            <UsageBar
              testId="usage-ai"
              label={t('billing.aiUsage')}
              used={usage.ai_usage_count}
              limit={usage.ai_usage_limit}
              remain={usage.ai_usage_remain}
            />
          </SimpleGrid>
          <Group gap="xs" mt="md">
            <Text size="sm" c="dimmed">
              {t('billing.period')}:
            </Text>
            <Text size="sm" fw={500} data-testid="period">
              {t('billing.periodRange', {
                start: formatBillingDate(usage.start_date, locale, false),
                end: formatBillingDate(usage.end_date, locale, false),
              })}
            </Text>
          </Group>
          {next && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('billing.nextPackage', {
                name: next.package.name,
                date: formatBillingDate(next.start_date, locale, false),
              })}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
