/**
 * `npm run bench:chat`: the messaging issue's targets for a company with 1,000,000 messages in
 * 20,000 chats, among 100 other companies.
 *
 * 1. Data, written with generate_series in chunks: company "Chat Bench" with a client_admin, one
 *    active Telegram integration, CHAT_BENCH_CHATS chats and CHAT_BENCH_MESSAGES messages (80%
 *    inbound; CHAT_BENCH_BUSY_PERCENT of them in one busy chat); CHAT_BENCH_COMPANIES other
 *    companies with CHAT_BENCH_OTHER_MESSAGES messages each. The conversation summary on contacts
 *    (last_message*, last_incoming*, total_messages, unread_count) is then computed from the
 *    messages, as the inbound pipeline (inboundRepo.ingest) and sending (addOutgoing) keep it; a
 *    sanity check compares the list's first page with the newest chats computed from the messages.
 * 2. 50 keep-alive connections (CHAT_BENCH_CONNECTIONS) for CHAT_BENCH_SECONDS (15) each, after a
 *    warm-up: GET /api/chats (the conversation list, default page), GET /api/chats/room/:room (a page
 *    of the busy chat), and a bare public route as the baseline; target p99 ≤ 50 ms. The load
 *    generator is bench/stats/load.ts in a forked process: the issue names autocannon, but
 *    keep-alive connections sending back to back and timing each request to its last byte is the
 *    same measurement, without a new dependency. EXPLAIN (ANALYZE, BUFFERS) of the list's queries
 *    says whether they touch the messages table.
 * 3. Ingest: CHAT_BENCH_INGEST (5,000) Telegram webhooks POSTed by 50 senders (load.ts again),
 *    after a warm-up of up to as many others; target ≥ 2,000 messages/s.
 * 4. Live delivery: CHAT_BENCH_SOCKETS (1,000) WebSockets joined to one room (sockets.ts, forked),
 *    CHAT_BENCH_LIVE_MESSAGES webhooks for that room at CHAT_BENCH_LIVE_RATE per second; the time
 *    from POST sent to `room_message` received on every socket; target p99 ≤ 100 ms.
 *
 * Embedded PGlite by default (shrink it with the knobs above); DATABASE_URL=postgres://… measures on
 * PostgreSQL (a fresh database is created and dropped).
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  BENCH_PASSWORD,
  type BenchApp,
  type BenchDatabase,
  benchTenant,
  openBenchDatabase,
  percentile,
  startBenchApp,
} from '../bench-app.ts';
import type { LoadJob, LoadResult } from '../stats/load.ts';
import type { SocketsJob, SocketsResult } from './sockets.ts';

const here = dirname(fileURLToPath(import.meta.url));
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MESSAGES = env('CHAT_BENCH_MESSAGES', 1_000_000);
const CHATS = env('CHAT_BENCH_CHATS', 20_000);
const COMPANIES = env('CHAT_BENCH_COMPANIES', 100);
const OTHER_MESSAGES = env('CHAT_BENCH_OTHER_MESSAGES', 1_000);
const OTHER_CHATS = env('CHAT_BENCH_OTHER_CHATS', 50);
const BUSY_PERCENT = env('CHAT_BENCH_BUSY_PERCENT', 5);
const SECONDS = env('CHAT_BENCH_SECONDS', 15);
const WARMUP_SECONDS = env('CHAT_BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = env('CHAT_BENCH_CONNECTIONS', 50);
const INGEST = env('CHAT_BENCH_INGEST', 5_000);
const SOCKETS = env('CHAT_BENCH_SOCKETS', 1_000);
const LIVE_MESSAGES = env('CHAT_BENCH_LIVE_MESSAGES', 200);
const LIVE_RATE = env('CHAT_BENCH_LIVE_RATE', 20);
const TARGET_P99_MS = 50;
const TARGET_INGEST_PER_S = 2_000;
const TARGET_LIVE_P99_MS = 100;
const CHUNK = 100_000;
const BARE = '/bench/bare';
/** Telegram user ids: chat c (1-based) of the bench company is `${CHAT_BASE + c}@telegram`. */
const CHAT_BASE = 800_000_000;
/** Message g (1-based, oldest first) was written (MESSAGES - g) * SPACING seconds ago. */
const SPACING_S = 30;

