import type { BillingCurrent, Invoice } from '@app/contract/billing';
import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useSession } from '../../shared/auth/session.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import {
  billingKeys,
  useBillingSummary,
  useChannels,
  useCurrentBilling,
  usePackages,
} from './billing.api.ts';
import './billing.i18n.ts';
import { BillingHistory } from './BillingHistory.tsx';
import { CurrentPackageCard } from './CurrentPackageCard.tsx';
import { InvoiceDetailDialog } from './InvoiceDetailDialog.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { PendingInvoiceCard } from './PendingInvoiceCard.tsx';
import { PurchaseForm } from './PurchaseForm.tsx';

/** Package and channel choice for a company without a billing summary (no period in force). */
function ChoosePackage({ onCreated }: { onCreated: (invoice: Invoice) => void }) {
  const { t } = useBillingTranslation();
  const packages = usePackages();
  const channels = useChannels();
  const failed = packages.error ?? channels.error;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="choose-package">
      {failed ? (
        <Alert color="red">{t('billing.loadFailed', { message: errorMessage(failed) })}</Alert>
      ) : !packages.data || !channels.data ? (
        <Text c="dimmed" size="sm">
          {t('billing.loading')}
        </Text>
      ) : (
        <PurchaseForm packages={packages.data} channels={channels.data} onCreated={onCreated} />
      )}
    </Card>
  );
}

/**
 * A payment made elsewhere (the provider's page, another tab) shows first in the polled current
 * billing; the history and the summary then reload too.
 */
function useReloadOnInvoiceChange(current: BillingCurrent | undefined) {
  const queryClient = useQueryClient();
  const signature = current
    ? `${current.invoice?.id}:${current.invoice?.status}:${current.pending_invoice?.id}:${current.active_package?.id}`
    : null;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (signature === null) return;
    if (previous.current !== null && previous.current !== signature) {
      void queryClient.invalidateQueries({ queryKey: billingKeys.histories });
      void queryClient.invalidateQueries({ queryKey: billingKeys.summaries });
    }
    previous.current = signature;
  }, [signature, queryClient]);
}

/**
 * Billing ('Tagihan', client-area §2): without a billing summary the package and channel choice;
 * otherwise 'Paket Saat Ini', 'Menunggu Pembayaran' and 'Riwayat Tagihan', with the 'Upgrade Paket'
 * and 'Detail Invoice' dialogs. On a successful upgrade the invoice opens and the rest reloads.
 */
export function BillingPage() {
  const { t } = useBillingTranslation();
  useDocumentTitle(`${t('billing.title')} · AI Admin`);
  const session = useSession();
  const { can } = usePermissions();
  const canRead = can('billing_read');
  const canPay = can('billing_update');
  const current = useCurrentBilling(canRead);
  useBillingSummary(session?.user?.company_id, canRead);
  const [historyPage, setHistoryPage] = useState(1);
  const [detail, setDetail] = useState<Invoice | null>(null);
  const [dialog, setDialog] = useState<{ mode: 'upgrade' | 'pay'; packageId?: number } | null>(null);
  useReloadOnInvoiceChange(current.data);

  const openInvoice = (invoice: Invoice) => {
    setDialog(null);
    setHistoryPage(1);
    setDetail(invoice);
  };

  const heading = (
    <Title order={2} mb="md">
      {t('billing.title')}
    </Title>
  );

  if (!canRead) {
    return (
      <>
        {heading}
        <Alert color="yellow">{t('billing.noPermission')}</Alert>
      </>
    );
  }

  if (current.isError) {
    return (
      <>
        {heading}
        <Stack gap="xs" align="flex-start">
          <Alert color="red" w="100%">
            {t('billing.loadFailed', { message: errorMessage(current.error) })}
          </Alert>
          <Button variant="light" onClick={() => void current.refetch()}>
            {t('billing.retry')}
          </Button>
        </Stack>
      </>
    );
  }

  if (current.isPending) {
    return (
      <>
        {heading}
        <Center mih="30vh" aria-busy="true">
          <Loader size="sm" />
        </Center>
      </>
    );
  }

  const billing = current.data;
  const pending = billing.pending_invoice;
  const latest = billing.invoice;
  const hasSummary = Boolean(billing.active_package);
  const showPayNow = Boolean(latest && latest.status !== 'PAID');

  const payNow = () => {
    if (pending) setDetail(pending);
    else if (latest) setDialog({ mode: 'pay', packageId: latest.package.id });
  };

  return (
    <>
      {heading}
      <Stack gap="lg">
        {hasSummary || pending ? (
          <CurrentPackageCard
            current={billing}
            usage={billing.active_package}
            canUpgrade={billing.can_upgrade && canPay}
            showPayNow={showPayNow && (Boolean(pending) || canPay)}
            onUpgrade={() => setDialog({ mode: 'upgrade' })}
            onPayNow={payNow}
          />
        ) : canPay ? (
          <ChoosePackage onCreated={openInvoice} />
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Text fw={600}>{t('billing.noActivePackage')}</Text>
          </Card>
        )}
        {pending && <PendingInvoiceCard invoice={pending} onDetail={() => setDetail(pending)} />}
        <BillingHistory page={historyPage} onPage={setHistoryPage} onOpen={setDetail} />
      </Stack>
      <PaymentDialog
        opened={dialog !== null}
        mode={dialog?.mode ?? 'upgrade'}
        minPrice={billing.active_package?.package.price ?? 0}
        initialPackageId={dialog?.packageId}
        onClose={() => setDialog(null)}
        onCreated={openInvoice}
      />
      <InvoiceDetailDialog
        invoiceId={detail?.id ?? null}
        initial={detail ?? undefined}
        onClose={() => setDetail(null)}
      />
    </>
  );
}
