import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram } from '../../test/messaging.ts';
import { orderStatusExport } from '../../test/n8n-export.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let superAdmin: Client;
let adminA: Client;
let integrationA: number;
let templateId: number;

const n8n = () => env.app.sandbox!.n8n!;

beforeAll(async () => {
  env = await startApp({}, { listen: true });
  world = await standardWorld(env);
  superAdmin = await world.as(world.superAdmin);
  adminA = await world.as(world.adminA);
  integrationA = (await activeTelegram(env, adminA)).id;
});
afterAll(() => env.close());

describe('workflow templates', () => {
  it('imports a real n8n export and shows its nodes, connections and tags', async () => {
    const imported = await superAdmin('POST', '/api/workflows/import', orderStatusExport());
    expect(imported.status).toBe(201);
    expect(imported.body.message).toBe('Workflow template imported successfully');
    const [template] = imported.body.data;
    templateId = template.id;
    expect(template).toMatchObject({
      name: 'Order status',
      active: true,
      node_count: 3,
      tags: [{ id: 'tg1', name: 'orders' }],
      engine_workflow_id: null,
      used_by: 0,
    });
    expect(template.nodes.map((node: { name: string }) => node.name)).toEqual([
      'Webhook',
      'Look up order',
      'Respond to Webhook',
    ]);
    expect(template.connections.Webhook.main[0][0].node).toBe('Look up order');
    const listed = await superAdmin('GET', '/api/workflows?search=order');
    expect(listed.body.data.map((t: { id: number }) => t.id)).toEqual([templateId]);
  });

  it('refuses what is not an n8n export and keeps nothing', async () => {
    const before = (await superAdmin('GET', '/api/workflows')).body.meta.total;
    const broken = orderStatusExport('Broken');
    broken.connections.Webhook.main[0]![0]!.node = 'Nowhere';
    for (const body of [{ name: 'No nodes', nodes: [], connections: {} }, broken, [1, 2]]) {
      const refused = await superAdmin('POST', '/api/workflows/import', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('The file is not an n8n workflow export');
    }
    expect((await superAdmin('GET', '/api/workflows')).body.meta.total).toBe(before);
    expect((await adminA('POST', '/api/workflows/import', orderStatusExport())).status).toBe(403);
  });

  it('pulls the engine workflows once, updating them on the next pull', async () => {
    const {
      id: _id,
      active: _active,
      tags: _tags,
      createdAt: _c,
      updatedAt: _u,
      versionId: _v,
      ...definition
    } = orderStatusExport('Lead intake');
    const created = await fetch(`${env.app.deps.config.workflowEngine!.baseUrl}/api/v1/workflows`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-n8n-api-key': env.app.deps.config.workflowEngine!.apiKey,
      },
      body: JSON.stringify(definition),
    });
    expect(created.status).toBe(200);
    const first = await superAdmin('POST', '/api/workflows/pull');
    expect(first.body.message).toBe('1 workflow template pulled from the engine');
    const second = await superAdmin('POST', '/api/workflows/pull');
    expect(second.body.data[0].id).toBe(first.body.data[0].id);
    const pulled = (await superAdmin('GET', '/api/workflows?search=Lead')).body;
    expect(pulled.meta.total).toBe(1);
    expect(pulled.data[0].engine_workflow_id).toBe((await created.json()).id);
  });

  it('withdraws a template from companies with the toggle', async () => {
    const toggled = await superAdmin('PATCH', `/api/workflows/${templateId}/toggle-active`);
    expect(toggled.body).toMatchObject({
      message: 'Workflow status updated successfully',
      data: { active: false },
    });
    const offered = (await adminA('GET', '/api/workflow/templates')).body.data.map(
      (t: { id: number }) => t.id,
    );
    expect(offered).not.toContain(templateId);
    await superAdmin('PATCH', `/api/workflows/${templateId}/toggle-active`);
    expect(
      (await adminA('GET', '/api/workflow/templates')).body.data.map((t: { id: number }) => t.id),
    ).toContain(templateId);
  });
});

