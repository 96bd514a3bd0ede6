import { Alert, Button } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuota } from '../quota/quota.api.ts';
import './outbound.i18n.ts';

/**
 * Whether WhatsApp messages can still go out (client-area §9): `left` offers New Blast or Schedule
 * Message, `usedUp` the banner. Neither while the quota is unknown.
 */
export function useWhatsAppQuota(refetchInterval: number | false = false) {
  const quota = useQuota(refetchInterval);
  const left = quota.data !== undefined && quota.data.wa_message_remain > 0;
  return { left, usedUp: quota.data !== undefined && !left };
}

/** The amber 'Need More Messages?' banner shown once the WhatsApp quota is used up; `children` say what to do. */
export function QuotaBanner({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconRocket size={18} />}
      title={t('outbound.quota.title')}
      data-testid="quota-banner"
    >
      {children}
    </Alert>
  );
}

/** 'Upgrade Plan', to the billing page. */
export function UpgradePlanButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/client/billing" size="xs" color="yellow">
      {t('outbound.quota.upgrade')}
    </Button>
  );
}
