/**
 * What the benches share: a database of their own and the real app serving it on a loopback port.
 *
 * Embedded in-memory PGlite by default; with DATABASE_URL=postgres://… a fresh database is created
 * on that server for the run and dropped by `close()`.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@app/contract/permissions';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { secretBox } from '../apps/server/src/crypto/secrets.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { companyPackages, packages } from '../apps/server/src/db/schema/billing.ts';
import { integrations, platforms } from '../apps/server/src/db/schema/messaging.ts';
import { ensureBaseData } from '../apps/server/src/db/seed.ts';
import { hashPassword } from '../apps/server/src/modules/auth/auth.service.ts';
import { companiesRepo } from '../apps/server/src/modules/companies/companies.repo.ts';
import { usersRepo } from '../apps/server/src/modules/users/users.repo.ts';

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** A port nobody listens on right now. */
export async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface BenchDatabase extends Database {
  /** The fresh database's URL on PostgreSQL; null on PGlite. */
  url: string | null;
  /** Closes the connections, and on PostgreSQL drops the database. */
  close(): Promise<void>;
}

/** A fresh, migrated database with the base roles and permissions; `label` names it on PostgreSQL. */
export async function openBenchDatabase(label: string): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let database: BenchDatabase;
  if (!serverUrl) {
    database = { ...(await openDatabase({ dataDir: null })), url: null };
  } else {
    const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, (admin) => admin.query(`create database ${name}`));
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    const opened = await openDatabase({ url: target.toString(), dataDir: null });
    database = {
      ...opened,
      url: target.toString(),
      async close() {
        await opened.close();
        await onServer(serverUrl, async (admin) => {
          // The pool's sockets close a moment after `end()` answers: wait for them rather than
          // force the drop under them (as apps/server/src/test/harness.ts does).
          for (let attempt = 0; ; attempt++) {
            try {
              await admin.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
              return;
            } catch (error) {
              if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
        });
      },
    };
  }
  await database.migrate();
  await ensureBaseData(database.db);
  return database;
}

async function onServer<T>(url: string, work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export interface BenchApp {
  app: BuiltApp;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  port: number;
}

/**
 * The real app on `database`, listening on a free loopback port, silent, with the sandbox providers
 * calling back to it. `env` adds or overrides server settings (e.g. `BLAST_RATE_TELEGRAM`);
 * `beforeListen` may add a bench's own routes.
 */
export async function startBenchApp(
  database: BenchDatabase,
  env: Record<string, string> = {},
  options: { beforeListen?: (app: BuiltApp) => void } = {},
): Promise<BenchApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'ai-admin-bench'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    WEB_DIST_DIR: '/nonexistent',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  options.beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, baseUrl, port };
}

/** The password of every client admin `benchTenant` makes. */
export const BENCH_PASSWORD = 'bench-password-9';

/**
 * A company with an active Telegram integration on the sandbox (bot `token`) and, unless told
 * otherwise, a client_admin who signs in as `email` with BENCH_PASSWORD; answers what the
 * webhooks need too.
 */
export async function benchTenant(
  bench: BenchApp,
  options: { name: string; token: string; withAdmin?: boolean },
) {
  const { db } = bench.app.deps;
  const slug = options.name.toLowerCase().replaceAll(' ', '-');
  const company = await companiesRepo(db).create({
    companyName: options.name,
    industry: 'Retail',
    city: 'Jakarta',
    status: 'active',
    contactEmail: `cs@${slug}.example`,
    contactPhone: '6281500123',
    website: null,
    address: 'Jakarta',
  });
  const email = `admin@${slug}.example`;
  if (options.withAdmin !== false) {
    await usersRepo(db).create({
      companyId: company.id,
      email,
      username: email.split('@')[0]! + company.id,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      fullName: `${options.name} Admin`,
      phone: '6281500124',
      roles: [ROLE.clientAdmin],
      address: 'Jakarta',
    });
  }
  const [platform] = await db.select().from(platforms).where(eq(platforms.kind, 'telegram'));
  const created = await bench.app.integrations.create(
    { companyId: company.id, userId: 0, actingSuperAdminId: null },
    {
      type: 'message_platform',
      integration_id: platform!.id,
      title: `${options.name} bot`,
      integration_contact: options.token,
    },
  );
  const [row] = await db
    .update(integrations)
    .set({ status: 'active' })
    .where(eq(integrations.id, created.integration.id))
    .returning();
  return {
    company,
    email,
    integrationId: row!.id,
    secret: secretBox(bench.app.deps.config.encryptionKey).open(row!.webhookSecretEncrypted),
    webhook: `/api/webhooks/telegram/${row!.externalId}`,
  };
}

/** A running 30-day package of `messages` WhatsApp messages for a bench company, so it may send. */
export async function benchQuota(db: BenchDatabase['db'], companyId: number, messages: number) {
  const [pkg] = await db
    .insert(packages)
    .values({
      name: `Bench ${companyId}`,
      description: 'bench',
      price: 0,
      waMessageLimit: messages,
      aiUsageLimit: 0,
      durationInDays: 30,
    })
    .returning();
  await db.insert(companyPackages).values({
    companyId,
    packageId: pkg!.id,
    packageName: pkg!.name,
    packagePrice: 0,
    durationInDays: 30,
    startDate: new Date(Date.now() - 60_000),
    endDate: new Date(Date.now() + 30 * 86_400_000),
    waMessageLimit: messages,
    aiUsageLimit: 0,
  });
}
