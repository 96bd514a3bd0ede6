import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Unknown super-admin sub-routes (super-admin §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start">
      <Title order={2}>{t('app.notFoundTitle')}</Title>
      <Text c="dimmed">{t('app.notFoundBody')}</Text>
      <Button component={Link} to="/super-admin/dashboard" variant="light">
        {t('app.backToDashboard')}
      </Button>
    </Stack>
  );
}
