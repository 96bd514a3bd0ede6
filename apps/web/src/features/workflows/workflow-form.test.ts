import type { WorkflowInstance } from '@app/contract/workflows';
import { describe, expect, it } from 'vitest';
import {
  emptyWorkflowForm,
  integrationOptions,
  templateOptions,
  toggledBody,
  validateWorkflow,
  workflowBody,
  workflowToForm,
} from './workflow-form.ts';

const instance = (patch: Partial<WorkflowInstance> = {}): WorkflowInstance => ({
  id: 7,
  workflow_id: 3,
  workflow_name: 'Order status',
  n8n_workflow_integration_ids: [1, 2],
  integrations: [],
  status: true,
  engine_state: 'active',
  engine_workflow_id: 'abc',
  webhook_path: 'c1/w7/order-status',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('the Workflow form', () => {
  it('requires a template and at least one integration (client-area §5)', () => {
    expect(validateWorkflow(emptyWorkflowForm())).toEqual({
      workflow_id: 'workflows.templateRequired',
      n8n_workflow_integration_ids: 'workflows.integrationRequired',
    });
    expect(
      validateWorkflow({ workflow_id: '3', n8n_workflow_integration_ids: ['1'], status: false }),
    ).toEqual({});
  });

  it('sends the ids as numbers and round-trips an existing workflow', () => {
    expect(
      workflowBody({ workflow_id: '3', n8n_workflow_integration_ids: ['1', '2'], status: true }),
    ).toEqual({
      workflow_id: 3,
      n8n_workflow_integration_ids: [1, 2],
      status: true,
    });
    expect(workflowBody(workflowToForm(instance({ status: false })))).toEqual({
      workflow_id: 3,
      n8n_workflow_integration_ids: [1, 2],
      status: false,
    });
  });

  it('toggles by sending the whole item with its status flipped (client-area §4)', () => {
    expect(toggledBody(instance())).toEqual({
      workflow_id: 3,
      n8n_workflow_integration_ids: [1, 2],
      status: false,
    });
    expect(toggledBody(instance({ status: false })).status).toBe(true);
  });

  it("keeps the edited workflow's template among the options when it was withdrawn", () => {
    const active = [{ id: 4, name: 'FAQ' }];
    expect(templateOptions(active, null)).toEqual([{ value: '4', label: 'FAQ' }]);
    expect(templateOptions(active, instance())).toEqual([
      { value: '3', label: 'Order status' },
      { value: '4', label: 'FAQ' },
    ]);
    expect(templateOptions([{ id: 3, name: 'Order status' }], instance())).toHaveLength(1);
  });

  it('labels integrations with their platform', () => {
    expect(
      integrationOptions([{ id: 1, platform_name: 'WhatsApp Cloud API', data: { name: 'Support' } }]),
    ).toEqual([{ value: '1', label: 'Support (WhatsApp Cloud API)' }]);
  });
});
