import type { Invoice, InvoiceStatus } from '@app/contract/billing';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { TransactionDetailDialog } from './TransactionDetailDialog.tsx';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from './transactions.api.ts';
import './transactions.i18n.ts';
import { formatTransactionDate, transactionStatusColor } from './transactions-format.ts';

const STATUSES = ['PAID', 'PENDING', 'EXPIRED', 'FAILED'] as const satisfies readonly InvoiceStatus[];

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = status.toLowerCase();
  return (
    <Badge color={transactionStatusColor(status)} variant="light" tt="none" data-status={key}>
      {t(`transactions.statuses.${key}`, { defaultValue: key })}
    </Badge>
  );
}

/**
 * Transaction History (super-admin §2): search submitted on Enter, 10 per page, a table on wide
 * screens and cards on phones, and a details dialog.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const locale = t('transactions.locale');
  const phone = useMediaQuery('(max-width: 48em)');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Invoice | null>(null);
  const transactions = useTransactions({ page, search, status });
  const rows = transactions.data?.rows ?? [];
  const total = transactions.data?.total ?? 0;

  const method = (item: Invoice) =>
    t(`transactions.methods.${item.payment_method}`, { defaultValue: item.payment_method });
  const detailsButton = (item: Invoice) => (
    <Tooltip label={t('transactions.details')}>
      <ActionIcon
        variant="light"
        aria-label={t('transactions.detailsOf', { number: item.invoice_number })}
        onClick={() => setOpen(item)}
      >
        <IconEye size={16} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <>
      <PageTitle>{t('transactions.title')}</PageTitle>
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('transactions.searchPlaceholder')}
          aria-label={t('transactions.searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              setSearch(draft.trim());
              setPage(1);
            }
          }}
          style={{ flex: 1, minWidth: 220 }}
          maw={480}
        />
        <Select
          aria-label={t('transactions.statusFilter')}
          placeholder={t('transactions.allStatuses')}
          data={[
            { value: '', label: t('transactions.allStatuses') },
            ...STATUSES.map((value) => ({
              value,
              label: t(`transactions.statuses.${value.toLowerCase()}`),
            })),
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as InvoiceStatus | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {transactions.isError ? (
        <Alert color="red">
          {t('transactions.error', {
            message: errorMessage(transactions.error, t('transactions.fetchFailed')),
          })}
        </Alert>
      ) : transactions.isPending ? (
        <Text c="dimmed">{t('transactions.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('transactions.empty')}</Text>
      ) : phone ? (
        <Stack gap="sm" data-testid="transaction-cards">
          {rows.map((item) => (
            <Card key={item.id} withBorder padding="sm" radius="md" data-testid="transaction-card">
              <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.invoice_number}
                </Text>
                <StatusBadge status={item.status} />
              </Group>
              <Text size="sm">
                {item.package.name} · {method(item)}
              </Text>
              <Text size="xs" c="dimmed">
                {item.company.name} · {formatTransactionDate(item.created_at, locale)}
              </Text>
              <Group justify="space-between" mt="xs" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={700} size="sm">
                    {formatRupiah(item.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('transactions.columns.adminFee')}: {formatRupiah(item.admin_fee)}
                  </Text>
                </Stack>
                {detailsButton(item)}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="transactions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.columns.invoiceNumber')}</Table.Th>
                <Table.Th>{t('transactions.columns.package')}</Table.Th>
                <Table.Th>{t('transactions.columns.paymentMethod')}</Table.Th>
                <Table.Th ta="right">{t('transactions.columns.amount')}</Table.Th>
                <Table.Th ta="right">{t('transactions.columns.adminFee')}</Table.Th>
                <Table.Th>{t('transactions.columns.status')}</Table.Th>
                <Table.Th>{t('transactions.columns.date')}</Table.Th>
                <Table.Th>{t('transactions.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.invoice_number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.company.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.package.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{method(item)}</Text>
                    <Text size="xs" c="dimmed">
                      {item.payment_channel.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatRupiah(item.amount)}</Table.Td>
                  <Table.Td ta="right">{formatRupiah(item.admin_fee)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={item.status} />
                  </Table.Td>
                  <Table.Td>{formatTransactionDate(item.created_at, locale)}</Table.Td>
                  <Table.Td>{detailsButton(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} totalPages={pageCount(total, TRANSACTIONS_PAGE_SIZE)} onChange={setPage} />
      <TransactionDetailDialog transaction={open} onClose={() => setOpen(null)} />
    </>
  );
}
