import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiResult, errorMessage } from '../api/client.ts';

/** Places for grey cards: a list shows as many as it expects at first (three at the most). */
const SKELETON_SLOTS = [0, 1, 2];

function Cards({
  columns,
  children,
  ...rest
}: {
  columns: 1 | 2;
  children: ReactNode;
  'aria-busy'?: 'true';
  'data-testid'?: string;
}) {
  return columns === 1 ? (
    <Stack gap="sm" {...rest}>
      {children}
    </Stack>
  ) : (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" {...rest}>
      {children}
    </SimpleGrid>
  );
}

/**
 * A page of blast or schedule cards, one under another or two side by side: the error, grey cards
 * while it loads, `empty`, or the cards (`children` draws one).
 */
export function SendCardList<T>({
  list,
  empty,
  columns,
  skeletons,
  testId,
  children,
}: {
  list: UseQueryResult<ApiResult<T[]>>;
  empty: string;
  columns: 1 | 2;
  skeletons: { count: number; height: number };
  testId?: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isError) {
    return (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(list.error, t('errors.fetchList')) })}
      </Alert>
    );
  }
  if (list.isPending) {
    return (
      <Cards columns={columns} aria-busy="true">
        {SKELETON_SLOTS.slice(0, skeletons.count).map((slot) => (
          <Skeleton key={slot} h={skeletons.height} radius="md" />
        ))}
      </Cards>
    );
  }
  if (list.data.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Cards columns={columns} data-testid={testId}>
      {list.data.data.map(children)}
    </Cards>
  );
}
