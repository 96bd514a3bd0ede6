import type { Invoice } from '@app/contract/billing';
import { Alert, Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '../../shared/api/client.ts';
import { useBillingTranslation } from '../../shared/i18n/i18n.ts';
import { useChannels, usePackages } from './billing.api.ts';
import { PurchaseForm } from './PurchaseForm.tsx';

/**
 * The 'Upgrade Paket' dialog (packages priced above `minPrice`, active channels and the price
 * breakdown), also used by 'Bayar Sekarang' to pay again for an expired or failed invoice.
 */
export function PaymentDialog({
  opened,
  mode,
  minPrice,
  initialPackageId,
  onClose,
  onCreated,
}: {
  opened: boolean;
  mode: 'upgrade' | 'pay';
  minPrice: number;
  initialPackageId?: number;
  onClose: () => void;
  onCreated: (invoice: Invoice) => void;
}) {
  const { t } = useBillingTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const packages = usePackages(opened);
  const channels = useChannels(opened);
  const offered = (packages.data ?? []).filter((item) =>
    mode === 'upgrade' ? item.price > minPrice : item.price > 0 || item.id === initialPackageId,
  );
  const failed = packages.error ?? channels.error;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'upgrade' ? t('billing.upgradeTitle') : t('billing.payTitle')}
      size="xl"
      fullScreen={phone}
      centered
    >
      {failed ? (
        <Stack>
          <Alert color="red">{t('billing.loadFailed', { message: errorMessage(failed) })}</Alert>
          <Button
            variant="light"
            onClick={() => {
              void packages.refetch();
              void channels.refetch();
            }}
          >
            {t('billing.retry')}
          </Button>
        </Stack>
      ) : !packages.data || !channels.data ? (
        <Center py="xl" aria-busy="true">
          <Loader size="sm" />
        </Center>
      ) : mode === 'upgrade' && offered.length === 0 ? (
        <Text c="dimmed">{t('billing.noHigherPackage')}</Text>
      ) : (
        <PurchaseForm
          compact
          packages={offered}
          channels={channels.data}
          initialPackageId={initialPackageId}
          onCancel={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}