type Db = BenchDatabase['db'];
const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const ms = (value: number) => Number(value.toFixed(2));

const tenant = (bench: BenchApp, name: string, index: number, withAdmin: boolean) =>
  benchTenant(bench, {
    name,
    withAdmin,
    token: `7${String(index).padStart(8, '0')}:BENCH-chat-token-abcdefghij`,
  });

/**
 * `count` messages over `chats` chats of one company (contacts created here). Message g is inbound
 * unless g % 5 = 0; it belongs to chat 1 (the busy one) when g % 100 < busyPercent, and the others
 * go round chats 2…chats in turn (so every chat has inbound and outbound messages). Inbound
 * messages carry a provider id as the webhook stores it; only the last 2,000 inbound ones are
 * unread, as if the agents kept up.
 */
async function insertChats(
  db: Db,
  t: { company: { id: number }; integrationId: number },
  chatBase: number,
  chats: number,
  count: number,
  busyPercent: number,
) {
  await db.execute(sql`
    insert into contacts (company_id, integration_id, chat_id, chat_type, name, created_at)
    select ${t.company.id}, ${t.integrationId}, (${chatBase}::bigint + c)::text || '@telegram', 'telegram',
      'Customer ' || c, now() - make_interval(secs => ${count * SPACING_S + 60})
    from generate_series(1, ${chats}) c`);
  for (let first = 1; first <= count; first += CHUNK) {
    const last = Math.min(count, first + CHUNK - 1);
    await db.execute(sql`
      insert into messages (company_id, contact_id, integration_id, is_from_me, sender_name, content,
        provider_message_id, status, is_read, created_at)
      select ${t.company.id},
        k.ids[case when g % 100 < ${busyPercent} or ${chats} = 1 then 1
          else 2 + ((g / 100) * (100 - ${busyPercent}) + g % 100 - ${busyPercent}) % (${chats} - 1) end],
        ${t.integrationId}, g % 5 = 0,
        case when g % 5 = 0 then 'Agent' else 'Customer' end,
        case when g % 5 = 0 then 'Baik kak, pesanan #' || g || ' kami proses' else 'Halo kak, pesanan #' || g || ' sudah dikirim?' end,
        case when g % 5 = 0 then 'out-' || g else 'tg-' || g end,
        case when g % 5 = 0 then 'read' else 'received' end,
        g % 5 = 0 or g <= ${count - 2_500},
        now() - make_interval(secs => (${count}::bigint - g) * ${SPACING_S})
      from generate_series(${first}::int, ${last}::int) g,
        (select array_agg(id order by id) ids from contacts where company_id = ${t.company.id}) k`);
  }
}

/**
 * The summary columns of contacts, from the messages, as inboundRepo.ingest and addOutgoing leave
 * them after writing those messages in order: the latest message and time, the latest inbound one,
 * the count, and the inbound messages not read.
 */
async function summarise(db: Db) {
  await db.execute(sql`
    update contacts c set
      last_message = s.last_message, last_message_at = s.last_message_at,
      last_incoming_message = s.last_incoming_message, last_incoming_at = s.last_incoming_at,
      total_messages = s.total, unread_count = s.unread
    from (
      select m.contact_id,
        (array_agg(m.content order by m.created_at desc, m.id desc))[1] last_message,
        max(m.created_at) last_message_at,
        (array_agg(m.content order by m.created_at desc, m.id desc) filter (where not m.is_from_me))[1]
          last_incoming_message,
        max(m.created_at) filter (where not m.is_from_me) last_incoming_at,
        count(*)::int total,
        (count(*) filter (where not m.is_from_me and not m.is_read))::int unread
      from messages m group by m.contact_id
    ) s
    where s.contact_id = c.id`);
}

