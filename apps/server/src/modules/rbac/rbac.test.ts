import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { permissions } from '../../db/schema/rbac.ts';
import { signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('roles', () => {
  it('has the three built-in roles with their default policies', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const { body } = await superAdmin('GET', '/api/rbac/roles?limit=100');
    expect(names(body.data)).toEqual(expect.arrayContaining(['super_admin', 'client_admin', 'client_user']));
    const clientUser = body.data.find((role: { name: string }) => role.name === 'client_user');
    const actions = clientUser.policies.map((p: { action: string }) => p.action);
    expect(actions).toEqual(expect.arrayContaining(['users_read', 'chat_create', 'ticket_update']));
    expect(actions).not.toContain('users_create');
    expect(clientUser.policies[0]).toMatchObject({ feature: 'permission', role_name: 'client_user' });
    expect(clientUser.policies.find((p: { action: string }) => p.action === 'users_read').path).toBe(
      'users/read',
    );
    expect(clientUser.user_count).toBeGreaterThanOrEqual(1);
  });

  it('hides super_admin from company users, who may still read roles for their pickers', async () => {
    const admin = await world.as(world.adminA);
    const { status, body } = await admin('GET', '/api/rbac/roles?limit=100');
    expect(status).toBe(200);
    expect(names(body.data)).not.toContain('super_admin');
    const superRole = (await (await world.as(world.superAdmin))('GET', '/api/rbac/roles?search=super')).body
      .data[0];
    expect((await admin('GET', `/api/rbac/roles/id/${superRole.id}`)).status).toBe(404);
  });

  it('creates, edits and deletes a role; each change is audited', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const created = await superAdmin('POST', '/api/rbac/roles', {
      name: 'support_agent',
      description: 'Answers chats',
      policies: [{ action: 'chat_read', feature: 'permission' }, { action: 'chat_create' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Role created successfully');
    expect(created.body.data.policies.map((p: { action: string }) => p.action)).toEqual([
      'chat_read',
      'chat_create',
    ]);

    const id = created.body.data.id;
    const updated = await superAdmin('PUT', `/api/rbac/roles/id/${id}`, {
      description: 'Chats only',
      policies: [{ action: 'chat_read' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Role updated successfully');
    expect(updated.body.data).toMatchObject({
      description: 'Chats only',
      policies: [{ action: 'chat_read', path: 'chat/read' }],
    });

    const deleted = await superAdmin('DELETE', `/api/rbac/roles/id/${id}`);
    expect(deleted.status).toBe(200);
    expect((await superAdmin('GET', `/api/rbac/roles/id/${id}`)).status).toBe(404);
    const actions = (await env.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['rbac.role_created', 'rbac.role_updated', 'rbac.role_deleted']),
    );
  });

  it('takes effect on the next request of every holder of the role', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/users')).status).toBe(200);
    const role = (await superAdmin('GET', '/api/rbac/roles?search=client_user')).body.data[0];
    const kept = role.policies
      .filter((p: { action: string }) => p.action !== 'users_read')
      .map((p: { action: string }) => ({ action: p.action }));
    expect((await superAdmin('PUT', `/api/rbac/roles/id/${role.id}`, { policies: kept })).status).toBe(200);
    const denied = await agent('GET', '/api/users');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      "You don't have permission to view users. Please contact your administrator.",
    );
    expect((await signIn(env.app, world.agentA.email)).user.permissions).not.toContain('users_read');
    await superAdmin('PUT', `/api/rbac/roles/id/${role.id}`, {
      policies: role.policies.map((p: { action: string }) => ({ action: p.action })),
    });
    expect((await agent('GET', '/api/users')).status).toBe(200);
  });

  it.each([
    ['an empty name', { name: '' }, 'Name is required'],
    [
      'a name with spaces',
      { name: 'Support Agent' },
      'Use lower-case letters, digits and underscores, e.g. support_agent',
    ],
    [
      'an unknown permission',
      { name: 'odd_role', policies: [{ action: 'fly_plane' }] },
      'Unknown permission: fly_plane',
    ],
    ['an unknown field', { name: 'odd_role', colour: 'red' }, 'Unknown field: colour'],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const superAdmin = await world.as(world.superAdmin);
    const { status, body } = await superAdmin('POST', '/api/rbac/roles', payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('refuses a duplicate name, renaming or deleting a built-in role, and deleting a role in use', async () => {
    const superAdmin = await world.as(world.superAdmin);
    expect((await superAdmin('POST', '/api/rbac/roles', { name: 'client_admin' })).status).toBe(409);
    const builtIn = (await superAdmin('GET', '/api/rbac/roles?search=client_admin')).body.data[0];
    expect((await superAdmin('PUT', `/api/rbac/roles/id/${builtIn.id}`, { name: 'boss' })).body.message).toBe(
      'Built-in roles cannot be renamed or deleted',
    );
    expect((await superAdmin('DELETE', `/api/rbac/roles/id/${builtIn.id}`)).status).toBe(400);
    const used = (await superAdmin('POST', '/api/rbac/roles', { name: 'used_role' })).body.data;
    await world.make.user('used_role', world.companyA.id);
    const inUse = await superAdmin('DELETE', `/api/rbac/roles/id/${used.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('This role is still given to users');
  });

  it('lets only super admins change roles', async () => {
    const admin = await world.as(world.adminA);
    const response = await admin('POST', '/api/rbac/roles', { name: 'my_role' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Only a super admin can do this');
    expect((await admin('PUT', '/api/rbac/roles/id/1', { description: 'x' })).status).toBe(403);
  });
});

describe('permissions', () => {
  it('lists the catalogue with every key of the spec', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const { body } = await superAdmin('GET', '/api/rbac/permissions?limit=200&order_by=name&sort_by=asc');
    expect(names(body.data)).toEqual(
      expect.arrayContaining([
        'users_read',
        'knowledge_delete',
        'schedule_update',
        'chat_delete',
        'message_update',
        'blast_create',
      ]),
    );
    expect(body.meta.order_by).toBe('name');
  });

  it('creates several at once from comma-separated names, skipping ones that exist', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const response = await superAdmin('POST', '/api/rbac/permissions', {
      name: 'report_read, report_export,report_read, users_read',
    });
    expect(response.status).toBe(201);
    expect(names(response.body.data).sort()).toEqual(['report_export', 'report_read']);
    const again = await superAdmin('POST', '/api/rbac/permissions', { name: 'report_read' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A permission with this name already exists');
  });

  it('validates names and writes nothing when one is bad', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const before = (await env.database.db.select().from(permissions)).length;
    const empty = await superAdmin('POST', '/api/rbac/permissions', { name: '' });
    expect(empty.body.message).toBe('Name is required');
    const bad = await superAdmin('POST', '/api/rbac/permissions', { name: 'good_one, Bad One' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Bad One: Use lower-case letters, digits and underscores, e.g. users_read');
    expect((await env.database.db.select().from(permissions)).length).toBe(before);
  });

  it('renames a permission everywhere it is granted, and deleting removes the grants', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const [created] = (await superAdmin('POST', '/api/rbac/permissions', { name: 'export_data' })).body.data;
    const role = (
      await superAdmin('POST', '/api/rbac/roles', { name: 'exporter', policies: [{ action: 'export_data' }] })
    ).body.data;
    const renamed = await superAdmin('PUT', `/api/rbac/permissions/id/${created.id}`, {
      name: 'data_export',
    });
    expect(renamed.body.message).toBe('Permission updated successfully');
    expect((await superAdmin('GET', `/api/rbac/roles/id/${role.id}`)).body.data.policies).toEqual([
      { action: 'data_export', feature: 'permission', path: 'data/export', role_name: 'exporter' },
    ]);
    const deleted = await superAdmin('DELETE', `/api/rbac/permissions/id/${created.id}`);
    expect(deleted.body.message).toBe('Permission deleted successfully');
    expect((await superAdmin('GET', `/api/rbac/roles/id/${role.id}`)).body.data.policies).toEqual([]);
    expect((await superAdmin('DELETE', `/api/rbac/permissions/id/${created.id}`)).status).toBe(404);
  });

  it('is for super admins only', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('GET', '/api/rbac/permissions')).status).toBe(403);
    expect((await admin('POST', '/api/rbac/permissions', { name: 'x_y' })).status).toBe(403);
  });
});
