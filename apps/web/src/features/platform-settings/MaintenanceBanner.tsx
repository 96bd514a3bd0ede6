import { Alert } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlatformStatus } from './platform-settings.api.ts';
import './platform-settings.i18n.ts';

/** The client shell's notice while the platform is in maintenance (the client area is read-only then). */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const status = usePlatformStatus();
  if (!status.data?.maintenance_mode) return null;
  return (
    <Alert
      color="orange"
      icon={<IconTool size={18} />}
      mb="md"
      role="status"
      data-testid="maintenance-banner"
    >
      {t('platformSettings.banner')}
    </Alert>
  );
}
