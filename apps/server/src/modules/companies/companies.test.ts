import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { client, PASSWORD, signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

const form = {
  company_name: 'Gamma Retail',
  industry: 'E-commerce',
  city: 'Surabaya',
  status: 'active',
  contact_email: 'ops@gamma.example.com',
  contact_phone: '6281122334455',
  address: 'Jl. Pemuda 10',
  website: 'https://gamma.example.com',
};

describe('GET /api/client/companies', () => {
  it('lists live companies with search, filters and pages of 3', async () => {
    const superAdmin = await world.as(world.superAdmin);
    await world.make.company('Filter Trial Co', 'trial');
    const page = await superAdmin('GET', '/api/client/companies?limit=3');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(3);
    expect(page.body.meta.total).toBeGreaterThanOrEqual(3);
    const searched = await superAdmin('GET', '/api/client/companies?search=alpha');
    expect(searched.body.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Alpha Co']);
    const trial = await superAdmin('GET', '/api/client/companies?status=trial');
    expect(trial.body.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Filter Trial Co']);
    const byCity = await superAdmin('GET', '/api/client/companies?city=bandung&industry=Technology');
    expect(byCity.body.meta.total).toBeGreaterThanOrEqual(3);
    expect((await superAdmin('GET', '/api/client/companies?status=sleeping')).status).toBe(400);
  });

  it('is for super admins only', async () => {
    expect((await (await world.as(world.adminA))('GET', '/api/client/companies')).status).toBe(403);
    expect((await client(env.app)('GET', '/api/client/companies')).status).toBe(401);
  });
});

describe('company detail, edit, status and delete', () => {
  it('answers the detail with the active users count', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const { body } = await superAdmin('GET', `/api/client/companies/id/${world.companyA.id}`);
    expect(body.data).toMatchObject({ company_name: 'Alpha Co', access_level: 'full', active_users: 2 });
    expect((await superAdmin('GET', '/api/client/companies/id/999999')).body.message).toBe(
      'Company not found',
    );
  });

  it('edits with the company form rules', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const company = await world.make.company('Editable Co');
    const ok = await superAdmin('PUT', `/api/client/companies/external/${company.externalId}`, form);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Company updated successfully');
    expect(ok.body.data).toMatchObject({
      company_name: 'Gamma Retail',
      industry: 'E-commerce',
      city: 'Surabaya',
    });

    const cases: [Record<string, unknown>, string][] = [
      [{ company_name: '' }, 'Company name is required'],
      [{ company_name: 'x'.repeat(256) }, 'Company name must be at most 255 characters'],
      [{ industry: 'Mining' }, 'Industry is required'],
      [{ contact_email: 'nope' }, 'Invalid email address'],
      [{ contact_phone: '0812345' }, 'Format nomor telepon tidak valid (Contoh: 628123456789)'],
      [{ contact_phone: '628123456789012' }, 'Format nomor telepon tidak valid (Contoh: 628123456789)'],
      [{ address: ' ' }, 'Address is required'],
      [{ owner: 'me' }, 'Unknown field: owner'],
    ];
    for (const [change, message] of cases) {
      const response = await superAdmin('PUT', `/api/client/companies/external/${company.externalId}`, {
        ...form,
        ...change,
      });
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const [row] = await env.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.companyName).toBe('Gamma Retail');
  });

  it('suspending locks the company users out at once; activating lets them sign in again', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const company = await world.make.company('Suspendable Co');
    const admin = await world.make.user('client_admin', company.id);
    const theirs = client(env.app, (await signIn(env.app, admin.email)).access_token);
    expect((await theirs('GET', '/api/users')).status).toBe(200);

    const suspended = await superAdmin('PUT', `/api/client/companies/id/${company.id}/status`, {
      status: 'suspended',
    });
    expect(suspended.body.message).toBe('Status successfully updated');
    expect(suspended.body.data.status).toBe('suspended');
    expect((await theirs('GET', '/api/users')).status).toBe(401);
    const login = await client(env.app)('POST', '/api/auth/login', {
      username: admin.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(403);

    await superAdmin('PUT', `/api/client/companies/id/${company.id}/status`, { status: 'active' });
    expect(
      (await client(env.app)('POST', '/api/auth/login', { username: admin.email, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect((await superAdmin('PUT', `/api/client/companies/id/${company.id}/status`, {})).body.message).toBe(
      'Status is required',
    );
  });

  it('deletes softly: the row stays, the company disappears and its users are locked out', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const company = await world.make.company('Deletable Co');
    const admin = await world.make.user('client_admin', company.id);
    const response = await superAdmin('DELETE', `/api/client/companies/id/${company.id}`);
    expect(response.body.message).toBe('Client successfully deleted');
    const [row] = await env.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await superAdmin('GET', `/api/client/companies/id/${company.id}`)).status).toBe(404);
    expect((await superAdmin('GET', '/api/client/companies?search=Deletable')).body.data).toEqual([]);
    expect(
      (await client(env.app)('POST', '/api/auth/login', { username: admin.email, password: PASSWORD }))
        .status,
    ).toBe(403);
    expect((await superAdmin('DELETE', `/api/client/companies/id/${company.id}`)).status).toBe(404);
  });

  it('refuses all of it to a client token', async () => {
    const admin = await world.as(world.adminA);
    expect(
      (await admin('PUT', `/api/client/companies/id/${world.companyB.id}/status`, { status: 'suspended' }))
        .status,
    ).toBe(403);
    expect((await admin('DELETE', `/api/client/companies/id/${world.companyB.id}`)).status).toBe(403);
    expect(
      (await admin('PUT', `/api/client/companies/external/${world.companyB.externalId}`, form)).status,
    ).toBe(403);
  });
});

describe('access level', () => {
  it('a custom access level narrows what the company roles grant, on the next request', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const company = await world.make.company('Narrow Co');
    const admin = await world.make.user('client_admin', company.id);
    const theirs = client(env.app, (await signIn(env.app, admin.email)).access_token);
    expect((await theirs('GET', '/api/users')).status).toBe(200);

    const custom = await superAdmin('PUT', `/api/client/companies/id/${company.id}/access`, {
      access_level: 'custom',
      custom_permissions: ['chat_read', 'chat_create'],
    });
    expect(custom.status).toBe(200);
    expect(custom.body.data).toMatchObject({
      access_level: 'custom',
      custom_permissions: ['chat_read', 'chat_create'],
    });
    expect((await theirs('GET', '/api/users')).status).toBe(403);
    expect((await signIn(env.app, admin.email)).user.permissions.sort()).toEqual([
      'chat_create',
      'chat_read',
    ]);

    await superAdmin('PUT', `/api/client/companies/id/${company.id}/access`, { access_level: 'full' });
    expect((await theirs('GET', '/api/users')).status).toBe(200);
    const bad = await superAdmin('PUT', `/api/client/companies/id/${company.id}/access`, {
      access_level: 'custom',
      custom_permissions: ['launch_rockets'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown permission: launch_rockets');
  });
});
