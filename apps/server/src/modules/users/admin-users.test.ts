import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

describe('super-admin User Management', () => {
  it('lists every user of the platform with search and a role filter', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const all = await superAdmin('GET', '/api/admin/users?limit=100');
    expect(all.body.meta.total).toBe(4);
    const admins = await superAdmin('GET', '/api/admin/users?role=client_admin');
    expect(admins.body.data.map((u: { email: string }) => u.email).sort()).toEqual(
      [world.adminA.email, world.adminB.email].sort(),
    );
  });

  it('a user created here is always a super admin, whatever roles were chosen', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const created = await superAdmin('POST', '/api/admin/users', {
      full_name: 'Second Operator',
      email: 'ops2@platform.example.com',
      password: 'operator-pass-1',
      phone: '628123456789',
      roles: ['client_user'],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('User created successfully');
    expect(created.body.data).toMatchObject({ roles: ['super_admin'], company_id: null });
    expect((await signIn(env.app, 'ops2@platform.example.com', 'operator-pass-1')).user.role).toBe(
      'super_admin',
    );
  });

  it('editing keeps the roles', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const edited = await superAdmin('PUT', `/api/admin/users/id/${world.agentA.id}`, {
      full_name: 'Renamed Agent',
      roles: ['client_admin'],
    });
    expect(edited.body.message).toBe('User updated successfully');
    expect(edited.body.data).toMatchObject({ full_name: 'Renamed Agent', roles: ['client_user'] });
  });

  it('is for super admins only', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('GET', '/api/admin/users')).status).toBe(403);
    expect((await admin('POST', '/api/admin/users', {})).status).toBe(403);
  });
});
