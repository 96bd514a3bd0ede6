import type { Invoice } from '@app/contract/billing';
import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconFileInvoice } from '@tabler/icons-react';
import { formatRupiah } from '../../shared/format/money.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { formatBillingDate } from './billing-format.ts';

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** 'Menunggu Pembayaran' (client-area §2): the invoice awaiting payment, with 'Detail Invoice'. */
export function PendingInvoiceCard({ invoice, onDetail }: { invoice: Invoice; onDetail: () => void }) {
  const { t } = useBillingTranslation();
  const locale = t('billing.locale');
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="pending-invoice"
      style={{ borderColor: 'var(--mantine-color-yellow-filled)' }}
    >
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon color="yellow" variant="light" size="lg" radius="xl">
          <IconClockHour4 size={18} />
        </ThemeIcon>
        <Stack gap={0}>
          <Title order={4}>{t('billing.pendingTitle')}</Title>
          <Text size="xs" c="dimmed">
            {t('billing.pendingHint')}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Field label={t('billing.invoiceNumber')} value={invoice.invoice_number} testId="pending-number" />
        <Field label={t('billing.package')} value={invoice.package.name} />
        <Field label={t('billing.createdAt')} value={formatBillingDate(invoice.created_at, locale)} />
        <Field label={t('billing.dueAt')} value={formatBillingDate(invoice.expired_at, locale)} />
      </SimpleGrid>
      <Divider my="sm" />
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm">{t('billing.packagePrice')}</Text>
          <Text size="sm">{formatRupiah(invoice.package_amount)}</Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('billing.adminFeeWithChannel', { channel: invoice.payment_channel.name })}</Text>
          <Text size="sm">{formatRupiah(invoice.admin_fee)}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>{t('billing.total')}</Text>
          <Text fw={700} data-testid="pending-total">
            {formatRupiah(invoice.amount)}
          </Text>
        </Group>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="light" leftSection={<IconFileInvoice size={16} />} onClick={onDetail}>
          {t('billing.invoiceDetail')}
        </Button>
      </Group>
    </Card>
  );
}
