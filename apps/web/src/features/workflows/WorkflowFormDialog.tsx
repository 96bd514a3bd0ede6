import type { WorkflowInstance } from '@app/contract/workflows';
import { Alert, Anchor, Button, Group, Modal, MultiSelect, Select, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import {
  emptyWorkflowForm,
  integrationOptions,
  SERVER_FIELDS,
  templateOptions,
  validateWorkflow,
  type WorkflowFormValues,
  workflowBody,
  workflowToForm,
} from './workflow-form.ts';
import { useCredentials, useSaveWorkflow, useTemplateOptions } from './workflows.api.ts';
import './workflows.i18n.ts';

/** The Workflow dialog (client-area §5): a template, at least one integration, and whether it runs. */
export function WorkflowFormDialog({
  workflow,
  onClose,
}: {
  workflow: WorkflowInstance | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const editing = workflow !== null;
  const templates = useTemplateOptions(true);
  const credentials = useCredentials(true);
  const save = useSaveWorkflow();
  const form = useForm<WorkflowFormValues>({
    mode: 'controlled',
    initialValues: workflow ? workflowToForm(workflow) : emptyWorkflowForm(),
    validate: (values) =>
      Object.fromEntries(Object.entries(validateWorkflow(values)).map(([field, key]) => [field, t(key)])),
  });

  // An integration switched off since keeps no place in the choice (the server would refuse it).
  const available = credentials.data;
  const { setFieldValue } = form;
  const chosen = form.values.n8n_workflow_integration_ids;
  useEffect(() => {
    if (!available) return;
    const kept = chosen.filter((id) => available.some((credential) => String(credential.id) === id));
    if (kept.length !== chosen.length) setFieldValue('n8n_workflow_integration_ids', kept);
  }, [available, chosen, setFieldValue]);

  const submit = form.onSubmit(async (values) => {
    // Submit is ignored while saving (client-area §5).
    if (save.isPending || !guard(editing ? 'workflow_update' : 'workflow_create')) return;
    try {
      const result = await save.mutateAsync({ id: workflow?.id ?? null, body: workflowBody(values) });
      notify('success', result.message || t(editing ? 'workflows.updated' : 'workflows.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.fields) {
          const field = SERVER_FIELDS[issue.field];
          if (field) form.setFieldError(field, issue.message);
        }
      }
      notify('error', errorMessage(error, t(editing ? 'workflows.failedUpdate' : 'workflows.failedCreate')));
    }
  });

  const noCredentials = credentials.isSuccess && credentials.data.length === 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(editing ? 'workflows.edit' : 'workflows.create')}
      fullScreen={phone}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('workflows.template')}
            placeholder={t('workflows.templatePlaceholder')}
            withAsterisk
            searchable
            nothingFoundMessage={t('workflows.noTemplates')}
            data={templateOptions(templates.data ?? [], workflow)}
            disabled={templates.isPending}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('workflow_id')}
          />
          {templates.isError && (
            <Alert color="red">{errorMessage(templates.error, t('errors.fetchList'))}</Alert>
          )}
          {noCredentials ? (
            <Alert color="yellow" data-testid="no-integrations">
              {t('workflows.noIntegrations')}{' '}
              <Anchor component={Link} to="/client/integrations" size="sm">
                {t('workflows.goToIntegrations')}
              </Anchor>
            </Alert>
          ) : null}
          <MultiSelect
            label={t('workflows.integrations')}
            placeholder={chosen.length ? undefined : t('workflows.integrationsPlaceholder')}
            withAsterisk
            searchable
            data={integrationOptions(credentials.data ?? [])}
            disabled={credentials.isPending || noCredentials}
            {...form.getInputProps('n8n_workflow_integration_ids')}
            error={
              form.errors.n8n_workflow_integration_ids ??
              (credentials.isError ? errorMessage(credentials.error, t('errors.fetchList')) : undefined)
            }
          />
          <Switch
            label={t('workflows.status')}
            description={t('workflows.statusHint')}
            {...form.getInputProps('status', { type: 'checkbox' })}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('workflows.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(editing ? 'workflows.save' : 'workflows.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
