/**
 * `npm run bench:scale`: what a second process adds, on one PostgreSQL (ARCHITECTURE.md "Growing
 * past one machine"). Needs DATABASE_URL=postgres://… (PGlite is one process's database).
 *
 * 1. Data: a company with SCALE_BENCH_CHATS conversations, a client admin, an active Telegram bot
 *    on the sandbox, SCALE_BENCH_RECIPIENTS contacts for blasts and the quota for them. Written by
 *    an API-only app inside this process, which also serves the Telegram sandbox the workers send to.
 * 2. The conversation list (GET /api/chats) under SCALE_BENCH_CONNECTIONS keep-alive connections for
 *    SCALE_BENCH_SECONDS, split between two load generators: both at one API process
 *    (`PROCESS_ROLE=api`, `src/main.ts` as `npm run serve` runs it), then one at each of two.
 * 3. A blast to every contact, the rate limit off, sent by one worker process
 *    (`PROCESS_ROLE=worker`), then another by two: messages/s from queued to completed.
 *
 * Prints requests/s and messages/s for one and two processes, and the ratios; writes
 * bench/results/scale-postgres.json. On a machine with few cores the processes share them with
 * PostgreSQL and the load generators: the ratio says how much of the machine one process leaves.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { blasts } from '../../apps/server/src/db/schema/blasts.ts';
import { quotaService } from '../../apps/server/src/modules/billing/quota.service.ts';
import { blastsService } from '../../apps/server/src/modules/blasts/blasts.service.ts';
import {
  BENCH_PASSWORD,
  benchQuota,
  benchTenant,
  freePort,
  openBenchDatabase,
  percentile,
  startBenchApp,
} from '../bench-app.ts';
import type { LoadJob, LoadResult } from '../stats/load.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverDir = join(here, '../../apps/server');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CHATS = env('SCALE_BENCH_CHATS', 20_000);
const RECIPIENTS = env('SCALE_BENCH_RECIPIENTS', 20_000);
const CONNECTIONS = env('SCALE_BENCH_CONNECTIONS', 50);
const SECONDS = env('SCALE_BENCH_SECONDS', 15);
const JWT_SECRET = 'bench-scale-secret-that-is-long-enough-0123';
const ENCRYPTION_KEY = 'bench-scale-encryption-key-0123456789abcdef';

interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
}
const procs: Proc[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await Promise.resolve(check()).catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** `src/main.ts` in a process of its own, as `npm run serve` / `npm run worker` start it. */
function startProcess(
  name: string,
  role: 'api' | 'worker',
  databaseUrl: string,
  port: number,
  sandbox: string,
) {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PROCESS_ROLE: role,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), `bench-scale-${name}-`)),
      JWT_SECRET,
      ENCRYPTION_KEY,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      TELEGRAM_API_BASE_URL: sandbox,
      BLAST_RATE_TELEGRAM: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const proc = { name, child, output };
  procs.push(proc);
  return proc;
}

async function stopProcess(proc: Proc) {
  if (proc.child.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
}

async function startApi(name: string, databaseUrl: string, sandbox: string) {
  const port = await freePort();
  const proc = startProcess(name, 'api', databaseUrl, port, sandbox);
  await waitFor(`${name} to be ready`, async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok);
  return { proc, baseUrl: `http://127.0.0.1:${port}` };
}

async function startWorker(name: string, databaseUrl: string, sandbox: string) {
  const proc = startProcess(name, 'worker', databaseUrl, 0, sandbox);
  await waitFor(`${name} to start`, () => proc.output.join('').includes('worker is running'));
  return proc;
}

/** One load job in a forked generator (bench/stats/load.ts). */
function load(job: LoadJob) {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = fork(join(here, '../stats/load.ts'), [], { execArgv: ['--import', 'tsx'] });
    child.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
      child.kill();
      if (message.ok) resolve(message.result!);
      else reject(new Error(message.error));
    });
    child.once('error', reject);
    child.send(job);
  });
}

/** The list under CONNECTIONS connections, half from each of two generators, at the given servers. */
async function measureList(baseUrls: [string, string], token: string) {
  const half = Math.floor(CONNECTIONS / 2);
  const job = (baseUrl: string, connections: number, seconds: number) =>
    load({ baseUrl, path: '/api/chats', token, connections, seconds });
  await Promise.all([job(baseUrls[0], half, 2), job(baseUrls[1], CONNECTIONS - half, 2)]); // warm-up
  const results = await Promise.all([
    job(baseUrls[0], half, SECONDS),
    job(baseUrls[1], CONNECTIONS - half, SECONDS),
  ]);
  const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
  const ok = results.reduce((sum, result) => sum + (result.statuses['200'] ?? 0), 0);
  const failed = results.find((result) => result.firstError)?.firstError ?? null;
  if (failed) throw new Error(`the list answered ${failed}`);
  const seconds = Math.max(...results.map((result) => result.elapsedMs)) / 1000;
  return {
    requests: ok,
    requests_per_second: Math.round(ok / seconds),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
  };
}

