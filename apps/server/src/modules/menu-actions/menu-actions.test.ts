import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

describe('chat menu actions', () => {
  it('creates several in one submission, lists, edits and deletes them', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const created = await superAdmin('POST', '/api/chats/menus/actions', {
      actions: [
        { action_code: 'TALK_TO_AGENT', action_name: 'Talk to an agent' },
        { action_code: 'CHECK_ORDER', action_name: 'Check my order' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Menu Action created successfully');
    expect(created.body.data).toHaveLength(2);

    const agent = await world.as(world.agentA);
    const list = await agent('GET', '/api/chats/menus/actions?search=order');
    expect(list.body.data.map((a: { action_code: string }) => a.action_code)).toEqual(['CHECK_ORDER']);

    const id = created.body.data[1].id;
    const edited = await superAdmin('PUT', `/api/chats/menus/actions/id/${id}`, {
      action_code: 'ORDER_STATUS',
      action_name: 'Order status',
    });
    expect(edited.body.data).toMatchObject({ action_code: 'ORDER_STATUS', action_name: 'Order status' });
    const deleted = await superAdmin('DELETE', `/api/chats/menus/actions/id/${id}`);
    expect(deleted.body.message).toBe('Menu Action deleted successfully');
    expect((await superAdmin('DELETE', `/api/chats/menus/actions/id/${id}`)).status).toBe(404);
  });

  it.each([
    ['an empty code', [{ action_code: '', action_name: 'x' }], 'Action code is required'],
    ['an empty name', [{ action_code: 'X', action_name: '' }], 'Action name is required'],
    ['no actions', [], 'Add at least one action'],
  ])('refuses %s', async (_label, actions, message) => {
    const superAdmin = await world.as(world.superAdmin);
    const response = await superAdmin('POST', '/api/chats/menus/actions', { actions });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a duplicate code, within a submission or against the catalogue, writing nothing', async () => {
    const superAdmin = await world.as(world.superAdmin);
    await superAdmin('POST', '/api/chats/menus/actions', {
      actions: [{ action_code: 'DUP', action_name: 'First' }],
    });
    const again = await superAdmin('POST', '/api/chats/menus/actions', {
      actions: [
        { action_code: 'NEW_ONE', action_name: 'x' },
        { action_code: 'DUP', action_name: 'y' },
      ],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Action code DUP already exists');
    const twice = await superAdmin('POST', '/api/chats/menus/actions', {
      actions: [
        { action_code: 'TWIN', action_name: 'a' },
        { action_code: 'TWIN', action_name: 'b' },
      ],
    });
    expect(twice.status).toBe(409);
    expect((await superAdmin('GET', '/api/chats/menus/actions?search=NEW_ONE')).body.data).toEqual([]);
  });

  it('only super admins change the catalogue', async () => {
    const admin = await world.as(world.adminA);
    expect(
      (await admin('POST', '/api/chats/menus/actions', { actions: [{ action_code: 'A', action_name: 'B' }] }))
        .status,
    ).toBe(403);
  });
});
