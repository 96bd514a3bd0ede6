import type { WorkflowInstance } from '@app/contract/workflows';
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTopologyStar3, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
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
import { PageHeader } from '../../shared/ui/PageTitle.tsx';
import { RowActionIcons } from '../../shared/ui/RowActions.tsx';
import { SearchField, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
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
        <RowActionIcons
          actions={[
            onEdit && {
              label: t('workflows.editNamed', { name: workflow.workflow_name }),
              icon: IconPencil,
              onClick: onEdit,
            },
            onDelete && {
              label: t('workflows.deleteNamed', { name: workflow.workflow_name }),
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

/** Workflows (client-area §2): search, 'Create Workflow', cards with toggle, edit and delete, pages. */
export function WorkflowsPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('workflow_read');
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(WORKFLOW_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const [dialog, setDialog] = useState<{ workflow: WorkflowInstance | null; key: number } | null>(null);
  const list = useWorkflows(page, search.term, allowed);
  const toggle = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const deletion = useConfirmDelete<WorkflowInstance>(remove, {
    allowed: () => guard('workflow_delete'),
    success: t('workflows.deleted'),
    serverMessage: true,
    failed: t('workflows.failedDelete'),
    onDeleted: () => setPage(pageAfterRemoval(page, list.data?.data.length)),
  });
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

  const header = (
    <PageHeader
      title={t('workflows.title')}
      subtitle={t('workflows.subtitle')}
      action={
        allowed &&
        can('workflow_create') && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ workflow: null, key: Date.now() })}
          >
            {t('workflows.create')}
          </Button>
        )
      }
    />
  );

  if (!allowed) {
    return (
      <>
        {header}
        <PermissionDenied>{t('workflows.denied')}</PermissionDenied>
      </>
    );
  }

  return (
    <>
      {header}
      <SearchField label={t('workflows.search')} {...search.field} mb="md" maw={420} />
      <ListState
        query={list}
        items={list.data?.data}
        errorFallback={t('errors.fetchList')}
        loading={<CardSkeletons count={4} height={150} columns={2} />}
        empty={<EmptyState title={t('workflows.empty')} hint={t('workflows.emptyHint')} />}
      >
        {(workflows) => (
          <CardGrid columns={2}>
            {workflows.map((workflow) => (
              <WorkflowCard
                key={workflow.id}
                workflow={workflow}
                toggling={toggle.isPending && toggle.variables?.id === workflow.id}
                onToggle={can('workflow_update') ? () => void onToggle(workflow) : undefined}
                onEdit={can('workflow_update') ? () => setDialog({ workflow, key: Date.now() }) : undefined}
                onDelete={can('workflow_delete') ? () => deletion.ask(workflow) : undefined}
              />
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, WORKFLOWS_PAGE_SIZE)} onChange={setPage} />
      {dialog && (
        <WorkflowFormDialog key={dialog.key} workflow={dialog.workflow} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('workflows.deleteTitle')}
        body={t('workflows.deleteBody')}
        confirmLabel={t('workflows.confirmDelete')}
        cancelLabel={t('workflows.cancel')}
      />
    </>
  );
}