describe('company workflows', () => {
  let workflowId: number;

  it('validates with the spec texts and stores nothing', async () => {
    const missing = await adminA('POST', '/api/workflow/company', { n8n_workflow_integration_ids: [] });
    expect(missing.status).toBe(400);
    const fields = Object.fromEntries(
      (missing.body.data as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      workflow_id: 'Workflow template is required',
      n8n_workflow_integration_ids: 'At least one integration is required',
    });
    const foreignIntegration = (
      await activeTelegram(env, await world.as(world.adminB), '654321:TEST-token-zyxwvutsrqpo')
    ).id;
    const refused = await adminA('POST', '/api/workflow/company', {
      workflow_id: templateId,
      n8n_workflow_integration_ids: [foreignIntegration],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'An integration is not available; pick one of your active integrations',
    );
    expect((await adminA('GET', '/api/workflow/company')).body.meta.total).toBe(0);
  });

  it("creates the company's copy in the engine under a path of its own and activates it", async () => {
    const created = await adminA('POST', '/api/workflow/company', {
      workflow_id: templateId,
      n8n_workflow_integration_ids: [integrationA],
      status: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Workflow integration created successfully');
    workflowId = created.body.data.id;
    expect(created.body.data).toMatchObject({
      workflow_name: 'Order status',
      status: true,
      engine_state: 'active',
      webhook_path: `c${world.companyA.id}/w${workflowId}/order-status`,
      integrations: [{ id: integrationA, name: 'Support bot', platform_name: expect.any(String) }],
    });
    const copy = n8n().workflows.get(created.body.data.engine_workflow_id)!;
    expect(copy.active).toBe(true);
    expect(copy.name).toBe('Order status · Alpha Co');
    const calls = n8n().requests.filter((r) => r.url.includes('/api/v1/'));
    expect(
      calls.every((r) => r.headers['x-n8n-api-key'] === env.app.deps.config.workflowEngine!.apiKey),
    ).toBe(true);
    // The copy answers on its own webhook.
    const answer = await fetch(
      `${env.app.deps.config.workflowEngine!.webhookUrl}/webhook/${created.body.data.webhook_path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"customer_name":"Ani"}' },
    );
    expect(await answer.json()).toEqual({ reply: 'Order status for Ani: shipped' });
  });

  it('keeps the stored state when the engine is down, and toggles once it is back', async () => {
    const body = { workflow_id: templateId, n8n_workflow_integration_ids: [integrationA], status: false };
    n8n().down = true;
    try {
      const refused = await adminA('PUT', `/api/workflow/company/${workflowId}`, body);
      expect(refused.status).toBe(502);
      expect(refused.body.message).toBe('The workflow engine could not be reached; nothing was changed');
      const created = await adminA('POST', '/api/workflow/company', { ...body, status: true });
      expect(created.status).toBe(502);
      expect((await adminA('GET', '/api/workflow/company')).body.data).toMatchObject([
        { id: workflowId, status: true, engine_state: 'active' },
      ]);
    } finally {
      n8n().down = false;
    }
    const toggled = await adminA('PUT', `/api/workflow/company/${workflowId}`, body);
    expect(toggled.body).toMatchObject({ data: { status: false, engine_state: 'inactive' } });
    const [row] = (await adminA('GET', '/api/workflow/company')).body.data;
    expect(n8n().workflows.get(row.engine_workflow_id)!.active).toBe(false);
  });

  it('keeps companies apart and follows the workflow permissions', async () => {
    const adminB = await world.as(world.adminB);
    expect((await adminB('GET', '/api/workflow/company')).body.data).toEqual([]);
    const body = { workflow_id: templateId, n8n_workflow_integration_ids: [integrationA], status: true };
    expect((await adminB('PUT', `/api/workflow/company/${workflowId}`, body)).status).toBe(404);
    expect((await adminB('DELETE', `/api/workflow/company/${workflowId}`)).status).toBe(404);
    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/workflow/company')).body.meta.total).toBe(1);
    const denied = await agent('POST', '/api/workflow/company', body);
    expect(denied.status).toBe(403);
    expect((await superAdmin('DELETE', `/api/workflows/${templateId}`)).status).toBe(409);
  });

  it('deletes the copy from the engine too', async () => {
    const [row] = (await adminA('GET', '/api/workflow/company')).body.data;
    const deleted = await adminA('DELETE', `/api/workflow/company/${workflowId}`);
    expect(deleted.body.message).toBe('Workflow deleted successfully');
    expect(n8n().workflows.has(row.engine_workflow_id)).toBe(false);
    expect((await adminA('GET', '/api/workflow/company')).body.meta.total).toBe(0);
  });
});

describe('without a workflow engine', () => {
  it('stores the workflow and says activation waits for an engine', async () => {
    const bare = await startApp({ CHANNELS_SANDBOX: 'false' }, { listen: true });
    try {
      const local = await standardWorld(bare);
      const boss = await local.as(local.superAdmin);
      expect((await boss('GET', '/api/workflows/engine')).body.data).toEqual({
        configured: false,
        sandbox: false,
      });
      const template = (await boss('POST', '/api/workflows/import', orderStatusExport())).body.data[0];
      const admin = await local.as(local.adminA);
      const integration = (await activeTelegram(bare, admin)).id;
      const created = await admin('POST', '/api/workflow/company', {
        workflow_id: template.id,
        n8n_workflow_integration_ids: [integration],
        status: true,
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        status: true,
        engine_state: 'waiting_for_engine',
        engine_workflow_id: null,
      });
      expect((await boss('POST', '/api/workflows/pull')).body.message).toBe(
        'No workflow engine is configured: activation waits until one is connected',
      );
    } finally {
      await bare.close();
    }
  });
});
