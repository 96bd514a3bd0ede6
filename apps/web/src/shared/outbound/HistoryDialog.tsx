import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiResult, errorMessage } from '../api/client.ts';
import { pageCount } from '../format/pagination.ts';
import { notify } from '../notify/notify.ts';
import { Pager } from '../ui/Pager.tsx';
import { SendCardList } from './SendCardList.tsx';
import './outbound.i18n.ts';

/** The history's title search waits like the other searches (client-area §9). */
export const HISTORY_SEARCH_DEBOUNCE_MS = 800;

/** A history's title search as typed, the search it applies once typing stops, and its page. */
export function useHistorySearch() {
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  /** A new search starts again from page 1. */
  const changeDraft = (value: string) => {
    setDraft(value);
    setPage(1);
  };
  return { draft, changeDraft, search, page, setPage };
}

/**
 * A history dialog of Message Blast or Scheduled Messages (client-area §2): 'Search by title...',
 * 'Download Excel', the entries of the page (`children` draws one) or `empty`, and the pages.
 */
export function HistoryDialog<T>({
  title,
  empty,
  history,
  search,
  pageSize,
  skeletonHeight,
  download,
  onClose,
  children,
}: {
  title: string;
  empty: string;
  history: UseQueryResult<ApiResult<T[]>>;
  search: ReturnType<typeof useHistorySearch>;
  pageSize: number;
  /** The height of the grey cards shown while the entries load. */
  skeletonHeight: number;
  download: () => Promise<unknown>;
  onClose: () => void;
  children: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [downloading, setDownloading] = useState(false);

  const downloadExcel = async () => {
    setDownloading(true);
    try {
      await download();
    } catch (error) {
      notify('error', errorMessage(error, t('outbound.failedDownload')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} fullScreen={phone} centered size="xl">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('outbound.history.search')}
            aria-label={t('outbound.history.search')}
            value={search.draft}
            onChange={(event) => search.changeDraft(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={() => void downloadExcel()}
          >
            {t('outbound.history.download')}
          </Button>
        </Group>
        <SendCardList
          list={history}
          empty={empty}
          columns={1}
          skeletons={{ count: 3, height: skeletonHeight }}
        >
          {children}
        </SendCardList>
        <Pager
          page={search.page}
          totalPages={pageCount(history.data?.meta?.total ?? 0, pageSize)}
          onChange={search.setPage}
        />
      </Stack>
    </Modal>
  );
}
