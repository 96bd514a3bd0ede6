import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paginationItems } from '../format/pagination.ts';

/** Page buttons following the pagination rule (client-area §9). */
export function Pager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={t('pagination.label')} gap={4} justify="center" mt="md">
      <ActionIcon
        variant="default"
        aria-label={t('pagination.previous')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      {paginationItems(page, totalPages).map((item, index) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
          <Text key={`gap-${index}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="compact-sm"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item })}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <ActionIcon
        variant="default"
        aria-label={t('pagination.next')}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The page to show once an item is removed: the one before when it was the last item of its page. */
export const pageAfterRemoval = (page: number, itemsOnPage: number | undefined) =>
  itemsOnPage === 1 && page > 1 ? page - 1 : page;
