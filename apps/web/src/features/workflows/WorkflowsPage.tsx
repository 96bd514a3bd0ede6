import type { WorkflowInstance } from '@app/contract/workflows';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTopologyStar3,
  IconTrash,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { WorkflowFormDialog } from './WorkflowFormDialog.tsx';
import { toggledBody } from './workflow-form.ts';
import {
  useDeleteWorkflow,
  useSaveWorkflow,
  useWorkflows,
  WORKFLOW_SEARCH_DEBOUNCE_MS,
  WORKFLOWS_PAGE_SIZE,
} from './workflows.api.ts';
import './workflows.i18n.ts';

function WorkflowCard({
  workflow,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  workflow: WorkflowInstance;
  toggling: boolean;
  onToggle?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const missing = workflow.n8n_workflow_integration_ids.length - workflow.integrations.length;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      data-testid="workflow-card"
      data-status={workflow.status ? 'active' : 'inactive'}
      data-engine-state={workflow.engine_state}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <IconTopologyStar3 size={22} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={4} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {workflow.workflow_name}
            </Text>
            <Badge
              color={workflow.status ? 'teal' : 'gray'}
              variant="light"
              tt="none"
              data-testid="workflow-status"
              w="fit-content"
            >
              {workflow.status ? t('workflows.active') : t('workflows.inactive')}
            </Badge>
          </Stack>
        </Group>
        {onToggle && (
          <Switch
            checked={workflow.status}
            disabled={toggling}
            aria-label={t('workflows.toggle', { name: workflow.workflow_name })}
            onChange={onToggle}
          />
        )}
      </Group>
      <Group gap={6} mt="sm" data-testid="workflow-integrations">
        {workflow.integrations.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('workflows.noIntegrationsLinked')}
          </Text>
        ) : (
          workflow.integrations.map((integration) => (
            <Badge key={integration.id} variant="outline" tt="none" size="sm" maw="100%">
              {integration.name} · {integration.platform_name}
            </Badge>
          ))
        )}
      </Group>
      {missing > 0 && (
        <Text size="xs" c="orange" mt={4}>
          {t('workflows.missingIntegrations', { count: missing })}
        </Text>
      )}
      {workflow.engine_state === 'waiting_for_engine' && (
        <Alert
          color="yellow"
          variant="light"
          mt="sm"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="waiting-for-engine"
        >
          <Text size="xs">{t('workflows.waitingForEngine')}</Text>
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" mt="sm" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          {workflow.webhook_path && (
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {t('workflows.webhook', { path: workflow.webhook_path })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('workflows.updatedAt', { date: dayjs(workflow.updated_at).format('DD/MM/YYYY HH:mm') })}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {onEdit && (
            <ActionIcon
              variant="subtle"
              aria-label={t('workflows.editNamed', { name: workflow.workflow_name })}
              onClick={onEdit}
            >
              <IconPencil size={16} />
            </ActionIcon>
          )}
          {onDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('workflows.deleteNamed', { name: workflow.workflow_name })}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** Workflows (client-area §2): search, 'Create Workflow', cards with toggle, edit and delete, pages. */
export function WorkflowsPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('workflow_read');
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), WORKFLOW_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ workflow: WorkflowInstance | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<WorkflowInstance | null>(null);
  const list = useWorkflows(page, search, allowed);
  const toggle = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const total = list.data?.meta?.total ?? 0;

  const onToggle = async (workflow: WorkflowInstance) => {
    if (toggle.isPending || !guard('workflow_update')) return;
    try {
      await toggle.mutateAsync({ id: workflow.id, body: toggledBody(workflow) });
      notify('success', t('workflows.statusUpdated'));
    } catch (error) {
      notify('error', errorMessage(error, t('workflows.failedStatus')));
    }
  };

  const confirmDelete = async () => {
    if (!deleting || !guard('workflow_delete')) return;
    try {
      const result = await remove.mutateAsync(deleting.id);
      notify('success', result.message || t('workflows.deleted'));
      setDeleting(null);
      // The last card of the last page went: show the page before it.
      if (list.data?.data.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      notify('error', errorMessage(error, t('workflows.failedDelete')));
    }
  };

  const header = (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
      <div>
        <PageTitle>{t('workflows.title')}</PageTitle>
        <Text c="dimmed" size="sm" mt={-8}>
          {t('workflows.subtitle')}
        </Text>
      </div>
      {allowed && can('workflow_create') && (
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ workflow: null, key: Date.now() })}
        >
          {t('workflows.create')}
        </Button>
      )}
    </Group>
  );

  if (!allowed) {
    return (
      <>
        {header}
        <Alert color="red" title={t('toast.permissionDenied')}>
          {t('workflows.denied')}
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" aria-busy="true">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>{t('workflows.empty')}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {t('workflows.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {list.data.data.map((workflow) => (
          <WorkflowCard
            key={workflow.id}
            workflow={workflow}
            toggling={toggle.isPending && toggle.variables?.id === workflow.id}
            onToggle={can('workflow_update') ? () => void onToggle(workflow) : undefined}
            onEdit={can('workflow_update') ? () => setDialog({ workflow, key: Date.now() }) : undefined}
            onDelete={can('workflow_delete') ? () => setDeleting(workflow) : undefined}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      {header}
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('workflows.search')}
        aria-label={t('workflows.search')}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={420}
      />
      {body}
      <Pager page={page} totalPages={pageCount(total, WORKFLOWS_PAGE_SIZE)} onChange={setPage} />
      {dialog && (
        <WorkflowFormDialog key={dialog.key} workflow={dialog.workflow} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('workflows.deleteTitle')}
        body={t('workflows.deleteBody')}
        confirmLabel={t('workflows.confirmDelete')}
        cancelLabel={t('workflows.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
