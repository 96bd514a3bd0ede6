import type { WorkflowTemplate } from '@app/contract/workflows';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  List,
  Loader,
  Modal,
  Space,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCloudDownload,
  IconEye,
  IconFileImport,
  IconTopologyStar3,
  IconTrash,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import { CardGrid, CardSkeletons, EmptyState, ListState } from '../../shared/ui/ListState.tsx';
import { Pager, pageAfterRemoval } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { SearchToolbar, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
import { readExportFile } from './import-file.ts';
import { nodeTypeLabel } from './template-flow.ts';
import {
  TEMPLATE_SEARCH_DEBOUNCE_MS,
  TEMPLATES_PAGE_SIZE,
  useDeleteTemplate,
  useEngineStatus,
  useImportTemplates,
  usePullTemplates,
  useTemplates,
  useToggleTemplate,
} from './workflow-templates.api.ts';
import './workflow-templates.i18n.ts';

// React Flow is loaded with the first diagram opened, not with the list.
const TemplateDiagram = lazy(async () => ({
  default: (await import('./TemplateDiagram.tsx')).TemplateDiagram,
}));

export const TEMPLATE_DATE_FORMAT = 'DD/MM/YYYY HH:mm';
const date = (value: string) => dayjs(value).format(TEMPLATE_DATE_FORMAT);

function TemplateCard({
  template,
  toggling,
  onToggle,
  onView,
  onDelete,
}: {
  template: WorkflowTemplate;
  toggling: boolean;
  onToggle: () => void;
  onView: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md" data-testid="template-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Text>
          <Group gap={6}>
            <Badge
              color={template.active ? 'teal' : 'gray'}
              variant="light"
              tt="none"
              data-testid="template-status"
            >
              {template.active ? t('workflowTemplates.active') : t('workflowTemplates.inactive')}
            </Badge>
            {template.engine_workflow_id && (
              <Badge color="blue" variant="outline" tt="none">
                {t('workflowTemplates.fromEngine')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Switch
          checked={template.active}
          disabled={toggling}
          aria-label={t('workflowTemplates.toggle', { name: template.name })}
          onChange={onToggle}
        />
      </Group>
      <Stack gap={2} mt="sm">
        <Text size="xs" c="dimmed">
          {t('workflowTemplates.created', { date: date(template.createdAt) })} ·{' '}
          {t('workflowTemplates.updated', { date: date(template.updatedAt) })}
        </Text>
        <Text size="xs" c="dimmed" data-testid="template-node-count">
          {t('workflowTemplates.nodes', { count: template.node_count })} ·{' '}
          {t('workflowTemplates.usedBy', { count: template.used_by })}
        </Text>
      </Stack>
      <Group gap={6} mt="sm" data-testid="template-tags">
        {template.tags.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('workflowTemplates.noTags')}
          </Text>
        ) : (
          template.tags.map((tag) => (
            <Badge key={tag.id} size="sm" variant="dot" tt="none">
              {tag.name}
            </Badge>
          ))
        )}
      </Group>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Button variant="light" size="xs" leftSection={<IconEye size={14} />} onClick={onView}>
          {t('workflowTemplates.viewDetails')}
        </Button>
        <Tooltip label={t('workflowTemplates.delete', { name: template.name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('workflowTemplates.delete', { name: template.name })}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

/** 'View Details': the template's facts, its diagram and its nodes as a list. */
function TemplateDetails({ template, onClose }: { template: WorkflowTemplate; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened onClose={onClose} title={template.name} size="xl" fullScreen={phone} centered>
      <Stack gap="sm">
        <Group gap={6}>
          <Badge color={template.active ? 'teal' : 'gray'} variant="light" tt="none">
            {template.active ? t('workflowTemplates.active') : t('workflowTemplates.inactive')}
          </Badge>
          {template.tags.map((tag) => (
            <Badge key={tag.id} size="sm" variant="dot" tt="none">
              {tag.name}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('workflowTemplates.created', { date: date(template.createdAt) })} ·{' '}
          {t('workflowTemplates.updated', { date: date(template.updatedAt) })} ·{' '}
          {t('workflowTemplates.nodes', { count: template.node_count })}
        </Text>
        <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
          <Suspense
            fallback={
              <Center h={phone ? 420 : 480}>
                <Loader size="sm" />
              </Center>
            }
          >
            <TemplateDiagram
              name={template.name}
              nodes={template.nodes}
              connections={template.connections}
              height={phone ? 420 : 480}
            />
          </Suspense>
        </Card>
        <Text size="sm" fw={600}>
          {t('workflowTemplates.nodeList')}
        </Text>
        <List size="sm" spacing={2} data-testid="template-node-list">
          {template.nodes.map((node) => (
            <List.Item key={node.name}>
              {node.name}{' '}
              <Text span size="xs" c="dimmed">
                ({nodeTypeLabel(node.type)})
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('workflowTemplates.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Workflow Templates (super-admin §2): search, two-column cards with status, dates, tags, node
 * count and the toggle, 'View Details' with the diagram; import of n8n export files and a pull
 * from the connected engine.
 */
export function WorkflowTemplatesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(TEMPLATE_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const [viewing, setViewing] = useState<WorkflowTemplate | null>(null);
  const templates = useTemplates(page, search.term);
  const engine = useEngineStatus();
  const toggle = useToggleTemplate();
  const importTemplates = useImportTemplates();
  const pull = usePullTemplates();
  const deletion = useConfirmDelete<WorkflowTemplate>(useDeleteTemplate(), {
    // The server's message alone, as for the other template actions.
    success: '',
    serverMessage: true,
    failedTitle: t('workflowTemplates.failed'),
    onDeleted: () => setPage(pageAfterRemoval(page, templates.data?.data.length)),
  });
  const total = templates.data?.meta?.total ?? 0;
  // Cleared after every pick, so that choosing the same file again imports it again.
  const resetFile = useRef<() => void>(null);

  const failed = (error: unknown) => notify('error', errorMessage(error), t('workflowTemplates.failed'));

  const onToggle = async (template: WorkflowTemplate) => {
    try {
      const result = await toggle.mutateAsync(template.id);
      notify('success', result.message || t('workflowTemplates.statusUpdated'));
    } catch (error) {
      failed(error);
    }
  };

  const onImport = async (file: File | null) => {
    if (!file || importTemplates.isPending) return;
    const read = await readExportFile(file);
    resetFile.current?.();
    if (!read.ok) {
      notify(
        'error',
        t(read.problem === 'tooLarge' ? 'workflowTemplates.tooLarge' : 'workflowTemplates.notAnExport'),
        t('workflowTemplates.failed'),
      );
      return;
    }
    try {
      const result = await importTemplates.mutateAsync(read.content);
      notify('success', result.message || t('workflowTemplates.imported'));
      setPage(1);
    } catch (error) {
      failed(error);
    }
  };

  const onPull = async () => {
    try {
      const result = await pull.mutateAsync();
      notify('success', result.message);
      setPage(1);
    } catch (error) {
      failed(error);
    }
  };

  const engineNote = !engine.data
    ? null
    : !engine.data.configured
      ? t('workflowTemplates.noEngine')
      : engine.data.sandbox
        ? t('workflowTemplates.sandboxEngine')
        : null;

  return (
    <>
      <PageTitle>{t('pages.workflowTemplates')}</PageTitle>
      <SearchToolbar label={t('workflowTemplates.search')} search={search.field} mb="xs">
        <Group gap="xs">
          <FileButton
            onChange={(file) => void onImport(file)}
            accept="application/json,.json"
            resetRef={resetFile}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconFileImport size={16} />}
                loading={importTemplates.isPending}
                title={t('workflowTemplates.importHint')}
              >
                {t('workflowTemplates.import')}
              </Button>
            )}
          </FileButton>
          {engine.data?.configured && (
            <Button
              variant="default"
              leftSection={<IconCloudDownload size={16} />}
              loading={pull.isPending}
              onClick={() => void onPull()}
            >
              {t('workflowTemplates.pull')}
            </Button>
          )}
        </Group>
      </SearchToolbar>
      {engineNote && (
        <Text size="xs" c="dimmed" data-testid="engine-status">
          {engineNote}
        </Text>
      )}
      <Space h="md" />
      <ListState
        query={templates}
        items={templates.data?.data}
        errorFallback={t('errors.fetchList')}
        loading={<CardSkeletons count={4} height={170} columns={2} />}
        empty={
          <EmptyState
            icon={<IconTopologyStar3 size={32} stroke={1.4} aria-hidden />}
            title={t('workflowTemplates.empty')}
          />
        }
      >
        {(items) => (
          <CardGrid columns={2}>
            {items.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                toggling={toggle.isPending && toggle.variables === template.id}
                onToggle={() => void onToggle(template)}
                onView={() => setViewing(template)}
                onDelete={() => deletion.ask(template)}
              />
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, TEMPLATES_PAGE_SIZE)} onChange={setPage} />
      {viewing && <TemplateDetails template={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('workflowTemplates.deleteTitle')}
        body={t('workflowTemplates.deleteBody')}
        confirmLabel={t('workflowTemplates.confirmDelete')}
        cancelLabel={t('workflowTemplates.cancel')}
      />
    </>
  );
}
