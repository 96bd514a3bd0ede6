import type { WorkflowInstance, WorkflowInstanceBody } from '@app/contract/workflows';
import type { IntegrationCredential, TemplateOption } from './workflows.api.ts';

/** The Workflow form's values: Mantine selects hold ids as strings. */
export interface WorkflowFormValues {
  workflow_id: string | null;
  n8n_workflow_integration_ids: string[];
  status: boolean;
}

/** New workflows run once saved unless the person turns 'Active' off. */
export const emptyWorkflowForm = (): WorkflowFormValues => ({
  workflow_id: null,
  n8n_workflow_integration_ids: [],
  status: true,
});

export const workflowToForm = (item: WorkflowInstance): WorkflowFormValues => ({
  workflow_id: String(item.workflow_id),
  n8n_workflow_integration_ids: item.n8n_workflow_integration_ids.map(String),
  status: item.status,
});

/** Field → i18n key of its message (client-area §5 'Workflow form'). */
export function validateWorkflow(
  values: WorkflowFormValues,
): Partial<Record<keyof WorkflowFormValues, string>> {
  const errors: Partial<Record<keyof WorkflowFormValues, string>> = {};
  if (!values.workflow_id) errors.workflow_id = 'workflows.templateRequired';
  if (values.n8n_workflow_integration_ids.length === 0)
    errors.n8n_workflow_integration_ids = 'workflows.integrationRequired';
  return errors;
}

export const workflowBody = (values: WorkflowFormValues): WorkflowInstanceBody => ({
  workflow_id: Number(values.workflow_id),
  n8n_workflow_integration_ids: values.n8n_workflow_integration_ids.map(Number),
  status: values.status,
});

/** The card's toggle: the whole item as it is, with its status flipped (client-area §4). */
export const toggledBody = (item: WorkflowInstance): WorkflowInstanceBody => ({
  workflow_id: item.workflow_id,
  n8n_workflow_integration_ids: item.n8n_workflow_integration_ids,
  status: !item.status,
});

/**
 * The template picker's options: the active templates, plus the one being edited when it has
 * been withdrawn meanwhile (it stays usable by the workflows made from it).
 */
export function templateOptions(templates: TemplateOption[], editing: WorkflowInstance | null) {
  const options = templates.map((template) => ({ value: String(template.id), label: template.name }));
  if (editing && !templates.some((template) => template.id === editing.workflow_id)) {
    options.unshift({ value: String(editing.workflow_id), label: editing.workflow_name });
  }
  return options;
}

/** 'Support Inbox (WhatsApp Cloud API)'. */
export const integrationOptions = (credentials: IntegrationCredential[]) =>
  credentials.map((credential) => ({
    value: String(credential.id),
    label: `${credential.data.name} (${credential.platform_name})`,
  }));

/** Server field names → the form's (the same here; kept as a map like the other forms). */
export const SERVER_FIELDS: Record<string, keyof WorkflowFormValues> = {
  workflow_id: 'workflow_id',
  n8n_workflow_integration_ids: 'n8n_workflow_integration_ids',
  status: 'status',
};
