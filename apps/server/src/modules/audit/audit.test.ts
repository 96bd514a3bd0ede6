import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

describe('the audit log', () => {
  it('shows super admins who did what, newest first, searchable and filtered by action', async () => {
    const superAdmin = await world.as(world.superAdmin);
    await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: world.adminA.email, password: 'wrong-password-1' },
    });
    const changed = await (await world.as(world.adminA))('POST', '/api/auth/reset-password', {
      old_password: PASSWORD,
      new_password: 'another-horse-9',
      confirm_password: 'another-horse-9',
    });
    expect(changed.status).toBeLessThan(300);

    const all = await superAdmin('GET', '/api/admin/audit-log?limit=100');
    expect(all.status).toBe(200);
    const actions = all.body.data.map((entry: { action: string }) => entry.action);
    expect(actions[0]).toBe('auth.password_changed');
    expect(actions).toEqual(expect.arrayContaining(['auth.sign_in_failed', 'auth.password_changed']));
    const failed = all.body.data.find((entry: { action: string }) => entry.action === 'auth.sign_in_failed');
    expect(failed).toMatchObject({ subject: world.adminA.email.toLowerCase() });

    const changes = await superAdmin('GET', '/api/admin/audit-log?action=auth.password');
    expect(changes.body.data).toMatchObject([
      { action: 'auth.password_changed', company_name: 'Alpha Co', actor_email: world.adminA.email },
    ]);
    const searched = await superAdmin(
      'GET',
      `/api/admin/audit-log?search=${encodeURIComponent(world.adminA.email)}`,
    );
    expect(searched.body.meta.total).toBeGreaterThanOrEqual(2);
    const byCompany = await superAdmin(
      'GET',
      `/api/admin/audit-log?company_id=${world.companyB.id}&action=auth.password`,
    );
    expect(byCompany.body.data).toEqual([]);
  });

  it('is for super admins only', async () => {
    const admin = await world.as(world.adminB);
    expect((await admin('GET', '/api/admin/audit-log')).status).toBe(403);
  });
});
