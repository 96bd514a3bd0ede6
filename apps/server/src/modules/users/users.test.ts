import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { client, PASSWORD, signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Siti Rahma',
  email: `siti${Math.random().toString(36).slice(2, 8)}@alpha.example.com`,
  password: 'secret-pass-1',
  phone: '6281234567890',
  ...overrides,
});
const countUsers = async () => (await env.database.db.select().from(users)).length;

describe('GET /api/users', () => {
  it('lists only the caller company users, newest first, with the list meta', async () => {
    const admin = await world.as(world.adminA);
    const { status, body } = await admin('GET', '/api/users');
    expect(status).toBe(200);
    const emails = body.data.map((user: { email: string }) => user.email);
    expect(emails).toEqual(expect.arrayContaining([world.adminA.email, world.agentA.email]));
    expect(emails).not.toContain(world.adminB.email);
    expect(body.meta).toMatchObject({
      page: 1,
      limit: 10,
      offset: 0,
      search: '',
      sort_by: 'desc',
      order_by: 'created_at',
    });
    expect(body.meta.total).toBe(body.data.length);
    const created = body.data.map((user: { created_at: string }) => user.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(body.data[0]).not.toHaveProperty('password_hash');
    expect(body.data[0].user_info.email).toBe(body.data[0].email);
  });

  it('searches by name or e-mail and pages', async () => {
    const admin = await world.as(world.adminA);
    for (const name of ['Paging One', 'Paging Two', 'Paging Three']) {
      expect((await admin('POST', '/api/users', newUser({ full_name: name }))).status).toBe(201);
    }
    const page1 = await admin(
      'GET',
      '/api/users?search=paging&limit=2&page=1&order_by=full_name&sort_by=asc',
    );
    expect(page1.body.data.map((u: { full_name: string }) => u.full_name)).toEqual([
      'Paging One',
      'Paging Three',
    ]);
    expect(page1.body.meta).toMatchObject({ total: 3, page: 1, limit: 2 });
    const page2 = await admin(
      'GET',
      '/api/users?search=paging&limit=2&page=2&order_by=full_name&sort_by=asc',
    );
    expect(page2.body.data.map((u: { full_name: string }) => u.full_name)).toEqual(['Paging Two']);
    const wildcard = await admin('GET', `/api/users?search=${encodeURIComponent('%')}`);
    expect(wildcard.body.data).toEqual([]);
  });

  it.each([
    ['page=0', 400],
    ['limit=100000', 400],
    ['sort_by=sideways', 400],
    ['order_by=password_hash', 400],
  ])('refuses %s with 400', async (query, status) => {
    const admin = await world.as(world.adminA);
    expect((await admin('GET', `/api/users?${query}`)).status).toBe(status);
  });

  it('needs users_read, with the spec wording; a super admin without a company is refused too', async () => {
    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/users')).status).toBe(200); // client_user reads
    const superAdmin = await world.as(world.superAdmin);
    const response = await superAdmin('GET', '/api/users');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      "You don't have permission to view users. Please contact your administrator.",
    );
    expect((await client(env.app)('GET', '/api/users')).status).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates a client_user by default and it can sign in', async () => {
    const admin = await world.as(world.adminA);
    const body = newUser({ email: 'Budi@Alpha.example.com' });
    const response = await admin('POST', '/api/users', body);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('User registered successfully');
    expect(response.body.data).toMatchObject({
      email: 'budi@alpha.example.com',
      username: 'budi',
      roles: ['client_user'],
      company_id: world.companyA.id,
      status: 'active',
    });
    expect((await signIn(env.app, 'budi@alpha.example.com', 'secret-pass-1')).user.company_id).toBe(
      world.companyA.id,
    );
  });

  it('keeps a date of birth given as a Z timestamp, and null when empty', async () => {
    const admin = await world.as(world.adminA);
    const withDate = await admin('POST', '/api/users', newUser({ date_of_birth: '1990-05-01T00:00:00Z' }));
    expect(withDate.body.data.date_of_birth).toBe('1990-05-01T00:00:00.000Z');
    const empty = await admin('POST', '/api/users', newUser({ date_of_birth: '' }));
    expect(empty.body.data.date_of_birth).toBeNull();
  });

  it.each([
    ['missing full name', { full_name: undefined }, 'Full name is required'],
    ['blank full name', { full_name: '   ' }, 'Full name is required'],
    ['bad e-mail', { email: 'nope' }, 'Invalid email address'],
    ['missing password', { password: undefined }, 'Password is required'],
    ['short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['empty phone', { phone: '' }, 'Please fill in this field'],
    ['phone not 62', { phone: '081234567890' }, 'Format nomor telepon tidak valid (Contoh: 628123456789)'],
    ['phone too short', { phone: '6281234' }, 'Format nomor telepon tidak valid (Contoh: 628123456789)'],
    [
      'phone too long',
      { phone: '62812345678901234' },
      'Format nomor telepon tidak valid (Contoh: 628123456789)',
    ],
    ['empty roles', { roles: [] }, 'Role is required'],
    [
      'date of birth without Z',
      { date_of_birth: '1990-05-01' },
      'Date of birth must be a timestamp ending with Z',
    ],
    ['unknown field', { is_admin: true }, 'Unknown field: is_admin'],
    ['huge name', { full_name: 'x'.repeat(100_000) }, 'Must be at most 255 characters'],
  ])('refuses %s with 400 and writes nothing', async (_label, overrides, message) => {
    const admin = await world.as(world.adminA);
    const before = await countUsers();
    const { status, body } = await admin('POST', '/api/users', newUser(overrides));
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it('never gives super_admin, and refuses unknown roles', async () => {
    const admin = await world.as(world.adminA);
    const sneaky = await admin('POST', '/api/users', newUser({ roles: ['super_admin'] }));
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.message).toBe('The super_admin role cannot be given to a company user');
    const unknown = await admin('POST', '/api/users', newUser({ roles: ['wizard'] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Role not found');
  });

  it('refuses an e-mail already registered with 409', async () => {
    const admin = await world.as(world.adminA);
    const response = await admin('POST', '/api/users', newUser({ email: world.adminB.email }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This email is already registered');
  });

  it('needs users_create, with the spec wording', async () => {
    const agent = await world.as(world.agentA);
    const before = await countUsers();
    const response = await agent('POST', '/api/users', newUser());
    expect(response.status).toBe(403);
    expect(response.body.message).toBe("You don't have permission to create users");
    expect(await countUsers()).toBe(before);
  });

  it('tells the rest of the company with a notification', async () => {
    const admin = await world.as(world.adminA);
    await admin('POST', '/api/users', newUser({ full_name: 'Notified Person' }));
    const agent = await world.as(world.agentA);
    const list = await agent('GET', '/api/notifications');
    expect(list.body.data[0]).toMatchObject({
      title: 'New user added',
      type_message: 'Information',
      is_read: false,
    });
    expect(list.body.data[0].body).toContain('Notified Person');
    const other = await world.as(world.adminB);
    expect(
      (await other('GET', '/api/notifications')).body.data.some((n: { body: string }) =>
        n.body.includes('Notified Person'),
      ),
    ).toBe(false);
  });
});

describe('PUT and DELETE /api/users/id/:id', () => {
  it('updates a user of the company', async () => {
    const admin = await world.as(world.adminA);
    const created = (await admin('POST', '/api/users', newUser())).body.data;
    const response = await admin('PUT', `/api/users/id/${created.id}`, {
      full_name: 'Renamed',
      roles: ['client_admin'],
      phone: '6289876543210',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User updated successfully');
    expect(response.body.data).toMatchObject({
      full_name: 'Renamed',
      roles: ['client_admin'],
      phone: '6289876543210',
    });
  });

  it('does not let the e-mail change', async () => {
    const admin = await world.as(world.adminA);
    const response = await admin('PUT', `/api/users/id/${world.agentA.id}`, { email: 'new@x.com' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unknown field: email');
  });

  it("answers 404 for another company's user, exactly like a missing one, and changes nothing", async () => {
    const admin = await world.as(world.adminA);
    for (const [method, payload] of [['GET'], ['PUT', { full_name: 'Hijacked' }], ['DELETE']] as const) {
      const foreign = await admin(method, `/api/users/id/${world.adminB.id}`, payload);
      const missing = await admin(method, '/api/users/id/999999', payload);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    const [row] = await env.database.db.select().from(users).where(eq(users.id, world.adminB.id));
    expect(row!.fullName).not.toBe('Hijacked');
    expect(row!.deletedAt).toBeNull();
  });

  it('deactivating a user ends their sessions', async () => {
    const admin = await world.as(world.adminA);
    const created = (await admin('POST', '/api/users', newUser({ password: PASSWORD }))).body.data;
    const theirs = client(env.app, (await signIn(env.app, created.email)).access_token);
    expect((await admin('PUT', `/api/users/id/${created.id}`, { status: 'inactive' })).status).toBe(200);
    expect((await theirs('GET', '/api/auth/me')).status).toBe(401);
    const login = await client(env.app)('POST', '/api/auth/login', {
      username: created.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account is inactive. Please contact your administrator.');
  });

  it('deletes softly: the user can no longer sign in and disappears from the list', async () => {
    const admin = await world.as(world.adminA);
    const created = (await admin('POST', '/api/users', newUser({ password: PASSWORD }))).body.data;
    const response = await admin('DELETE', `/api/users/id/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User successfully deleted');
    expect(
      (await client(env.app)('POST', '/api/auth/login', { username: created.email, password: PASSWORD }))
        .status,
    ).toBe(401);
    expect((await admin('GET', `/api/users/id/${created.id}`)).status).toBe(404);
  });

  it('refuses deleting oneself', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('DELETE', `/api/users/id/${world.adminA.id}`)).body.message).toBe(
      'You cannot delete your own account',
    );
  });

  it('needs users_update and users_delete with the spec wording', async () => {
    const agent = await world.as(world.agentA);
    expect((await agent('PUT', `/api/users/id/${world.adminA.id}`, { full_name: 'x' })).body.message).toBe(
      "You don't have permission to update users",
    );
    expect((await agent('DELETE', `/api/users/id/${world.adminA.id}`)).body.message).toBe(
      "You don't have permission to delete users",
    );
  });

  it('refuses a non-numeric id with 400', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('GET', '/api/users/id/abc')).status).toBe(400);
  });
});

describe('own profile', () => {
  it('GET /api/client/companies/users/me answers the client profile', async () => {
    const admin = await world.as(world.adminA);
    const { status, body } = await admin('GET', '/api/client/companies/users/me');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      company_name: 'Alpha Co',
      company_external_id: world.companyA.externalId,
      company_id: world.companyA.id,
      external_id: world.adminA.externalId,
      user_info: { email: world.adminA.email, roles: ['client_admin'] },
    });
  });

  it('GET /api/users/external/:id answers oneself; someone else is 404 unless a super admin asks', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('GET', `/api/users/external/${world.adminA.externalId}`)).body.data.email).toBe(
      world.adminA.email,
    );
    expect((await admin('GET', `/api/users/external/${world.agentA.externalId}`)).status).toBe(404);
    expect((await admin('GET', '/api/users/external/not-a-uuid')).status).toBe(400);
    const superAdmin = await world.as(world.superAdmin);
    expect(
      (await superAdmin('GET', `/api/users/external/${world.superAdmin.externalId}`)).body.data.roles,
    ).toEqual(['super_admin']);
  });

  it('updates the profile with the phone and address rules', async () => {
    const agent = await world.as(world.agentA);
    const url = `/api/users/external/${world.agentA.externalId}`;
    const ok = await agent('PUT', url, {
      full_name: 'Agent Smith',
      phone: '628111222333',
      address: 'Jl. Merdeka 5',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Profile updated successfully');
    expect(ok.body.data).toMatchObject({
      full_name: 'Agent Smith',
      phone: '628111222333',
      address: 'Jl. Merdeka 5',
    });

    const noName = await agent('PUT', url, { full_name: '', phone: '628111222333', address: 'x' });
    expect(noName.body.message).toBe('Masukan Nama Lengkap');
    const badPhone = await agent('PUT', url, { full_name: 'A', phone: '0811', address: 'x' });
    expect(badPhone.body.message).toBe('Format nomor telepon tidak valid (Contoh: 628123456789)');
    const noAddress = await agent('PUT', url, { full_name: 'A', phone: '628111222333', address: '' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe('Address is required');
  });

  it('does not require an address from a super admin', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const response = await superAdmin('PUT', `/api/users/external/${world.superAdmin.externalId}`, {
      full_name: 'Root',
      phone: '628111222333',
    });
    expect(response.status).toBe(200);
  });

  it("cannot update someone else's profile", async () => {
    const agent = await world.as(world.agentA);
    const response = await agent('PUT', `/api/users/external/${world.adminA.externalId}`, {
      full_name: 'Pwned',
      phone: '628111222333',
      address: 'x',
    });
    expect(response.status).toBe(404);
  });
});

describe('preferences', () => {
  it('answers defaults, then what was saved, by external id and by id', async () => {
    const agent = await world.as(world.agentA);
    const url = `/api/users/external/${world.agentA.externalId}/preferences`;
    expect((await agent('GET', url)).body.data).toEqual({
      theme: 'light',
      language: 'english',
      notifications: true,
      email_frequency: 'weekly',
      custom_settings: {},
      updated_at: null,
    });
    const saved = await agent('PUT', url, {
      theme: 'dark',
      language: 'indonesia',
      custom_settings: { font_size: 'large' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Preferences updated successfully');
    expect(saved.body.data).toMatchObject({ theme: 'dark', language: 'indonesia', notifications: true });
    const byId = await agent('PUT', `/api/users/id/${world.agentA.id}/preferences`, { notifications: false });
    expect(byId.body.data).toMatchObject({
      theme: 'dark',
      notifications: false,
      custom_settings: { font_size: 'large' },
    });
    expect((await agent('GET', url)).body.data.notifications).toBe(false);
  });

  it('validates values and refuses another person', async () => {
    const agent = await world.as(world.agentA);
    const url = `/api/users/external/${world.agentA.externalId}/preferences`;
    expect((await agent('PUT', url, { theme: 'purple' })).status).toBe(400);
    expect((await agent('PUT', url, { language: 'klingon' })).status).toBe(400);
    expect(
      (await agent('PUT', `/api/users/id/${world.adminA.id}/preferences`, { theme: 'dark' })).status,
    ).toBe(404);
  });
});

describe('POST /api/client/companies/register-user', () => {
  it('lets a super admin add a client_admin to a company', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const response = await superAdmin('POST', '/api/client/companies/register-user', {
      ...newUser(),
      company_id: world.companyB.id,
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('User registered successfully');
    expect(response.body.data).toMatchObject({ company_id: world.companyB.id, roles: ['client_admin'] });
  });

  it('is for super admins only, and needs an existing company', async () => {
    const admin = await world.as(world.adminA);
    expect(
      (
        await admin('POST', '/api/client/companies/register-user', {
          ...newUser(),
          company_id: world.companyA.id,
        })
      ).status,
    ).toBe(403);
    const superAdmin = await world.as(world.superAdmin);
    const missing = await superAdmin('POST', '/api/client/companies/register-user', {
      ...newUser(),
      company_id: 999999,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Company not found');
  });
});
