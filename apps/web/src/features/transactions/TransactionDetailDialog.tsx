import type { Invoice } from '@app/contract/billing';
import { Alert, Badge, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { useTransaction } from './transactions.api.ts';
import { formatTransactionDate, transactionStatusColor } from './transactions-format.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * A transaction's details (super-admin §2, §4): status in upper case; the paid date only when
 * PAID and the expired date only when EXPIRED, otherwise a dash.
 */
export function TransactionDetailDialog({
  transaction,
  onClose,
}: {
  transaction: Invoice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = t('transactions.locale');
  const query = useTransaction(transaction?.id ?? null, transaction ?? undefined);
  const item = query.data;

  return (
    <Modal opened={transaction !== null} onClose={onClose} title={t('transactions.detailTitle')} centered>
      {query.isError && !item ? (
        <Alert color="red">{t('transactions.error', { message: errorMessage(query.error) })}</Alert>
      ) : !item ? (
        <Center py="lg" aria-busy="true">
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="xs" data-testid="transaction-detail">
          <Row label={t('transactions.columns.invoiceNumber')}>{item.invoice_number}</Row>
          <Row label={t('transactions.company')}>{item.company.name}</Row>
          <Row label={t('transactions.columns.status')}>
            <Badge color={transactionStatusColor(item.status)} variant="light" tt="none">
              {item.status.toUpperCase()}
            </Badge>
          </Row>
          <Divider my={4} />
          <Row label={t('transactions.columns.package')}>{item.package.name}</Row>
          <Row label={t('transactions.packagePrice')}>{formatRupiah(item.package.price)}</Row>
          <Row label={t('transactions.duration')}>
            {t('transactions.durationDays', { days: item.package.duration_in_days })}
          </Row>
          <Row label={t('transactions.columns.paymentMethod')}>
            {t(`transactions.methods.${item.payment_method}`, { defaultValue: item.payment_method })}
          </Row>
          <Row label={t('transactions.paymentChannel')}>{item.payment_channel.name}</Row>
          <Row label={t('transactions.columns.adminFee')}>{formatRupiah(item.admin_fee)}</Row>
          <Row label={t('transactions.columns.amount')}>
            <Text span fw={700}>
              {formatRupiah(item.amount)}
            </Text>
          </Row>
          <Divider my={4} />
          <Row label={t('transactions.createdAt')}>{formatTransactionDate(item.created_at, locale)}</Row>
          <Row label={t('transactions.paidAt')}>
            <span data-testid="paid-at">
              {item.status === 'PAID' ? formatTransactionDate(item.paid_at, locale) : '-'}
            </span>
          </Row>
          <Row label={t('transactions.expiredAt')}>
            <span data-testid="expired-at">
              {item.status === 'EXPIRED' ? formatTransactionDate(item.expired_at, locale) : '-'}
            </span>
          </Row>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('transactions.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