async function main() {
  const database = await openBenchDatabase('chat');
  try {
    const bench = await startBenchApp(
      database,
      {},
      {
        // The baseline: what Fastify answers with no access check, no database and no schema.
        beforeListen: (app) =>
          app.get(BARE, { config: { access: { public: true } } }, async () => ({ ok: true })),
      },
    );
    try {
      await measure(database, bench);
    } finally {
      await bench.app.close();
    }
  } finally {
    await database.close();
  }
}

async function measure(database: BenchDatabase, bench: BenchApp) {
  const db = database.db;
  const setupStarted = performance.now();
  const a = await tenant(bench, 'Chat Bench', 0, true);
  await insertChats(db, a, CHAT_BASE, CHATS, MESSAGES, BUSY_PERCENT);
  const mainSeconds = (performance.now() - setupStarted) / 1000;
  for (let i = 1; i <= COMPANIES; i++) {
    const other = await tenant(bench, `Other Shop ${i}`, i, false);
    await insertChats(db, other, CHAT_BASE + i * 100_000, OTHER_CHATS, OTHER_MESSAGES, BUSY_PERCENT);
  }
  await summarise(db);
  // What autovacuum does on a live database: statistics, and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const [counts] = rows<{ messages: number; chats: number; busy: number; all: number }>(
    await db.execute(sql`
      select count(*) filter (where m.company_id = ${a.company.id})::int messages,
        count(distinct m.contact_id) filter (where m.company_id = ${a.company.id})::int chats,
        count(*) filter (where k.chat_id = ${`${CHAT_BASE + 1}@telegram`} and m.company_id = ${a.company.id})::int busy,
        count(*)::int "all"
      from messages m join contacts k on k.id = m.contact_id`),
  );
  console.log(
    `setup (${database.kind})  ${setupSeconds.toFixed(1)} s (the bench company's data ${mainSeconds.toFixed(1)} s): ` +
      `"Chat Bench" ${counts!.messages.toLocaleString('en')} messages in ${counts!.chats.toLocaleString('en')} chats ` +
      `(busy chat ${counts!.busy.toLocaleString('en')}); ${COMPANIES} other companies; ` +
      `${counts!.all.toLocaleString('en')} messages in all`,
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
    const body = (await response.json()) as { data: T; message: string; meta?: { total?: number } };
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.message}`);
    return body;
  };

  // The list must be the data's before its speed means anything: its first page against the newest
  // chats computed from the messages themselves.
  const token = await signIn(a.email);
  const busyRoom = `${CHAT_BASE + 1}@telegram`;
  const list = await get<{ chat_id: string }[]>(token, '/api/chats');
  const newest = rows<{ chat_id: string }>(
    await db.execute(sql`
      select k.chat_id from contacts k join (
        select contact_id, max(created_at) at from messages
        where company_id = ${a.company.id} and not is_from_me group by contact_id
      ) m on m.contact_id = k.id
      order by m.at desc, k.id desc limit ${list.data.length}`),
  ).map((row) => row.chat_id);
  const listed = list.data.map((row) => row.chat_id);
  if (list.data.length === 0 || JSON.stringify(listed) !== JSON.stringify(newest)) {
    throw new Error(
      `the list's first page ${JSON.stringify(listed)} is not the newest chats ${JSON.stringify(newest)}`,
    );
  }
  const room = await get<unknown[]>(token, `/api/chats/room/${encodeURIComponent(busyRoom)}`);
  if (room.data.length === 0) throw new Error('the busy room answered no messages');
  console.log(
    `sanity              the list's first page (${listed.length}) = the newest chats by their messages; ` +
      `busy room answers ${room.data.length} of ${counts!.busy}`,
  );

  // EXPLAIN of the list's two queries, as chatsRepo.conversations builds them (the total is kept by
  // a trigger), and of the room page's one (chatsRepo.roomPage: its total is the chat's summary).
  const [busy] = rows<{ id: number }>(
    await db.execute(
      sql`select id from contacts where company_id = ${a.company.id} and chat_id = ${busyRoom}`,
    ),
  );
  const explains: Record<string, string[]> = {};
  for (const [name, query] of [
    [
      'rows',
      sql`select c.*, i.title, p.kind from contacts c
        join integrations i on i.id = c.integration_id join platforms p on p.id = i.platform_id
        where c.company_id = ${a.company.id} and c.last_incoming_at is not null
        order by c.last_incoming_at desc, c.id desc limit 20 offset 0`,
    ],
    ['count', sql`select total from conversation_counts where company_id = ${a.company.id}`],
    [
      'room rows',
      sql`select * from messages where company_id = ${a.company.id} and contact_id = ${busy!.id}
        order by created_at desc, id desc limit 20 offset 0`,
    ],
  ] as const) {
    const plan = rows<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${query}`)).map(
      (row) => Object.values(row)[0]!,
    );
    explains[name] = plan;
  }
  const touchesMessages = [explains.rows!, explains.count!].some((plan) =>
    plan.some((line) => /\bmessages\b/.test(line)),
  );
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) of the conversation list and the busy room's page (${database.kind}):`,
  );
  for (const [name, plan] of Object.entries(explains)) {
    console.log(`-- ${name}`);
    for (const line of plan) console.log(`   ${line}`);
  }
  console.log(
    `the conversation list ${touchesMessages ? 'TOUCHES the messages table' : 'does not touch the messages table'}`,
  );

  const load = fork(join(here, '../stats/load.ts'), { serialization: 'advanced' });
  const loadRun = (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      load.once('message', (answer: { ok: true; result: LoadResult } | { ok: false; error: string }) =>
        answer.ok ? resolve(answer.result) : reject(new Error(answer.error)),
      );
      load.send(job);
    });

  const endpoints = [
    { name: 'GET /api/chats (conversation list)', path: '/api/chats' },
    {
      name: 'GET /api/chats/room/:room (busy chat)',
      path: `/api/chats/room/${encodeURIComponent(busyRoom)}`,
    },
    { name: `baseline: bare Fastify route ${BARE}`, path: BARE },
  ];
  const results = [];
  let ingest: {
    posted: number;
    stored: number;
    statuses: Record<string, number>;
    first_error: string | null;
    seconds: number;
    messages_per_second: number;
    p50_ms: number;
    p99_ms: number;
    target_met: boolean;
    load_1m_after: number;
  };
  try {
    for (const endpoint of endpoints) {
      const job = {
        baseUrl: bench.baseUrl,
        path: endpoint.path,
        token: await signIn(a.email),
        connections: CONNECTIONS,
      };
      if (WARMUP_SECONDS > 0) await loadRun({ ...job, seconds: WARMUP_SECONDS });
      const loadBefore = loadavg()[0]!;
      const run = await loadRun({ ...job, seconds: SECONDS });
      const latencies = Float64Array.from(run.latencies).sort();
      results.push({
        endpoint: endpoint.name,
        path: endpoint.path,
        requests: latencies.length,
        requests_per_second: Math.round(latencies.length / SECONDS),
        p50_ms: ms(percentile(latencies, 50)),
        p95_ms: ms(percentile(latencies, 95)),
        p99_ms: ms(percentile(latencies, 99)),
        max_ms: ms(latencies[latencies.length - 1]!),
        non_200: Object.entries(run.statuses)
          .filter(([status]) => status !== '200')
          .reduce((total, [, n]) => total + n, 0),
        first_error: run.firstError,
        body_bytes: run.bodyBytes,
        load_1m_before: Number(loadBefore.toFixed(2)),
        load_1m_after: Number(loadavg()[0]!.toFixed(2)),
      });
    }

    // Ingest: updates from INGEST different customers of the bench company's existing chats, spread
    // over them, each a new message; 50 senders POST back to back. Like the endpoints above, after
    // a warm-up of the same kind (other update ids and texts, not counted).
    const updates = (count: number, firstId: number, label: string) =>
      Array.from({ length: count }, (_, i) =>
        JSON.stringify(
          telegramUpdate(
            firstId + i,
            CHAT_BASE + 1 + (i % CHATS),
            `Customer ${1 + (i % CHATS)}`,
            `${label} ${i}`,
          ),
        ),
      );
    const webhooks = (bodies: string[], seconds: number) =>
      loadRun({
        baseUrl: bench.baseUrl,
        path: a.webhook,
        token: '',
        connections: CONNECTIONS,
        seconds,
        bodies,
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': a.secret },
      });
    if (WARMUP_SECONDS > 0) await webhooks(updates(INGEST, 30_000_000, 'warm-up'), WARMUP_SECONDS);
    const ingestRun = await webhooks(updates(INGEST, 10_000_000, 'ingest'), 120);
    const ingestLatencies = Float64Array.from(ingestRun.latencies).sort();
    const [stored] = rows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int n from messages where company_id = ${a.company.id} and content like 'ingest %'`,
      ),
    );
    const perSecond = ingestRun.latencies.length / (ingestRun.elapsedMs / 1000);
    ingest = {
      posted: ingestRun.latencies.length,
      stored: stored!.n,
      statuses: ingestRun.statuses,
      first_error: ingestRun.firstError,
      seconds: Number((ingestRun.elapsedMs / 1000).toFixed(2)),
      messages_per_second: Math.round(perSecond),
      p50_ms: ms(percentile(ingestLatencies, 50)),
      p99_ms: ms(percentile(ingestLatencies, 99)),
      target_met: perSecond >= TARGET_INGEST_PER_S && stored!.n === INGEST,
      load_1m_after: Number(loadavg()[0]!.toFixed(2)),
    };
  } finally {
    load.kill();
  }

  // Live delivery: SOCKETS browsers in the busy room, webhooks for it at a steady rate.
  const sockets = fork(join(here, 'sockets.ts'), { serialization: 'advanced' });
  let live: SocketsResult;
  try {
    const texts = Array.from({ length: LIVE_MESSAGES }, (_, i) => `live ${i}`);
    const liveToken = await signIn(a.email);
    live = await new Promise<SocketsResult>((resolve, reject) => {
      sockets.once('message', (answer: { ok: true; result: SocketsResult } | { ok: false; error: string }) =>
        answer.ok ? resolve(answer.result) : reject(new Error(answer.error)),
      );
      const job: SocketsJob = {
        baseUrl: bench.baseUrl,
        token: liveToken,
        room: busyRoom,
        sockets: SOCKETS,
        webhook: a.webhook,
        secret: a.secret,
        bodies: texts.map((text, i) =>
          JSON.stringify(telegramUpdate(20_000_000 + i, CHAT_BASE + 1, 'Customer 1', text)),
        ),
        texts,
        perSecond: LIVE_RATE,
      };
      sockets.send(job);
    });
  } finally {
    sockets.kill();
  }
  const liveLatencies = Float64Array.from(live.latencies).sort();
  const postLatencies = Float64Array.from(live.postLatencies).sort();
  const liveResult = {
    sockets_asked: SOCKETS,
    sockets_joined: live.joined,
    join_s: Number((live.joinMs / 1000).toFixed(2)),
    messages: LIVE_MESSAGES,
    rate_per_second: LIVE_RATE,
    deliveries: live.latencies.length,
    missing: live.missing,
    first_error: live.firstError,
    p50_ms: ms(percentile(liveLatencies, 50)),
    p95_ms: ms(percentile(liveLatencies, 95)),
    p99_ms: ms(percentile(liveLatencies, 99)),
    max_ms: ms(liveLatencies[liveLatencies.length - 1] ?? Number.NaN),
    webhook_p50_ms: ms(percentile(postLatencies, 50)),
    webhook_p99_ms: ms(percentile(postLatencies, 99)),
    target_met:
      live.missing === 0 && live.joined === SOCKETS && percentile(liveLatencies, 99) <= TARGET_LIVE_P99_MS,
    load_1m_after: Number(loadavg()[0]!.toFixed(2)),
  };

  const bare = results[results.length - 1]!;
  const header = [
    'endpoint',
    'requests',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'p99/bare',
    'load 1m',
  ];
  const table = results.map((row) => [
    row.endpoint,
    String(row.requests),
    String(row.requests_per_second),
    row.p50_ms.toFixed(2),
    row.p95_ms.toFixed(2),
    row.p99_ms.toFixed(2),
    row.max_ms.toFixed(2),
    `${(row.p99_ms / bare.p99_ms).toFixed(1)}×`,
    `${row.load_1m_before}→${row.load_1m_after}`,
    row === bare
      ? '(baseline)'
      : `target p99 ≤ ${TARGET_P99_MS} ms: ${row.p99_ms <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
  ]);
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\n${CONNECTIONS} keep-alive connections, ${SECONDS} s per endpoint (after ${WARMUP_SECONDS} s warm-up), ${database.kind}`,
  );
  console.log(line(header));
  for (const row of table) console.log(line(row));
  console.log(
    `\ningest              ${ingest.posted} webhooks by ${CONNECTIONS} senders in ${ingest.seconds} s: ` +
      `${ingest.messages_per_second} messages/s (${ingest.stored} stored; POST p50 ${ingest.p50_ms} ms, ` +
      `p99 ${ingest.p99_ms} ms); target ≥ ${TARGET_INGEST_PER_S}/s: ${ingest.target_met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `live delivery       ${live.joined}/${SOCKETS} sockets joined in ${liveResult.join_s} s; ${LIVE_MESSAGES} webhooks ` +
      `at ${LIVE_RATE}/s → ${live.latencies.length} room_message deliveries (${live.missing} missing): ` +
      `p50 ${liveResult.p50_ms} ms, p95 ${liveResult.p95_ms} ms, p99 ${liveResult.p99_ms} ms, max ${liveResult.max_ms} ms ` +
      `(webhook POST p50 ${liveResult.webhook_p50_ms} ms, p99 ${liveResult.webhook_p99_ms} ms); ` +
      `target p99 ≤ ${TARGET_LIVE_P99_MS} ms: ${liveResult.target_met ? 'met' : 'NOT met'}`,
  );

  mkdirSync(join(here, '../results'), { recursive: true });
  writeFileSync(
    join(here, `../results/chat-${database.kind}.json`),
    `${JSON.stringify(
      {
        database: database.kind,
        messages: counts!.messages,
        chats: counts!.chats,
        busy_chat_messages: counts!.busy,
        other_companies: COMPANIES,
        all_messages: counts!.all,
        setup_s: Number(setupSeconds.toFixed(1)),
        list_touches_messages: touchesMessages,
        explain: explains,
        connections: CONNECTIONS,
        seconds_per_endpoint: SECONDS,
        target_p99_ms: TARGET_P99_MS,
        results: results.map((row) => ({
          ...row,
          p99_ratio_to_bare: Number((row.p99_ms / bare.p99_ms).toFixed(2)),
          target_met: row === bare ? null : row.p99_ms <= TARGET_P99_MS,
        })),
        ingest,
        live: liveResult,
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

/** A Telegram webhook body of a private text message (as apps/server/src/test/messaging.ts builds it). */
function telegramUpdate(updateId: number, fromId: number, name: string, text: string) {
  return {
    update_id: updateId,
    message: {
      message_id: 500_000 + updateId,
      from: { id: fromId, is_bot: false, first_name: name },
      chat: { id: fromId, type: 'private', first_name: name },
      date: Math.floor(Date.now() / 1000),
      text,
    },
  };
}

await main();
