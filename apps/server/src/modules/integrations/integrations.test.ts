import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../db/schema/messaging.ts';
import { standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { platformId } from '../../test/messaging.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

const TOKEN = '987654:SECRET-bot-token-wxyz';
const body = async (overrides: Record<string, unknown> = {}) => ({
  type: 'message_platform',
  integration_id: await platformId(env, 'telegram'),
  title: 'Sales bot',
  integration_contact: TOKEN,
  ...overrides,
});

describe('integrations', () => {
  it('lists the platforms of the form', async () => {
    const admin = await world.as(world.adminA);
    const { body: answer } = await admin('GET', '/api/integrations/platforms');
    expect(answer.data.map((p: { platform_name: string }) => p.platform_name)).toEqual([
      'WhatsApp Cloud API',
      'WhatsApp Web (QR)',
      'Telegram',
    ]);
  });

  it('creates an inactive integration and never sends the bot token back', async () => {
    const admin = await world.as(world.adminA);
    const created = await admin('POST', '/api/integrations', await body());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Integration created successfully');
    expect(created.body.data).toMatchObject({
      status: 'inactive',
      title: 'Sales bot',
      integration_contact: '••••wxyz',
      platform_name: 'Telegram',
    });
    expect(created.body.data.webhook_url).toMatch(/\/api\/webhooks\/telegram\/[0-9a-f-]{36}$/);
    const list = await admin('GET', '/api/integrations');
    expect(JSON.stringify(list.body)).not.toContain('SECRET-bot-token');
    const [row] = await env.database.db.select().from(integrations);
    expect(row!.accountIdEncrypted).not.toContain('SECRET');
  });

  it.each([
    ['no type', { type: undefined }, 'Integration type is required'],
    ['no platform', { integration_id: undefined }, 'Platform is required'],
    ['no name', { title: ' ' }, 'Integration name is required'],
    ['no AccountID', { integration_contact: '' }, 'AccountID is required'],
    ['a status on create', { status: 'active' }, 'Invalid input: expected "inactive"'],
  ])('refuses %s', async (_label, overrides, message) => {
    const admin = await world.as(world.adminA);
    const response = await admin('POST', '/api/integrations', await body(overrides));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('needs a status when editing, and an existing platform', async () => {
    const admin = await world.as(world.adminA);
    const created = (await admin('POST', '/api/integrations', await body())).body.data;
    const noStatus = await admin('PUT', `/api/integrations/id/${created.id}`, await body());
    expect(noStatus.body.message).toBe('Status is required');
    const badPlatform = await admin(
      'PUT',
      `/api/integrations/id/${created.id}`,
      await body({ integration_id: 999, status: 'inactive' }),
    );
    expect(badPlatform.body.message).toBe('Platform not found');
    const renamed = await admin(
      'PUT',
      `/api/integrations/id/${created.id}`,
      await body({ title: 'Renamed', integration_contact: '••••wxyz', status: 'inactive' }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('Integration updated successfully');
    expect(renamed.body.data.integration_contact).toBe('••••wxyz');
  });

  it('speaks the spec permission texts', async () => {
    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/integrations')).status).toBe(200);
    const create = await agent('POST', '/api/integrations', await body());
    expect(create.status).toBe(403);
    expect(create.body.message).toBe("You don't have permission to create integration");
    const update = await agent('PUT', '/api/integrations/id/1', await body({ status: 'inactive' }));
    expect(update.body.message).toBe("You don't have permission to update integration");
  });

  it("answers 404 for another company's integration", async () => {
    const admin = await world.as(world.adminA);
    const created = (await admin('POST', '/api/integrations', await body())).body.data;
    const other = await world.as(world.adminB);
    expect((await other('GET', `/api/integrations/id/${created.id}`)).status).toBe(404);
    expect(
      (await other('PUT', `/api/integrations/id/${created.id}`, await body({ status: 'inactive' }))).status,
    ).toBe(404);
    expect((await other('DELETE', `/api/integrations/id/${created.id}`)).status).toBe(404);
    expect((await other('GET', '/api/integrations')).body.data).toEqual([]);
  });

  it('deletes an integration', async () => {
    const admin = await world.as(world.adminA);
    const created = (await admin('POST', '/api/integrations', await body())).body.data;
    expect((await admin('DELETE', `/api/integrations/id/${created.id}`)).body.message).toBe(
      'Integration deleted successfully',
    );
    expect((await admin('GET', `/api/integrations/id/${created.id}`)).status).toBe(404);
  });
});
