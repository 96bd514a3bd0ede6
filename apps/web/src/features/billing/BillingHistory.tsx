import type { Invoice } from '@app/contract/billing';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { HISTORY_PAGE_SIZE, useBillingHistory } from './billing.api.ts';
import { formatBillingDate } from './billing-format.ts';
import { useInvoiceDownload } from './InvoiceDetailDialog.tsx';
import { InvoiceStatusBadge } from './StatusBadge.tsx';

/** 'Riwayat Tagihan' (client-area §2): invoices that are not pending, a download on PAID ones. */
export function BillingHistory({
  page,
  onPage,
  onOpen,
}: {
  page: number;
  onPage: (page: number) => void;
  onOpen: (invoice: Invoice) => void;
}) {
  const { t } = useBillingTranslation();
  const locale = t('billing.locale');
  const history = useBillingHistory(page);
  const { download, busyId } = useInvoiceDownload();
  // The pending invoice has its own card; the server leaves it out of these pages.
  const rows = history.data?.data ?? [];
  const total = history.data?.meta?.total ?? 0;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="billing-history">
      <Title order={4} mb="sm">
        {t('billing.historyTitle')}
      </Title>
      {history.isError ? (
        <Stack gap="xs">
          <Alert color="red">{errorMessage(history.error, t('billing.historyFailed'))}</Alert>
          <Group>
            <Button variant="light" size="xs" onClick={() => void history.refetch()}>
              {t('billing.retry')}
            </Button>
          </Group>
        </Stack>
      ) : history.isPending ? (
        <Text c="dimmed" size="sm">
          {t('billing.loading')}
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('billing.historyEmpty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((invoice) => (
            <Paper key={invoice.id} withBorder p="sm" radius="md" data-testid="history-row">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <UnstyledButton
                  onClick={() => onOpen(invoice)}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={`${t('billing.invoiceDetail')} ${invoice.invoice_number}`}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {invoice.invoice_number}
                    </Text>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {invoice.package.name} · {formatBillingDate(invoice.created_at, locale)}
                  </Text>
                </UnstyledButton>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {formatRupiah(invoice.amount)}
                  </Text>
                  {invoice.status === 'PAID' && (
                    <Tooltip label={t('billing.download')}>
                      <ActionIcon
                        variant="light"
                        aria-label={`${t('billing.download')} ${invoice.invoice_number}`}
                        loading={busyId === invoice.id}
                        onClick={() => download(invoice)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Pager page={page} totalPages={pageCount(total, HISTORY_PAGE_SIZE)} onChange={onPage} />
    </Card>
  );
}