async function main() {
  if (!process.env.DATABASE_URL?.startsWith('postgres')) {
    console.error('bench:scale runs several processes on one database: set DATABASE_URL=postgres://…');
    process.exitCode = 2;
    return;
  }
  const database = await openBenchDatabase('scale');
  // API only: this process writes the data and serves the Telegram sandbox; the workers send.
  const bench = await startBenchApp(database, {
    PROCESS_ROLE: 'api',
    JWT_SECRET,
    ENCRYPTION_KEY,
    BLAST_RATE_TELEGRAM: '0',
  });
  const sandbox = `${bench.baseUrl}/sandbox/telegram`;
  try {
    const { db } = database;
    const tenant = await benchTenant(bench, {
      name: 'Scale Bench',
      token: '700000077:BENCH-scale-token-abcdefghij',
    });
    await db.execute(sql`
      insert into contacts (company_id, integration_id, chat_id, chat_type, name, last_message,
        last_message_at, last_incoming_message, last_incoming_at, total_messages, unread_count)
      select ${tenant.company.id}, ${tenant.integrationId}, (700000000 + c)::text || '@telegram', 'telegram',
        'Customer ' || c, 'Halo kak', now() - make_interval(secs => c), 'Halo kak',
        now() - make_interval(secs => c), 1, 1
      from generate_series(1, ${Math.max(CHATS, RECIPIENTS)}) c`);
    await benchQuota(db, tenant.company.id, RECIPIENTS * 3);
    await db.execute(sql`vacuum analyze`);

    const apiA = await startApi('api-a', database.url!, sandbox);
    const apiB = await startApi('api-b', database.url!, sandbox);
    const login = await fetch(`${apiA.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tenant.email, password: BENCH_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

    const listOne = await measureList([apiA.baseUrl, apiA.baseUrl], token);
    const listTwo = await measureList([apiA.baseUrl, apiB.baseUrl], token);
    await stopProcess(apiB.proc);
    await stopProcess(apiA.proc);

    const service = blastsService(bench.app.deps, quotaService(db), bench.app.blasts);
    const blastBy = async (workers: number) => {
      const started = Array.from({ length: workers }, (_, i) =>
        startWorker(`worker-${workers}-${i + 1}`, database.url!, sandbox),
      );
      const running = await Promise.all(started);
      const began = performance.now();
      const created = await service.create(
        { companyId: tenant.company.id, userId: 0, actingSuperAdminId: null },
        {
          fields: {
            title: `Scale ${workers}`,
            integration_id: String(tenant.integrationId),
            recipent_type: 'all_contact',
            message: 'Promo hari ini!',
          },
          file: null,
        },
      );
      let row: typeof blasts.$inferSelect | undefined;
      await waitFor(
        `the blast sent by ${workers} worker(s)`,
        async () => {
          [row] = await db.select().from(blasts).where(eq(blasts.id, created.id));
          return row?.status === 'completed';
        },
        30 * 60_000,
      );
      const seconds = (performance.now() - began) / 1000;
      for (const proc of running) await stopProcess(proc);
      return {
        workers,
        recipients: row!.successCount + row!.failedCount,
        sent: row!.successCount,
        seconds: Number(seconds.toFixed(1)),
        messages_per_second: Math.round(row!.successCount / seconds),
      };
    };
    const blastOne = await blastBy(1);
    const blastTwo = await blastBy(2);

    const result = {
      database: database.kind,
      cores: cpus().length,
      chats: CHATS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      list: { one_api: listOne, two_apis: listTwo },
      list_ratio: Number((listTwo.requests_per_second / listOne.requests_per_second).toFixed(2)),
      blast: { one_worker: blastOne, two_workers: blastTwo },
      blast_ratio: Number((blastTwo.messages_per_second / blastOne.messages_per_second).toFixed(2)),
    };
    console.log(
      `bench:scale on PostgreSQL, ${result.cores} cores, ${CHATS.toLocaleString('en')} conversations`,
    );
    console.log(
      `conversation list   1 API process: ${listOne.requests_per_second} req/s (p99 ${listOne.p99_ms} ms); ` +
        `2: ${listTwo.requests_per_second} req/s (p99 ${listTwo.p99_ms} ms); ratio ${result.list_ratio}`,
    );
    console.log(
      `blast of ${blastOne.recipients.toLocaleString('en')}     1 worker: ${blastOne.messages_per_second} messages/s; ` +
        `2 workers: ${blastTwo.messages_per_second} messages/s; ratio ${result.blast_ratio}`,
    );
    mkdirSync(join(here, '../results'), { recursive: true });
    writeFileSync(join(here, '../results/scale-postgres.json'), `${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    for (const proc of procs) {
      if (proc.child.exitCode !== null && proc.child.exitCode !== 0)
        console.error(`${proc.name} exited ${proc.child.exitCode}:\n${proc.output.join('').slice(-2000)}`);
    }
    throw error;
  } finally {
    await Promise.all(procs.map(stopProcess));
    await bench.app.close();
    await database.close();
  }
}

await main();
