import type { BillingPackage, Invoice, PaymentChannel } from '@app/contract/billing';
import { Alert, Button, Divider, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notify/notify.ts';
import { useUpgrade } from './billing.api.ts';
import { formatCount, totalOf } from './billing-format.ts';

/** The price a person will pay for a package through a channel, or null until both are chosen. */
export function breakdownOf(pkg: BillingPackage | undefined, channel: PaymentChannel | undefined) {
  if (!pkg || !channel) return null;
  const adminFee = Math.round(channel.admin_fee);
  return { packagePrice: pkg.price, adminFee, total: totalOf(pkg.price, adminFee) };
}

/**
 * Choose a package, then an active channel, then 'Lanjutkan Pembayaran' (client-area §2, §4, §5:
 * the button stays disabled until both are chosen). Used on the page without a billing summary and
 * in the 'Upgrade Paket' dialog.
 */
export function PurchaseForm({
  packages,
  channels,
  initialPackageId,
  onCreated,
  onCancel,
  compact,
}: {
  packages: BillingPackage[];
  channels: PaymentChannel[];
  initialPackageId?: number;
  onCreated: (invoice: Invoice) => void;
  onCancel?: () => void;
  compact?: boolean;
}) {
  const { t } = useBillingTranslation();
  const locale = t('billing.locale');
  const [packageId, setPackageId] = useState<string | null>(
    initialPackageId && packages.some((item) => item.id === initialPackageId)
      ? String(initialPackageId)
      : null,
  );
  const [channelId, setChannelId] = useState<string | null>(null);
  const upgrade = useUpgrade();
  const pkg = packages.find((item) => String(item.id) === packageId);
  const channel = channels.find((item) => String(item.id) === channelId);
  const breakdown = breakdownOf(pkg, channel);

  const submit = () => {
    if (!pkg || !channel || upgrade.isPending) return;
    upgrade.mutate(
      { package_id: pkg.id, payment_channel_id: channel.id },
      {
        onSuccess: (result) => {
          if (result.message) notify('success', result.message, t('billing.success'));
          onCreated(result.data);
        },
      },
    );
  };

  const cols = compact ? { base: 1, xs: 2 } : { base: 1, xs: 2, md: 3 };

  return (
    <Stack gap="lg">
      <Radio.Group
        value={packageId}
        onChange={setPackageId}
        label={<Title order={4}>{t('billing.choosePackage')}</Title>}
      >
        {packages.length === 0 ? (
          <Text c="dimmed" size="sm" mt="xs">
            {t('billing.noPackages')}
          </Text>
        ) : (
          <SimpleGrid cols={cols} mt="xs" spacing="sm">
            {packages.map((item) => (
              <Radio.Card key={item.id} value={String(item.id)} p="md" radius="md" aria-label={item.name}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <Stack gap={2} miw={0}>
                    <Text fw={700}>{item.name}</Text>
                    <Text fw={600} c="blue">
                      {item.price === 0 ? t('billing.free') : formatRupiah(item.price)}
                      {item.price > 0 && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {t('billing.perMonth')}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {item.description}
                    </Text>
                    <Text size="xs">
                      {t('billing.waLimit', { count: formatCount(item.wa_message_limit, locale) })}
                    </Text>
                    <Text size="xs">
                      {t('billing.aiLimit', { count: formatCount(item.ai_usage_limit, locale) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('billing.perDays', { days: item.duration_in_days })}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        )}
      </Radio.Group>

      <Radio.Group
        value={channelId}
        onChange={setChannelId}
        label={<Title order={4}>{t('billing.choosePaymentMethod')}</Title>}
      >
        {channels.length === 0 ? (
          <Text c="dimmed" size="sm" mt="xs">
            {t('billing.noChannels')}
          </Text>
        ) : (
          <SimpleGrid cols={cols} mt="xs" spacing="sm">
            {channels.map((item) => (
              <Radio.Card key={item.id} value={String(item.id)} p="sm" radius="md" aria-label={item.name}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Stack gap={0} miw={0}>
                    <Text fw={600} size="sm">
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('billing.adminFeeOf', { amount: formatRupiah(item.admin_fee) })}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        )}
      </Radio.Group>

      {breakdown && pkg && channel && (
        <Paper withBorder p="md" radius="md" data-testid="price-breakdown">
          <Text fw={600} size="sm" mb="xs">
            {t('billing.breakdown')}
          </Text>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">
                {t('billing.packagePrice')} ({pkg.name})
              </Text>
              <Text size="sm">{formatRupiah(breakdown.packagePrice)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('billing.adminFeeWithChannel', { channel: channel.name })}</Text>
              <Text size="sm">{formatRupiah(breakdown.adminFee)}</Text>
            </Group>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>{t('billing.total')}</Text>
              <Text fw={700} data-testid="price-total">
                {formatRupiah(breakdown.total)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      )}

      {upgrade.isError && <Alert color="red">{errorMessage(upgrade.error)}</Alert>}

      <Group justify="flex-end" gap="xs">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('billing.cancel')}
          </Button>
        )}
        <Button onClick={submit} disabled={!pkg || !channel} loading={upgrade.isPending}>
          {t('billing.proceedPayment')}
        </Button>
      </Group>
    </Stack>
  );
}
