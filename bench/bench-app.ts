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
import pg from 'pg';
import { type BuiltApp, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { ensureBaseData } from '../apps/server/src/db/seed.ts';

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
