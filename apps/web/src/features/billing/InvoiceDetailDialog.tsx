import type { Invoice } from '@app/contract/billing';
import { Alert, Button, Center, CopyButton, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notify/notify.ts';
import { downloadInvoicePdf, useInvoice } from './billing.api.ts';
import { formatBillingDate, paidDateOf } from './billing-format.ts';
import { QrImage } from './QrImage.tsx';
import { InvoiceStatusBadge } from './StatusBadge.tsx';

function Row({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Downloads a PAID invoice's PDF and reports a failure as a toast. */
export function useInvoiceDownload() {
  const { t } = useBillingTranslation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = async (invoice: Pick<Invoice, 'id' | 'invoice_number'>) => {
    setBusyId(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      notify('error', errorMessage(error, t('billing.downloadFailed')));
    } finally {
      setBusyId(null);
    }
  };
  return { download, busyId };
}

/** 'Detail Invoice' (client-area §2): amounts, method, how to pay, and the dates. */
export function InvoiceDetailDialog({
  invoiceId,
  initial,
  onClose,
}: {
  invoiceId: number | null;
  initial?: Invoice;
  onClose: () => void;
}) {
  const { t } = useBillingTranslation();
  const locale = t('billing.locale');
  const query = useInvoice(invoiceId, initial);
  const { download, busyId } = useInvoiceDownload();
  const invoice = query.data;
  const qrPayload = invoice?.payment_details.xendit.qr_string ?? invoice?.payment_details.xendit.qr_code_url;

  return (
    <Modal opened={invoiceId !== null} onClose={onClose} title={t('billing.invoiceDetail')} centered>
      {query.isError && !invoice ? (
        <Alert color="red">{t('billing.detailFailed', { message: errorMessage(query.error) })}</Alert>
      ) : !invoice ? (
        <Center py="lg" aria-busy="true">
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="xs" data-testid="invoice-detail">
          <Row label={t('billing.invoiceNumber')}>{invoice.invoice_number}</Row>
          <Row label={t('billing.package')}>{invoice.package.name}</Row>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('billing.status')}
            </Text>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <Divider my={4} />
          <Row label={t('billing.packagePrice')}>{formatRupiah(invoice.package_amount)}</Row>
          <Row label={t('billing.adminFee')}>{formatRupiah(invoice.admin_fee)}</Row>
          <Row label={t('billing.total')} strong>
            {formatRupiah(invoice.amount)}
          </Row>
          <Divider my={4} />
          <Row label={t('billing.paymentMethod')}>
            {t(`billing.methods.${invoice.payment_method}`, { defaultValue: invoice.payment_method })}
          </Row>
          {invoice.payment_method === 'VIRTUAL_ACCOUNT' ? (
            <>
              <Row label={t('billing.accountNumber')}>
                <span data-testid="va-number">{invoice.payment_details.xendit.account_number ?? '-'}</span>
              </Row>
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">
                  {invoice.payment_channel.name}
                </Text>
                {invoice.payment_details.xendit.account_number && (
                  <CopyButton value={invoice.payment_details.xendit.account_number}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconCopy size={12} />}
                        onClick={copy}
                      >
                        {copied ? t('billing.copied') : t('billing.copy')}
                      </Button>
                    )}
                  </CopyButton>
                )}
              </Group>
            </>
          ) : qrPayload ? (
            <Stack align="center" gap={4} py="xs">
              <QrImage payload={qrPayload} alt={t('billing.qrAlt', { number: invoice.invoice_number })} />
              {invoice.status === 'PENDING' && (
                <Text size="xs" c="dimmed" ta="center">
                  {t('billing.qrHint')}
                </Text>
              )}
            </Stack>
          ) : null}
          <Divider my={4} />
          <Row label={t('billing.createdAt')}>{formatBillingDate(invoice.created_at, locale)}</Row>
          <Row label={t('billing.expiredAt')}>{formatBillingDate(invoice.expired_at, locale)}</Row>
          {paidDateOf(invoice) && (
            <Row label={t('billing.paidAt')}>{formatBillingDate(paidDateOf(invoice), locale)}</Row>
          )}
          <Group justify="flex-end" mt="sm" gap="xs">
            {invoice.status === 'PENDING' && invoice.payment_url && (
              <Button
                component="a"
                href={invoice.payment_url}
                target="_blank"
                rel="noopener"
                leftSection={<IconExternalLink size={16} />}
              >
                {t('billing.openPaymentPage')}
              </Button>
            )}
            {invoice.status === 'PAID' && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={busyId === invoice.id}
                onClick={() => download(invoice)}
              >
                {t('billing.download')}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              {t('billing.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
