import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle.tsx';

/** A screen whose issue has not landed yet: its title and nothing else (no fake data). */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('app.comingSoon')}
      </Text>
    </>
  );
}
