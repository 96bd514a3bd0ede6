import type { Invoice, InvoiceStatus } from '@app/contract/billing';
import { ActionIcon, Badge, Card, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupiah } from '../../shared/format/money.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { SearchField, useSubmittedSearch } from '../../shared/ui/SearchField.tsx';
import { TableOrCards } from '../../shared/ui/TableOrCards.tsx';
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
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [open, setOpen] = useState<Invoice | null>(null);
  const transactions = useTransactions({ page, search: search.term, status });
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
        <SearchField
          label={t('transactions.searchPlaceholder')}
          {...search.field}
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
      <ListState
        query={transactions}
        items={transactions.data?.rows}
        errorFallback={t('transactions.fetchFailed')}
        errorText={(message) => t('transactions.error', { message })}
        loading={t('transactions.loading')}
        empty={t('transactions.empty')}
      >
        {(rows) => (
          <TableOrCards
            items={rows}
            rowKey={(item) => item.id}
            minWidth={860}
            tableProps={{ 'data-testid': 'transactions-table' }}
            columns={[
              {
                header: t('transactions.columns.invoiceNumber'),
                cell: (item) => (
                  <>
                    <Text size="sm" fw={600}>
                      {item.invoice_number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.company.name}
                    </Text>
                  </>
                ),
              },
              { header: t('transactions.columns.package'), cell: (item) => item.package.name },
              {
                header: t('transactions.columns.paymentMethod'),
                cell: (item) => (
                  <>
                    <Text size="sm">{method(item)}</Text>
                    <Text size="xs" c="dimmed">
                      {item.payment_channel.name}
                    </Text>
                  </>
                ),
              },
              {
                header: t('transactions.columns.amount'),
                th: { ta: 'right' },
                td: { ta: 'right' },
                cell: (item) => formatRupiah(item.amount),
              },
              {
                header: t('transactions.columns.adminFee'),
                th: { ta: 'right' },
                td: { ta: 'right' },
                cell: (item) => formatRupiah(item.admin_fee),
              },
              {
                header: t('transactions.columns.status'),
                cell: (item) => <StatusBadge status={item.status} />,
              },
              {
                header: t('transactions.columns.date'),
                cell: (item) => formatTransactionDate(item.created_at, locale),
              },
              { header: t('transactions.columns.action'), cell: detailsButton },
            ]}
            cardsProps={{ 'data-testid': 'transaction-cards' }}
            card={(item) => (
              <Card withBorder padding="sm" radius="md" data-testid="transaction-card">
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
            )}
          />
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, TRANSACTIONS_PAGE_SIZE)} onChange={setPage} />
      <TransactionDetailDialog transaction={open} onClose={() => setOpen(null)} />
    </>
  );
}
