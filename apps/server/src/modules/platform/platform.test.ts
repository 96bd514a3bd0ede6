import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

describe('platform settings', () => {
  it('answers defaults and saves changes; only super admins', async () => {
    const superAdmin = await world.as(world.superAdmin);
    expect((await superAdmin('GET', '/api/admin/settings')).body.data).toMatchObject({
      password_policy: 'medium',
      maintenance_mode: false,
      default_language: 'English',
    });
    const saved = await superAdmin('PUT', '/api/admin/settings', {
      two_factor: true,
      default_language: 'French',
    });
    expect(saved.body.message).toBe('Settings updated successfully');
    expect(saved.body.data).toMatchObject({
      two_factor: true,
      default_language: 'French',
      password_policy: 'medium',
    });
    expect((await superAdmin('PUT', '/api/admin/settings', { password_policy: 'extreme' })).status).toBe(400);
    expect((await (await world.as(world.adminA))('GET', '/api/admin/settings')).status).toBe(403);
  });

  it('the high password policy is enforced on every password set', async () => {
    const superAdmin = await world.as(world.superAdmin);
    await superAdmin('PUT', '/api/admin/settings', { password_policy: 'high' });
    try {
      const admin = await world.as(world.adminA);
      const weak = await admin('POST', '/api/users', {
        full_name: 'Weak',
        email: 'weak@alpha.example.com',
        password: 'abcdefgh',
        phone: '628123456789',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe(
        'Password must be at least 12 characters and include a special character',
      );
      const strong = await admin('POST', '/api/users', {
        full_name: 'Strong',
        email: 'strong@alpha.example.com',
        password: 'abcdefgh!2345',
        phone: '628123456789',
      });
      expect(strong.status).toBe(201);
      const change = await admin('POST', '/api/auth/reset-password', {
        old_password: PASSWORD,
        new_password: 'onlyletters',
        confirm_password: 'onlyletters',
      });
      expect(change.status).toBe(400);
      expect(change.body.data[0].field).toBe('new_password');
    } finally {
      await superAdmin('PUT', '/api/admin/settings', { password_policy: 'medium' });
    }
  });

  it('maintenance mode makes the client area read-only and is public knowledge', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const admin = await world.as(world.adminA);
    await superAdmin('PUT', '/api/admin/settings', { maintenance_mode: true });
    try {
      expect((await client(env.app)('GET', '/api/platform/status')).body.data.maintenance_mode).toBe(true);
      expect((await admin('GET', '/api/users')).status).toBe(200);
      const write = await admin('POST', '/api/users', {
        full_name: 'Paused',
        email: 'paused@alpha.example.com',
        password: 'abcdefgh1',
        phone: '628123456789',
      });
      expect(write.status).toBe(503);
      expect(write.body.message).toBe('The platform is under maintenance. Changes are paused until it ends.');
    } finally {
      await superAdmin('PUT', '/api/admin/settings', { maintenance_mode: false });
    }
    expect((await client(env.app)('GET', '/api/platform/status')).body.data.maintenance_mode).toBe(false);
  });
});

describe('GET /api/admin/system-health', () => {
  it('reports real figures of this process and its database', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const { status, body } = await superAdmin('GET', '/api/admin/system-health');
    expect(status).toBe(200);
    expect(body.data.status).toBe('Healthy');
    expect(body.data.database.reachable).toBe(true);
    expect(body.data.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.data.memory.rss_bytes).toBeGreaterThan(10_000_000);
    expect(body.data.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(typeof body.data.cpu_percent).toBe('number');
    expect((await (await world.as(world.adminA))('GET', '/api/admin/system-health')).status).toBe(403);
  });
});
