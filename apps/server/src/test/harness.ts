import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tokens } from '@app/contract/auth';
import { ROLE } from '@app/contract/permissions';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { ensureBaseData } from '../db/seed.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { companiesRepo } from '../modules/companies/companies.repo.ts';
import { usersRepo } from '../modules/users/users.repo.ts';
import type { Mail } from '../providers/mail/port.ts';

export const PASSWORD = 'correct-horse-9';

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database on the
 * server named by TEST_DATABASE_URL (dropped afterwards), so files never see each other's rows.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  url: string | null;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // The pool's sockets close a moment after `end()` answers; forcing the drop before then
      // kills them mid-goodbye and they report it as an unhandled error. So wait for them first.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await client.end();
    },
  };
}

export interface TestEnv {
  app: BuiltApp;
  database: Database;
  mails: Mail[];
  close(): Promise<void>;
}

/** A port nobody listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Builds the real app on a fresh, migrated database with the base roles and permissions.
 * `listen: true` also serves it on a loopback port, for the sandbox providers that call back.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): Promise<TestEnv> {
  const port = options.listen ? await freePort() : 0;
  if (options.listen) env = { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env };
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await ensureBaseData(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'ai-admin-test'),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://console.test',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const mails: Mail[] = [];
  const app = await buildApp({
    config,
    database,
    mailer: { send: async (mail) => void mails.push(mail) },
    // TEST_LOG=error shows what went wrong behind a 500.
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  });
  await app.ready();
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    mails,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface Account {
  id: number;
  externalId: string;
  email: string;
  companyId: number | null;
}

let counter = 0;

/** Fixtures written straight to the database: a company, and users in it. */
export function fixtures(database: Database) {
  return {
    async company(name = `Company ${++counter}`, status = 'active') {
      return companiesRepo(database.db).create({
        companyName: name,
        industry: 'Technology',
        city: 'Bandung',
        status,
        contactEmail: `contact${++counter}@example.com`,
        contactPhone: '628123456789',
        address: 'Jl. Asia Afrika 1',
      });
    },
    async user(
      role: string,
      companyId: number | null,
      email = `${role}${++counter}@example.com`,
    ): Promise<Account> {
      const row = await usersRepo(database.db).create({
        companyId,
        email,
        username: email.split('@')[0]!,
        passwordHash: await hashPassword(PASSWORD),
        fullName: `${role} ${counter}`,
        phone: '628123456789',
        roles: [role],
        address: companyId ? 'Jl. Braga 2' : null,
      });
      return { id: row.id, externalId: row.externalId, email, companyId };
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A caller of the HTTP API: `call('GET', '/api/users')` with its token, answering `{status, body}`. */
export function client(app: BuiltApp, token?: string) {
  return async (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      payload: payload as never,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    let body: { status_code: number; message: string; data: any; meta?: any; error?: string };
    try {
      body = response.json();
    } catch {
      body = { status_code: response.statusCode, message: response.body, data: null };
    }
    return { status: response.statusCode, body, headers: response.headers };
  };
}
export type Client = ReturnType<typeof client>;

export async function signIn(app: BuiltApp, email: string, password = PASSWORD): Promise<Tokens> {
  const response = await client(app)('POST', '/api/auth/login', { username: email, password });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.body.message}`);
  return response.body.data as Tokens;
}

/** The usual cast: a super admin, and two companies each with an admin and an agent. */
export async function standardWorld(env: TestEnv) {
  const make = fixtures(env.database);
  const superAdmin = await make.user(ROLE.superAdmin, null);
  const companyA = await make.company('Alpha Co');
  const companyB = await make.company('Beta Co');
  const adminA = await make.user(ROLE.clientAdmin, companyA.id);
  const agentA = await make.user(ROLE.clientUser, companyA.id);
  const adminB = await make.user(ROLE.clientAdmin, companyB.id);
  const as = async (account: Account) => client(env.app, (await signIn(env.app, account.email)).access_token);
  return { make, superAdmin, companyA, companyB, adminA, agentA, adminB, as };
}
