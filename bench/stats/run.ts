/**
 * `npm run bench:stats`: the client dashboard's statistics endpoints for a company with 1,000,000
 * messages, target p99 ≤ 20 ms at 50 concurrent connections.
 *
 * 1. A company with a client_admin, one Telegram integration, STATS_BENCH_CONTACTS contacts and
 *    STATS_BENCH_MESSAGES (default 1,000,000) messages spread over the last 365 days, 60% of them
 *    inbound; plus the daily counter rows those messages imply. A second company has data of its own.
 * 2. Checks that the answers match the data (total_chats = inbound messages, per company).
 * 3. 50 keep-alive connections (STATS_BENCH_CONNECTIONS) call each endpoint back to back for
 *    STATS_BENCH_SECONDS (default 15) with a signed-in bearer token, from a separate process
 *    (load.ts); prints requests, req/s, p50/p95/p99/max per endpoint. Any answer but 200 fails.
 *    The target is the dashboard's own requests: the summary and the default 30-day trend; the
 *    365-day trend is printed beside them. The answers are remembered for a second per company, as
 *    they are for a company's dashboards (docs/decisions.md, "Speed of the hot paths").
 *    A last row measures a bench-only route that passes the same access guard and does nothing
 *    else: the floor that no change to the statistics module can go below.
 *
 * Embedded PGlite by default; DATABASE_URL=postgres://… measures on PostgreSQL (a fresh database is
 * created and dropped).
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { CHAT_SHARDS } from '../../apps/server/src/db/schema/statistics.ts';
import { tenantOf } from '../../apps/server/src/http/access.ts';
import { send } from '../../apps/server/src/http/envelope.ts';
import { utcDay } from '../../apps/server/src/modules/statistics/statistics.repo.ts';
import {
  BENCH_PASSWORD,
  type BenchApp,
  type BenchDatabase,
  benchTenant,
  openBenchDatabase,
  percentile,
  startBenchApp,
} from '../bench-app.ts';
import type { LoadJob, LoadResult } from './load.ts';

const here = dirname(fileURLToPath(import.meta.url));
const MESSAGES = Number(process.env.STATS_BENCH_MESSAGES ?? 1_000_000);
const CONTACTS = Number(process.env.STATS_BENCH_CONTACTS ?? 5_000);
const SECONDS = Number(process.env.STATS_BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.STATS_BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.STATS_BENCH_CONNECTIONS ?? 50);
const TARGET_P99_MS = 20;
const CHUNK = 100_000;
/** The second company: fewer messages, over the last 90 days, half of them inbound. */
const OTHER_MESSAGES = Math.ceil(MESSAGES / 10);
const INBOUND_PERCENT = 60;
const OTHER_INBOUND_PERCENT = 50;
const DAY_MS = 86_400_000;
const GUARD_ONLY = '/api/bench/guard-only';

type Db = BenchDatabase['db'];
const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A company with a client_admin, an active Telegram integration and `contactCount` contacts. */
async function tenantWithContacts(db: Db, bench: BenchApp, name: string, contactCount: number) {
  const tenant = await benchTenant(bench, {
    name,
    token: `70000000${contactCount}:BENCH-stats-token-abcdefghij`,
  });
  await db.execute(sql`
    insert into contacts (company_id, integration_id, chat_id, chat_type, name)
    select ${tenant.company.id}, ${tenant.integrationId}, (900000000 + g)::text || '@telegram', 'telegram', 'Customer ' || g
    from generate_series(1, ${contactCount}) g`);
  return tenant;
}

/**
 * `count` messages of one company: message g (1-based) was sent `(g * 7919) mod span` seconds ago
 * (an even, deterministic spread over the span) and is inbound when g mod 100 < `inboundPercent`.
 */
async function insertMessages(
  db: Db,
  tenant: { company: { id: number }; integrationId: number },
  count: number,
  spanSeconds: number,
  inboundPercent: number,
) {
  for (let first = 1; first <= count; first += CHUNK) {
    const last = Math.min(count, first + CHUNK - 1);
    await db.execute(sql`
      insert into messages
        (company_id, contact_id, integration_id, is_from_me, sender_name, content, status, is_read, created_at)
      select ${tenant.company.id}, c.ids[1 + g % c.n], ${tenant.integrationId}, g % 100 >= ${inboundPercent},
        case when g % 100 >= ${inboundPercent} then 'Agent' else 'Customer' end,
        'Halo kak, pesanan #' || g || ' sudah dikirim?',
        case when g % 100 >= ${inboundPercent} then 'read' else 'received' end,
        true,
        now() - make_interval(secs => (g::bigint * 7919) % ${spanSeconds})
      from generate_series(${first}::int, ${last}::int) g,
        (select array_agg(id order by id) ids, count(*)::int n from contacts
          where company_id = ${tenant.company.id}) c`);
  }
}

