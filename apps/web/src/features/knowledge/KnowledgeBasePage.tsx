import type { KnowledgeFileType, KnowledgeItem } from '@app/contract/knowledge';
import { Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconMarkdown,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { formatFileSize } from '../../shared/format/file-size.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import {
  CardGrid,
  CardSkeletons,
  EmptyState,
  ListState,
  PermissionDenied,
} from '../../shared/ui/ListState.tsx';
import { Pager, pageAfterRemoval } from '../../shared/ui/Pager.tsx';
import { PageHeader, PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RowActionIcons } from '../../shared/ui/RowActions.tsx';
import { SearchField, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
import { KnowledgeDialog } from './KnowledgeDialog.tsx';
import {
  downloadKnowledgeFile,
  KNOWLEDGE_PAGE_SIZE,
  KNOWLEDGE_SEARCH_DEBOUNCE_MS,
  useDeleteKnowledge,
  useKnowledge,
} from './knowledge.api.ts';
import './knowledge.i18n.ts';

const FILE_ICON: Record<KnowledgeFileType, { icon: typeof IconFileText; color: string }> = {
  pdf: { icon: IconFileTypePdf, color: 'red' },
  xlsx: { icon: IconFileSpreadsheet, color: 'green' },
  docx: { icon: IconFileTypeDocx, color: 'blue' },
  txt: { icon: IconFileText, color: 'gray' },
  md: { icon: IconMarkdown, color: 'grape' },
};

function KnowledgeRow({
  item,
  onEdit,
  onDelete,
}: {
  item: KnowledgeItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { icon: Icon, color } = FILE_ICON[item.file_type] ?? FILE_ICON.txt;
  const updated = relativeTime(item.updated_at, new Date(), (unit, count) => t(`time.${unit}`, { count }));
  const download = async () => {
    try {
      await downloadKnowledgeFile(item);
    } catch (error) {
      notify('error', errorMessage(error, t('knowledge.failedDownload')));
    }
  };
  return (
    <Card withBorder padding="md" radius="md" data-testid="knowledge-item" data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon
            variant="light"
            color={color}
            size="lg"
            radius="md"
            aria-label={t(`knowledge.fileTypes.${item.file_type}`)}
          >
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.filename} · {formatFileSize(item.size)}
            </Text>
            <Group gap="xs" wrap="wrap">
              {item.status === 'processing' ? (
                <Badge
                  variant="light"
                  color="yellow"
                  tt="none"
                  leftSection={<Loader size={10} color="yellow" />}
                  data-testid="knowledge-status"
                >
                  {t('knowledge.processing')}
                </Badge>
              ) : item.status === 'failed' ? (
                <Badge variant="light" color="red" tt="none" data-testid="knowledge-status">
                  {t('knowledge.failed')}
                </Badge>
              ) : (
                <Badge variant="light" color="teal" tt="none" data-testid="knowledge-entries">
                  {t('knowledge.entries', { count: item.total_entry })}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {t('knowledge.lastUpdated', { time: updated })}
              </Text>
            </Group>
            {item.status === 'failed' && item.error && (
              <Text size="xs" c="red" data-testid="knowledge-error">
                {item.error}
              </Text>
            )}
          </Stack>
        </Group>
        <RowActionIcons
          actions={[
            {
              label: t('knowledge.download', { name: item.name }),
              icon: IconDownload,
              onClick: () => void download(),
            },
            { label: t('knowledge.edit', { name: item.name }), icon: IconPencil, onClick: onEdit },
            {
              label: t('knowledge.delete', { name: item.name }),
              icon: IconTrash,
              onClick: onDelete,
              color: 'red',
            },
          ]}
        />
      </Group>
    </Card>
  );
}

/** Knowledge Base (client-area §2): search, upload, items with their indexing state, edit, delete. */
export function KnowledgeBasePage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('knowledge_read');
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(KNOWLEDGE_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const [dialog, setDialog] = useState<{ item: KnowledgeItem | null; key: number } | null>(null);
  const list = useKnowledge(page, search.term, allowed);
  const remove = useDeleteKnowledge();
  const deletion = useConfirmDelete<KnowledgeItem>(remove, {
    allowed: () => guard('knowledge_delete'),
    success: t('knowledge.deleted'),
    serverMessage: true,
    failed: t('knowledge.failedDelete'),
    onDeleted: () => setPage(pageAfterRemoval(page, list.data?.data.length)),
  });
  const total = list.data?.meta?.total ?? 0;

  if (!allowed) {
    return (
      <>
        <PageTitle>{t('knowledge.title')}</PageTitle>
        <PermissionDenied>{t('knowledge.denied')}</PermissionDenied>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('knowledge.title')}
        subtitle={t('knowledge.subtitle')}
        action={
          can('knowledge_create') && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ item: null, key: Date.now() })}
            >
              {t('knowledge.upload')}
            </Button>
          )
        }
      />
      <SearchField label={t('knowledge.searchPlaceholder')} {...search.field} mb="md" maw={420} />
      <ListState
        query={list}
        items={list.data?.data}
        errorFallback={t('errors.fetchList')}
        loading={<CardSkeletons count={3} height={88} />}
        empty={<EmptyState title={t('knowledge.empty')} hint={t('knowledge.emptyHint')} />}
      >
        {(items) => (
          <CardGrid>
            {items.map((item) => (
              <KnowledgeRow
                key={item.id}
                item={item}
                onEdit={() => guard('knowledge_update') && setDialog({ item, key: Date.now() })}
                onDelete={() => guard('knowledge_delete') && deletion.ask(item)}
              />
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, KNOWLEDGE_PAGE_SIZE)} onChange={setPage} />
      {dialog && <KnowledgeDialog key={dialog.key} item={dialog.item} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('knowledge.deleteTitle')}
        body={t('knowledge.deleteBody')}
        confirmLabel={t('knowledge.deleteConfirm')}
        cancelLabel={t('knowledge.cancel')}
      />
    </>
  );
}
