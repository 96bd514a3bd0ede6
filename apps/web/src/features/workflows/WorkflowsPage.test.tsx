import type { WorkflowInstance } from '@app/contract/workflows';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiResponse, renderWithProviders, signInWith, stubFetch } from '../../test-utils.tsx';
import { WorkflowsPage } from './WorkflowsPage.tsx';

const workflow = (patch: Partial<WorkflowInstance> = {}): WorkflowInstance => ({
  id: 7,
  workflow_id: 3,
  workflow_name: 'Order status',
  n8n_workflow_integration_ids: [1],
  integrations: [{ id: 1, name: 'Demo WhatsApp', platform_name: 'WhatsApp Cloud API' }],
  status: true,
  engine_state: 'active',
  engine_workflow_id: 'abc',
  webhook_path: 'c1/w7/order-status',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

function serve(items: WorkflowInstance[], put?: () => Response) {
  return stubFetch(async (url, init) => {
    if (init?.method === 'PUT')
      return put ? put() : apiResponse(items[0], undefined, 'Workflow integration updated successfully');
    if (url.startsWith('/api/workflow/company')) return apiResponse(items, { total: items.length });
    if (url.startsWith('/api/workflow/templates')) return apiResponse([{ id: 3, name: 'Order status' }]);
    if (url.startsWith('/api/integrations/credentials')) return apiResponse([]);
    return apiResponse(null);
  });
}

const renderPage = () => renderWithProviders(<WorkflowsPage />);

describe('WorkflowsPage', () => {
  it('without workflow_read shows the denial and asks for nothing', () => {
    signInWith([]);
    const fetchMock = serve([]);
    renderPage();
    expect(screen.getByText(/You don't have permission to view workflows/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a reader sees the cards but no Create, toggle, edit or delete', async () => {
    signInWith(['workflow_read']);
    serve([workflow()]);
    renderPage();
    const card = await screen.findByTestId('workflow-card');
    expect(within(card).getByText('Demo WhatsApp · WhatsApp Cloud API')).toBeInTheDocument();
    expect(within(card).getByTestId('workflow-status')).toHaveTextContent('Active');
    expect(screen.queryByRole('button', { name: 'Create Workflow' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete Order status' })).not.toBeInTheDocument();
  });

  it('says plainly when activation waits for a workflow engine', async () => {
    signInWith(['workflow_read']);
    serve([workflow({ engine_state: 'waiting_for_engine', engine_workflow_id: null, webhook_path: null })]);
    renderPage();
    expect(await screen.findByTestId('waiting-for-engine')).toHaveTextContent(
      /Activation waits for a workflow engine/,
    );
  });

  it('shows the empty state', async () => {
    signInWith(['workflow_read', 'workflow_create']);
    serve([]);
    renderPage();
    expect(await screen.findByText('No workflows found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Workflow' })).toBeInTheDocument();
  });

  it('the toggle sends the whole item with its status flipped and says so', async () => {
    signInWith(['workflow_read', 'workflow_update']);
    const fetchMock = serve([workflow()]);
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Order status active' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(url).toBe('/api/workflow/company/7');
    expect(JSON.parse(String(init?.body))).toEqual({
      workflow_id: 3,
      n8n_workflow_integration_ids: [1],
      status: false,
    });
    expect(await screen.findByText('Workflow status updated successfully')).toBeInTheDocument();
  });

  it("shows the engine's refusal as the server said it", async () => {
    signInWith(['workflow_read', 'workflow_update']);
    serve([workflow()], () =>
      apiResponse(null, undefined, 'The workflow engine could not be reached; nothing was changed', 502),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Order status active' }));
    expect(
      await screen.findByText('The workflow engine could not be reached; nothing was changed'),
    ).toBeInTheDocument();
  });

  it('the dialog checks its fields and says when there are no integrations', async () => {
    signInWith(['workflow_read', 'workflow_create']);
    serve([]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Workflow' });
    expect(
      await within(dialog).findByText('No integrations available. Please add integrations first.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Workflow' }));
    expect(await within(dialog).findByText('Workflow template is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one integration is required')).toBeInTheDocument();
  });
});
