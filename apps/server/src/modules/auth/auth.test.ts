import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { client, PASSWORD, signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '8' });
  world = await standardWorld(env);
});
afterAll(() => env.close());

const anonymous = () => client(env.app);
const auditActions = async () => (await env.database.db.select().from(auditLog)).map((row) => row.action);

describe('POST /api/auth/login', () => {
  it('signs in with the e-mail as username and answers tokens and the user', async () => {
    const { status, body } = await anonymous()('POST', '/api/auth/login', {
      username: world.adminA.email,
      password: PASSWORD,
    });
    expect(status).toBe(200);
    expect(body.data.access_token).toMatch(/^ey/);
    expect(body.data.refresh_token.length).toBeGreaterThan(30);
    expect(body.data.user).toMatchObject({
      external_id: world.adminA.externalId,
      roles: ['client_admin'],
      role: 'client_admin',
      company_id: world.companyA.id,
      company_external_id: world.companyA.externalId,
    });
    expect(body.data.user.permissions).toContain('users_create');
  });

  it('signs in with the email field and with the username, in any case', async () => {
    const byEmail = await anonymous()('POST', '/api/auth/login', {
      email: world.agentA.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data.user.permissions).not.toContain('users_create');
    const username = world.agentA.email.split('@')[0];
    expect((await anonymous()('POST', '/api/auth/login', { username, password: PASSWORD })).status).toBe(200);
  });

  it('gives a super admin no company', async () => {
    const tokens = await signIn(env.app, world.superAdmin.email);
    expect(tokens.user).toMatchObject({ role: 'super_admin', company_id: null });
  });

  it('answers the same 401 for a wrong password and an unknown account, and records the failure', async () => {
    const wrong = await anonymous()('POST', '/api/auth/login', {
      username: world.adminB.email,
      password: 'nope-nope',
    });
    const unknown = await anonymous()('POST', '/api/auth/login', {
      username: 'ghost@example.com',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe('Invalid email or password');
    expect(await auditActions()).toContain('auth.sign_in_failed');
  });

  it.each([
    ['no identifier', { password: 'x' }, 'Email address is required'],
    ['no password', { username: 'a@b.co' }, 'Password is required'],
    ['an empty password', { username: 'a@b.co', password: '' }, 'Password is required'],
    [
      'a number for the username',
      { username: 42, password: 'x' },
      'Invalid input: expected string, received number',
    ],
    ['an unknown field', { username: 'a@b.co', password: 'x', admin: true }, 'Unknown field: admin'],
    [
      'a 10,000-character username',
      { username: 'a'.repeat(10_000), password: 'x' },
      'Invalid email or password',
    ],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const { status, body } = await anonymous()('POST', '/api/auth/login', payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.error).toBe('validation_failed');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status_code).toBe(400);
  });

  it('throttles an account after repeated failures with a clear 429, even with the right password', async () => {
    const victim = await world.make.user('client_user', world.companyA.id);
    const call = (password: string) =>
      client(env.app)(
        'POST',
        '/api/auth/login',
        { username: victim.email, password },
        { 'x-forwarded-for': '10.0.0.9' },
      );
    for (let i = 0; i < 3; i++) expect((await call('wrong-one')).status).toBe(401);
    const blocked = await call(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(blocked.headers['retry-after']).toBe('900');
  });

  it('throttles an address that tries many accounts', async () => {
    const other = await startApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3', TRUST_PROXY: 'true' });
    try {
      const call = (username: string) =>
        client(other.app)(
          'POST',
          '/api/auth/login',
          { username, password: 'guess-guess' },
          { 'x-forwarded-for': '203.0.113.7' },
        );
      for (const name of ['a', 'b', 'c']) expect((await call(`${name}@example.com`)).status).toBe(401);
      expect((await call('d@example.com')).status).toBe(429);
      const elsewhere = await client(other.app)(
        'POST',
        '/api/auth/login',
        { username: 'e@example.com', password: 'guess-guess' },
        { 'x-forwarded-for': '198.51.100.1' },
      );
      expect(elsewhere.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses the users of a suspended company, and their tokens stop working', async () => {
    const company = await world.make.company('Soon Suspended');
    const user = await world.make.user('client_admin', company.id);
    const tokens = await signIn(env.app, user.email);
    await env.database.db.update(companies).set({ status: 'suspended' }).where(eq(companies.id, company.id));
    const login = await anonymous()('POST', '/api/auth/login', { username: user.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your company account is suspended. Please contact support.');
    expect((await client(env.app, tokens.access_token)('GET', '/api/auth/me')).status).toBe(401);
  });
});

describe('tokens and sessions', () => {
  it('refuses a missing, forged or malformed bearer token with 401', async () => {
    expect((await anonymous()('GET', '/api/auth/me')).status).toBe(401);
    expect((await client(env.app, 'not.a.jwt')('GET', '/api/auth/me')).body.message).toBe(
      'Please sign in to continue',
    );
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjEsInNpZCI6IngifQ.c2lnbmF0dXJl';
    expect((await client(env.app, forged)('GET', '/api/auth/me')).status).toBe(401);
  });

  it('rotates the refresh token: each works once', async () => {
    const first = await signIn(env.app, world.agentA.email);
    const second = await anonymous()('POST', '/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    const third = await anonymous()('POST', '/api/auth/refresh', {
      refresh_token: second.body.data.refresh_token,
    });
    expect(third.status).toBe(200);
    expect((await client(env.app, third.body.data.access_token)('GET', '/api/auth/me')).body.data.email).toBe(
      world.agentA.email,
    );
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await signIn(env.app, world.agentA.email);
    const rotated = (await anonymous()('POST', '/api/auth/refresh', { refresh_token: first.refresh_token }))
      .body.data;
    const replay = await anonymous()('POST', '/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('This session was ended for your safety. Please sign in again.');
    // The legitimate holder of the newer tokens is signed out too.
    expect(
      (await anonymous()('POST', '/api/auth/refresh', { refresh_token: rotated.refresh_token })).status,
    ).toBe(401);
    expect((await client(env.app, rotated.access_token)('GET', '/api/auth/me')).status).toBe(401);
    expect(await auditActions()).toContain('auth.refresh_reused');
  });

  it('refuses an unknown refresh token and a bad body', async () => {
    expect((await anonymous()('POST', '/api/auth/refresh', { refresh_token: 'made-up' })).status).toBe(401);
    const bad = await anonymous()('POST', '/api/auth/refresh', {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Your session has expired. Please sign in again.');
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const tokens = await signIn(env.app, world.agentA.email);
    const call = client(env.app, tokens.access_token);
    const out = await call('POST', '/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out successfully');
    expect((await call('GET', '/api/auth/me')).status).toBe(401);
    expect(
      (await anonymous()('POST', '/api/auth/refresh', { refresh_token: tokens.refresh_token })).status,
    ).toBe(401);
    expect((await anonymous()('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('sessions remembered by the guard', () => {
  it('a change through the API is seen by the very next request', async () => {
    const user = await world.make.user('client_user', world.companyA.id);
    const call = client(env.app, (await signIn(env.app, user.email)).access_token);
    expect((await call('GET', '/api/auth/me')).status).toBe(200);
    const admin = await world.as(world.adminA);
    const off = await admin('PUT', `/api/users/id/${user.id}`, { status: 'inactive' });
    expect(off.status).toBe(200);
    expect((await call('GET', '/api/auth/me')).status).toBe(401);
  });

  it('a change outside the API (a job, a hand edit) is seen within a second', async () => {
    const user = await world.make.user('client_user', world.companyA.id);
    const call = client(env.app, (await signIn(env.app, user.email)).access_token);
    expect((await call('GET', '/api/auth/me')).status).toBe(200);
    await env.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    expect((await call('GET', '/api/auth/me')).status).toBe(200); // remembered
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await call('GET', '/api/auth/me')).status).toBe(401);
  });
});

describe('forgotten password', () => {
  const sent = 'If an account exists with that email, you will receive password reset instructions.';

  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    const before = env.mails.length;
    const ghost = await anonymous()('POST', '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(ghost.status).toBe(200);
    expect(ghost.body.message).toBe(sent);
    expect(env.mails.length).toBe(before);
    const real = await anonymous()('POST', '/api/auth/forgot-password', { email: world.adminB.email });
    expect(real.body.message).toBe(sent);
    expect(env.mails.length).toBe(before + 1);
    expect(env.mails.at(-1)!.to).toBe(world.adminB.email);
    expect(env.mails.at(-1)!.text).toMatch(/http:\/\/console\.test\/reset-password\?token=[\w-]+/);
  });

  it.each([
    [{}, 'Email address is required'],
    [{ email: '' }, 'Email address is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
  ])('validates %j', async (payload, message) => {
    const { status, body } = await anonymous()('POST', '/api/auth/forgot-password', payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('resets the password with the mailed token once, and ends existing sessions', async () => {
    const user = await world.make.user('client_user', world.companyB.id);
    const session = await signIn(env.app, user.email);
    await anonymous()('POST', '/api/auth/forgot-password', { email: user.email });
    const token = env.mails.at(-1)!.text.match(/token=([\w-]+)/)![1];

    const mismatch = await anonymous()('POST', '/api/auth/forgot-password/complete', {
      token,
      new_password: 'brand-new-pass',
      confirm_password: 'other-pass-1',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Your passwords do no match');

    const done = await anonymous()('POST', '/api/auth/forgot-password/complete', {
      token,
      new_password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(done.status).toBe(200);
    expect(
      (await anonymous()('POST', '/api/auth/login', { username: user.email, password: 'brand-new-pass' }))
        .status,
    ).toBe(200);
    expect(
      (await anonymous()('POST', '/api/auth/login', { username: user.email, password: PASSWORD })).status,
    ).toBe(401);
    expect((await client(env.app, session.access_token)('GET', '/api/auth/me')).status).toBe(401);

    const again = await anonymous()('POST', '/api/auth/forgot-password/complete', {
      token,
      new_password: 'third-pass-1',
      confirm_password: 'third-pass-1',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired');
  });
});

describe('POST /api/auth/reset-password (change password)', () => {
  it('changes the password with the right current one', async () => {
    const user = await world.make.user('client_user', world.companyA.id);
    const call = client(env.app, (await signIn(env.app, user.email)).access_token);
    const { status, body } = await call('POST', '/api/auth/reset-password', {
      old_password: PASSWORD,
      new_password: 'changed-pass-1',
      confirm_password: 'changed-pass-1',
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Password changed successfully');
    expect(
      (await anonymous()('POST', '/api/auth/login', { username: user.email, password: 'changed-pass-1' }))
        .status,
    ).toBe(200);
  });

  it('puts a wrong current password on the current-password field and changes nothing', async () => {
    const call = await world.as(world.agentA);
    const { status, body } = await call('POST', '/api/auth/reset-password', {
      old_password: 'wrong-pass',
      new_password: 'changed-pass-2',
      confirm_password: 'changed-pass-2',
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Current password is incorrect');
    expect(body.data).toEqual([{ field: 'old_password', message: 'Current password is incorrect' }]);
    expect(
      (await anonymous()('POST', '/api/auth/login', { username: world.agentA.email, password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it.each([
    [{ new_password: 'abcdefgh', confirm_password: 'abcdefgh' }, 'This field is required', 'old_password'],
    [
      { old_password: PASSWORD, new_password: 'abcdefgh', confirm_password: 'abcdefgX' },
      'Your passwords do no match',
      'confirm_password',
    ],
    [
      { old_password: PASSWORD, new_password: 'short', confirm_password: 'short' },
      'Password must be at least 8 characters',
      'new_password',
    ],
    [
      { old_password: PASSWORD, new_password: '', confirm_password: '' },
      'This field is required',
      'new_password',
    ],
  ])('validates %j', async (payload, message, field) => {
    const call = await world.as(world.agentA);
    const { status, body } = await call('POST', '/api/auth/reset-password', payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.data[0].field).toBe(field);
  });

  it('needs a signed-in caller', async () => {
    expect((await anonymous()('POST', '/api/auth/reset-password', {})).status).toBe(401);
  });
});

describe('entering a client account', () => {
  it('lets a super admin act as the company admin and come back, audited both ways', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const entered = await superAdmin('POST', '/api/auth/login-client-account', {
      company_external_id: world.companyA.externalId,
    });
    expect(entered.status).toBe(200);
    expect(entered.body.data.user).toMatchObject({
      external_id: world.adminA.externalId,
      company_id: world.companyA.id,
      acting_super_admin: { external_id: world.superAdmin.externalId, email: world.superAdmin.email },
    });
    const inside = client(env.app, entered.body.data.access_token);
    expect((await inside('GET', '/api/users')).status).toBe(200);
    // Acting as a client, the token is not a super admin's.
    expect((await inside('GET', '/api/client/companies')).status).toBe(403);

    const left = await inside('POST', '/api/auth/leave-client-account');
    expect(left.status).toBe(200);
    expect((await inside('GET', '/api/users')).status).toBe(401);
    const entries = await env.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingSuperAdminId, world.superAdmin.id));
    expect(entries.map((row) => row.action)).toEqual(
      expect.arrayContaining(['auth.enter_client', 'auth.leave_client']),
    );
    expect(entries.every((row) => row.companyId === world.companyA.id)).toBe(true);
  });

  it('is for super admins only', async () => {
    const admin = await world.as(world.adminA);
    const response = await admin('POST', '/api/auth/login-client-account', {
      company_external_id: world.companyB.externalId,
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Only a super admin can do this');
  });

  it('answers 404 for an unknown company and 400 for a company without an admin', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const unknown = await superAdmin('POST', '/api/auth/login-client-account', {
      company_external_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const empty = await world.make.company('No Admin Co');
    const none = await superAdmin('POST', '/api/auth/login-client-account', {
      company_external_id: empty.externalId,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('This company has no active client admin to enter as');
  });

  it('leaving when not inside a client account is a 400', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('POST', '/api/auth/leave-client-account')).status).toBe(400);
  });
});