async function main() {
  const database = await openBenchDatabase('stats');
  try {
    const bench = await startBenchApp(
      database,
      {},
      {
        // The floor under both endpoints: a signed-in GET that the access guard lets through (the
        // verified token and the caller's principal remembered, as for every request) and nothing more.
        beforeListen: (app) =>
          app.get(
            GUARD_ONLY,
            { config: { access: { permission: 'dashboard_read' } } },
            async (request, reply) => send(reply, { company_id: tenantOf(request).companyId }),
          ),
      },
    );
    try {
      await measure(database, bench);
    } finally {
      await bench.app.close();
    }
  } finally {
    // On PostgreSQL this drops the bench's database, also after a failure.
    await database.close();
  }
}

async function measure(database: BenchDatabase, bench: BenchApp) {
  const db = database.db;
  const setupStarted = performance.now();

  const a = await tenantWithContacts(db, bench, 'Stats Bench', CONTACTS);
  const b = await tenantWithContacts(db, bench, 'Other Shop', Math.ceil(CONTACTS / 5));
  await insertMessages(db, a, MESSAGES, 365 * 86_400, INBOUND_PERCENT);
  await insertMessages(db, b, OTHER_MESSAGES, 90 * 86_400, OTHER_INBOUND_PERCENT);
  const messagesSeconds = (performance.now() - setupStarted) / 1000;

  // The counters these messages imply. The statement that stores an inbound message
  // (inboundRepo.ingest) moves 'chats' by one on the message's UTC day, on the contact's shard:
  // this one aggregate writes what it would have written.
  await db.execute(sql`
    insert into statistics_daily (company_id, type, day, shard, count)
    select company_id, 'chats', (created_at at time zone 'UTC')::date, contact_id % ${CHAT_SHARDS}, count(*)::int
    from messages where not is_from_me
    group by 1, 3, 4`);
  // The other cards' counters, as the tickets, blasts, knowledge and schedules modules move them
  // (synthetic: no ticket or blast rows stand behind them, which the endpoints never read).
  for (const [company, days] of [
    [a.company.id, 365],
    [b.company.id, 90],
  ] as const) {
    await db.execute(sql`
      insert into statistics_daily (company_id, type, day, count)
      select ${company}::int, t.type, (now() at time zone 'UTC')::date - d, t.n + d % 4
      from generate_series(0, ${days - 1}) d,
        (values ('tickets', 3), ('blasts', 1)) t(type, n)
      union all
      select ${company}::int, t.type, (now() at time zone 'UTC')::date, t.n
      from (values ('knowledge', 12), ('schedulings', 4)) t(type, n)`);
  }
  await db.execute(sql`analyze`);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const [inbound] = rows<{ a: number; b: number }>(
    await db.execute(sql`
      select count(*) filter (where company_id = ${a.company.id})::int a,
        count(*) filter (where company_id = ${b.company.id})::int b
      from messages where not is_from_me`),
  );
  // What insertMessages wrote, counted here rather than read back.
  const inserted = (count: number, percent: number) => {
    let n = 0;
    for (let g = 1; g <= count; g++) if (g % 100 < percent) n++;
    return n;
  };
  const expected = {
    a: inserted(MESSAGES, INBOUND_PERCENT),
    b: inserted(OTHER_MESSAGES, OTHER_INBOUND_PERCENT),
  };
  if (inbound!.a !== expected.a || inbound!.b !== expected.b) {
    throw new Error(
      `inbound messages in the database: ${inbound!.a} / ${inbound!.b}, inserted ${expected.a} / ${expected.b}`,
    );
  }
  const counterRows = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int n from statistics_daily`),
  )[0]!.n;
  console.log(
    `setup (${database.kind})  ${setupSeconds.toFixed(1)} s: ${MESSAGES.toLocaleString('en')} messages ` +
      `(${inbound!.a.toLocaleString('en')} inbound) for "${a.company.companyName}", ` +
      `${OTHER_MESSAGES.toLocaleString('en')} (${inbound!.b.toLocaleString('en')} inbound) for ` +
      `"${b.company.companyName}" in ${messagesSeconds.toFixed(1)} s; ${counterRows} counter rows`,
  );

  const signIn = async (email: string) => {
    const response = await fetch(`${bench.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: BENCH_PASSWORD }),
    });
    const body = (await response.json()) as { data: { access_token: string }; message: string };
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${body.message}`);
    return body.data.access_token;
  };
  const get = async <T>(token: string, path: string) => {
    const response = await fetch(`${bench.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data: T; message: string };
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.message}`);
    return body.data;
  };

  // The answers must be the data's, per company, before their speed means anything.
  const today = utcDay(new Date());
  const yearStart = utcDay(new Date(Date.now() - 364 * DAY_MS));
  const yearPath = `/api/messages/statistics/trend?start_date=${yearStart}&end_date=${today}`;
  type Trend = { chats: { date: string; count: number }[] };
  for (const [tenant, inboundCount] of [
    [a, expected.a],
    [b, expected.b],
  ] as const) {
    const token = await signIn(tenant.email);
    const summary = await get<{ total_chats: number; total_integrations: number }>(
      token,
      '/api/messages/statistics',
    );
    const trend = await get<Trend>(token, yearPath);
    const [inRange] = rows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int n from messages
        where company_id = ${tenant.company.id} and not is_from_me
          and (created_at at time zone 'UTC')::date >= ${yearStart}::date`),
    );
    const trendChats = trend.chats.reduce((total, point) => total + point.count, 0);
    if (
      summary.total_chats !== inboundCount ||
      summary.total_integrations !== 1 ||
      trendChats !== inRange!.n
    ) {
      throw new Error(
        `statistics of "${tenant.company.companyName}" do not match its data: total_chats ` +
          `${summary.total_chats} (inserted ${inboundCount} inbound), total_integrations ` +
          `${summary.total_integrations} (1), 365-day chats trend ${trendChats} (${inRange!.n} in range)`,
      );
    }
  }
  console.log(
    `sanity              total_chats = inbound messages for both companies (${inbound!.a} / ${inbound!.b}); 365-day trend sums match`,
  );

  const load = fork(join(here, 'load.ts'), { serialization: 'advanced' });
  const loadRun = (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      load.once('message', (answer: { ok: true; result: LoadResult } | { ok: false; error: string }) =>
        answer.ok ? resolve(answer.result) : reject(new Error(answer.error)),
      );
      load.send(job);
    });

  const endpoints = [
    { name: 'GET /api/messages/statistics', path: '/api/messages/statistics', target: true },
    { name: 'GET …/statistics/trend (30 days)', path: '/api/messages/statistics/trend', target: true },
    {
      name: 'GET …/statistics/trend (365 days)',
      path: yearPath,
      target: false,
      note: '(no target: the longest range the date picker allows)',
    },
    {
      name: 'baseline: access guard only',
      path: GUARD_ONLY,
      target: false,
      note: '(no target: what every signed-in request costs)',
    },
  ];
  const results = [];
  try {
    for (const endpoint of endpoints) {
      // A fresh token for each (they last 15 minutes), and a warm-up that is not measured.
      const token = await signIn(a.email);
      const job = { baseUrl: bench.baseUrl, path: endpoint.path, token, connections: CONNECTIONS };
      if (WARMUP_SECONDS > 0) await loadRun({ ...job, seconds: WARMUP_SECONDS });
      const loadBefore = loadavg()[0]!;
      const run = await loadRun({ ...job, seconds: SECONDS });
      const latencies = Float64Array.from(run.latencies).sort();
      const ms = (value: number) => Number(value.toFixed(2));
      const failed = Object.entries(run.statuses)
        .filter(([status]) => status !== '200')
        .reduce((total, [, n]) => total + n, 0);
      results.push({
        endpoint: endpoint.name,
        path: endpoint.path,
        requests: latencies.length,
        requests_per_second: Math.round(latencies.length / SECONDS),
        p50_ms: ms(percentile(latencies, 50)),
        p95_ms: ms(percentile(latencies, 95)),
        p99_ms: ms(percentile(latencies, 99)),
        max_ms: ms(latencies[latencies.length - 1]!),
        non_200: failed,
        first_error: run.firstError,
        body_bytes: run.bodyBytes,
        target_met: endpoint.target ? percentile(latencies, 99) <= TARGET_P99_MS : null,
        note: endpoint.note ?? null,
        load_1m_before: Number(loadBefore.toFixed(2)),
        load_1m_after: Number(loadavg()[0]!.toFixed(2)),
      });
    }
  } finally {
    load.kill();
  }

  const header = ['endpoint', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'load 1m'];
  const table = results.map((row) => [
    row.endpoint,
    String(row.requests),
    String(row.requests_per_second),
    row.p50_ms.toFixed(2),
    row.p95_ms.toFixed(2),
    row.p99_ms.toFixed(2),
    row.max_ms.toFixed(2),
    `${row.load_1m_before}→${row.load_1m_after}`,
    row.target_met === null
      ? (row.note ?? '')
      : `target p99 ≤ ${TARGET_P99_MS} ms: ${row.target_met ? 'met' : 'NOT met'}`,
  ]);
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\n${CONNECTIONS} keep-alive connections, ${SECONDS} s per endpoint (after ${WARMUP_SECONDS} s warm-up), ${database.kind}`,
  );
  console.log(line(header));
  for (const row of table) console.log(line(row));

  mkdirSync(join(here, '../results'), { recursive: true });
  writeFileSync(
    join(here, `../results/stats-${database.kind}.json`),
    `${JSON.stringify(
      {
        database: database.kind,
        messages: MESSAGES,
        inbound_messages: inbound!.a,
        other_company_messages: OTHER_MESSAGES,
        counter_rows: counterRows,
        setup_s: Number(setupSeconds.toFixed(1)),
        connections: CONNECTIONS,
        seconds_per_endpoint: SECONDS,
        target_p99_ms: TARGET_P99_MS,
        results,
      },
      null,
      2,
    )}\n`,
  );

  const failures = results.filter((row) => row.non_200 > 0);
  if (failures.length) {
    throw new Error(
      failures
        .map((row) => `${row.endpoint}: ${row.non_200} answers not 200, the first: ${row.first_error}`)
        .join('\n'),
    );
  }
}

await main();
