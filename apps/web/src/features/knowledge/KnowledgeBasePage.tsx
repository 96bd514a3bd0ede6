import type { KnowledgeFileType, KnowledgeItem } from '@app/contract/knowledge';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconMarkdown,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { formatFileSize } from '../../shared/format/file-size.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
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
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('knowledge.download', { name: item.name })}
            onClick={() => void download()}
          >
            <IconDownload size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={t('knowledge.edit', { name: item.name })} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('knowledge.delete', { name: item.name })}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** Knowledge Base (client-area §2): search, upload, items with their indexing state, edit, delete. */
export function KnowledgeBasePage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('knowledge_read');
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), KNOWLEDGE_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ item: KnowledgeItem | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeItem | null>(null);
  const list = useKnowledge(page, search, allowed);
  const remove = useDeleteKnowledge();
  const total = list.data?.meta?.total ?? 0;

  const confirmDelete = async () => {
    if (!deleting || !guard('knowledge_delete')) return;
    try {
      const result = await remove.mutateAsync(deleting.id);
      notify('success', result.message || t('knowledge.deleted'));
      setDeleting(null);
      // The last item of the last page went: show the page before it.
      if (list.data?.data.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      notify('error', errorMessage(error, t('knowledge.failedDelete')));
    }
  };

  if (!allowed) {
    return (
      <>
        <PageTitle>{t('knowledge.title')}</PageTitle>
        <Alert color="red" title={t('toast.permissionDenied')}>
          {t('knowledge.denied')}
        </Alert>
      </>
    );
  }

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(list.error, t('errors.fetchList')) })}
      </Alert>
    );
  } else if (list.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={88} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>{t('knowledge.empty')}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {t('knowledge.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        {list.data.data.map((item) => (
          <KnowledgeRow
            key={item.id}
            item={item}
            onEdit={() => guard('knowledge_update') && setDialog({ item, key: Date.now() })}
            onDelete={() => guard('knowledge_delete') && setDeleting(item)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <div>
          <PageTitle>{t('knowledge.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('knowledge.subtitle')}
          </Text>
        </div>
        {can('knowledge_create') && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ item: null, key: Date.now() })}
          >
            {t('knowledge.upload')}
          </Button>
        )}
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('knowledge.searchPlaceholder')}
        aria-label={t('knowledge.searchPlaceholder')}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={420}
      />
      {body}
      <Pager page={page} totalPages={pageCount(total, KNOWLEDGE_PAGE_SIZE)} onChange={setPage} />
      {dialog && <KnowledgeDialog key={dialog.key} item={dialog.item} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('knowledge.deleteTitle')}
        body={t('knowledge.deleteBody')}
        confirmLabel={t('knowledge.deleteConfirm')}
        cancelLabel={t('knowledge.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
