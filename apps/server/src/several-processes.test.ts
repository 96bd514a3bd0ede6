import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@app/contract/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { secretBox } from './crypto/secrets.ts';
import { blastRecipients } from './db/schema/blasts.ts';
import { contacts, integrations } from './db/schema/messaging.ts';
import { ensureBaseData } from './db/seed.ts';
import { fixtures, freshDatabase, PASSWORD, type TestEnv } from './test/harness.ts';
import { giveQuota, platformId, telegramUpdate } from './test/messaging.ts';
import { multipart } from './test/uploads.ts';

const url = process.env.TEST_DATABASE_URL;
const ENCRYPTION_KEY = 'several-processes-encryption-key-0123456789';
const RECIPIENTS = 300;

interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
}

const freePort = async () => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const waitFor = async <T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * ARCHITECTURE.md "Growing past one machine", for real: two API processes and two workers of
 * `src/main.ts` on one PostgreSQL. Each worker sends to a different process's Telegram sandbox,
 * so what each worker sent can be told apart.
 */
describe.runIf(url)('several processes on one PostgreSQL', () => {
  const procs: Proc[] = [];
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof freshDatabase>>['database'];
  let ports: { a: number; b: number };
  let token: string;
  let integration: { id: number; externalId: string; secret: string };

  function start(name: string, role: 'api' | 'worker', databaseUrl: string, port: number, telegram: string) {
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PROCESS_ROLE: role,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: mkdtempSync(join(tmpdir(), `proc-${name}-`)),
        JWT_SECRET: 'several-processes-jwt-secret-0123456789',
        ENCRYPTION_KEY,
        SEED: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        TELEGRAM_API_BASE_URL: telegram,
        BLAST_RATE_TELEGRAM: '40',
        BLAST_LEASE_SECONDS: '3',
        JOBS_POLL_MS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const proc = { name, child, output };
    procs.push(proc);
    return proc;
  }

  const api = (port: number, path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });
  const telegramSends = async (port: number) => {
    const requests = (await (
      await fetch(`http://127.0.0.1:${port}/sandbox/telegram/_sandbox/requests`)
    ).json()) as {
      url: string;
      body: { chat_id?: string | number };
    }[];
    return requests.filter((r) => /sendMessage/i.test(r.url)).map((r) => String(r.body.chat_id));
  };

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    await database.migrate();
    await ensureBaseData(database.db);
    const make = fixtures(database);
    const company = await make.company('Scale Co');
    const admin = await make.user(ROLE.clientAdmin, company.id);
    await giveQuota({ database } as TestEnv, company.id, RECIPIENTS * 2);

    ports = { a: await freePort(), b: await freePort() };
    const sandboxOf = (port: number) => `http://127.0.0.1:${port}/sandbox/telegram`;
    const a = start('api-a', 'api', fresh.url!, ports.a, sandboxOf(ports.a));
    const b = start('api-b', 'api', fresh.url!, ports.b, sandboxOf(ports.a));
    start('worker-1', 'worker', fresh.url!, 0, sandboxOf(ports.a));
    start('worker-2', 'worker', fresh.url!, 0, sandboxOf(ports.b));
    for (const proc of [a, b]) {
      const port = proc === a ? ports.a : ports.b;
      await waitFor(
        `${proc.name} to be ready`,
        async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok,
        60_000,
      );
    }
    for (const proc of procs.slice(2)) {
      await waitFor(
        `${proc.name} to start`,
        async () => proc.output.join('').includes('worker is running'),
        60_000,
      );
    }

    const login = await fetch(`http://127.0.0.1:${ports.a}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const created = await api(ports.a, '/api/integrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'message_platform',
        integration_id: await platformId({ database } as TestEnv, 'telegram'),
        title: 'Scale bot',
        integration_contact: '700100200:SCALE-token-abcdefghijklmn',
      }),
    });
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const [row] = await database.db
      .update(integrations)
      .set({ status: 'active' })
      .where(eq(integrations.id, id))
      .returning();
    integration = {
      id,
      externalId: row!.externalId,
      secret: secretBox(ENCRYPTION_KEY).open(row!.webhookSecretEncrypted),
    };
    await database.db.insert(contacts).values(
      Array.from({ length: RECIPIENTS }, (_, i) => ({
        companyId: company.id,
        integrationId: id,
        chatId: `${800_000 + i}@telegram`,
        chatType: 'telegram',
        name: `Customer ${i}`,
      })),
    );
  }, 180_000);

  afterAll(async () => {
    for (const proc of procs) proc.child.kill('SIGTERM');
    await Promise.all(
      procs.map((proc) =>
        proc.child.exitCode === null && proc.child.signalCode === null
          ? new Promise((resolve) => proc.child.once('exit', resolve))
          : null,
      ),
    );
    await drop?.();
  }, 60_000);

  it('a socket on process A hears a message that arrived by webhook at process B', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${ports.a}/api/messages/ws?token=${token}`);
    const heard: { type: string; conversation?: { chat_id: string; content: string } }[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const posted = await fetch(
        `http://127.0.0.1:${ports.b}/api/webhooks/telegram/${integration.externalId}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-telegram-bot-api-secret-token': integration.secret,
          },
          body: JSON.stringify(telegramUpdate(1, { id: 700, name: 'Ani' }, 'hello from process B')),
        },
      );
      expect(posted.status).toBe(200);
      await waitFor('the conversation on A', async () =>
        heard.some(
          (event) =>
            event.type === 'conversation_updated' &&
            event.conversation?.chat_id === '700@telegram' &&
            event.conversation.content === 'hello from process B',
        ),
      );
    } finally {
      socket.close();
    }
  }, 60_000);

  it('two workers share a blast without a duplicate, and a killed worker loses nothing', async () => {
    const body = multipart({
      title: 'Scale blast',
      integration_id: String(integration.id),
      recipent_type: 'all_contact',
      message: 'Our big sale starts today',
    });
    const created = await api(ports.b, '/api/blasts', {
      method: 'POST',
      headers: body.headers as Record<string, string>,
      body: new Uint8Array(body.payload),
    });
    expect(created.status).toBe(201);
    const blastId = ((await created.json()) as { data: { id: number } }).data.id;

    // Kill worker 1 in the middle of the blast, without a chance to clean up.
    await waitFor(
      'both workers to be sending',
      async () => (await telegramSends(ports.a)).length >= 5 && (await telegramSends(ports.b)).length >= 5,
    );
    procs.find((proc) => proc.name === 'worker-1')!.child.kill('SIGKILL');

    const done = await waitFor(
      'the blast to complete',
      async () => {
        const blast = (await (await api(ports.a, `/api/blasts/id/${blastId}`)).json()) as {
          data: { status: string; status_count: { success_count: number; failed_count: number } };
        };
        return blast.data.status === 'completed' ? blast.data : undefined;
      },
      60_000,
    );
    const byWorker1 = await telegramSends(ports.a);
    const byWorker2 = await telegramSends(ports.b);
    const blastSends = [...byWorker1, ...byWorker2];
    expect(byWorker1.length).toBeGreaterThan(0);
    expect(byWorker2.length).toBeGreaterThan(0);
    expect(new Set(blastSends).size).toBe(blastSends.length);

    const rows = await database.db.select().from(blastRecipients).where(eq(blastRecipients.blastId, blastId));
    // Every contact: the prepared ones and the customer who wrote in the first test.
    expect(rows).toHaveLength(RECIPIENTS + 1);
    const sent = rows.filter((row) => row.status === 'sent');
    const failed = rows.filter((row) => row.status === 'failed');
    expect(sent.length + failed.length).toBe(rows.length);
    // Only the group worker 1 had in flight is in doubt, and it is said so, not sent twice.
    expect(failed.length).toBeLessThanOrEqual(16);
    for (const row of failed)
      expect(row.error).toBe('Interrupted while sending; not sent again to avoid a duplicate');
    expect(done.status_count).toMatchObject({ success_count: sent.length, failed_count: failed.length });
    expect(new Set(sent.map((row) => row.chatId)).size).toBe(sent.length);
  }, 120_000);
});
