import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMEMBER_MS } from '../../db/remembered.ts';
import { statisticsDaily } from '../../db/schema/statistics.ts';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, postTelegram, telegramUpdate } from '../../test/messaging.ts';
import { incrementDaily, utcDay } from './statistics.repo.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let bot: Awaited<ReturnType<typeof activeTelegram>>;
let adminA: Client;
let adminB: Client;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
  adminA = await world.as(world.adminA);
  adminB = await world.as(world.adminB);
  bot = await activeTelegram(env, adminA);
});
afterAll(() => env.close());

const today = utcDay(new Date());
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * 86_400_000));
const summary = async (call: Client) => (await call('GET', '/api/messages/statistics')).body.data;

describe('dashboard statistics', () => {
  it('counts each customer message once, on its day, from the webhook', async () => {
    const before = await summary(adminA);
    expect(before).toEqual({
      total_chats: 0,
      total_blasts: 0,
      total_knowledge: 0,
      total_tickets: 0,
      total_integrations: 1,
      total_schedulings: 0,
    });
    const dewi = { id: 7001, name: 'Dewi' };
    for (const [id, text] of [
      [1, 'Halo'],
      [2, 'Masih buka?'],
    ] as const) {
      expect(
        (await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(id, dewi, text))).statusCode,
      ).toBe(200);
    }
    // A re-delivered update is not a new chat.
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(2, dewi, 'Masih buka?'));
    // Another customer's chat counts on another of the day's rows (CHAT_SHARDS); both add up.
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(3, { id: 7002, name: 'Budi' }, 'Pagi'));

    const { status, body } = await adminA('GET', '/api/messages/statistics');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status_code: 200, message: 'Success' });
    expect(body.data.total_chats).toBe(3);

    const trend = (await adminA('GET', '/api/messages/statistics/trend')).body.data;
    expect(trend.chats.at(-1)).toEqual({ date: today, count: 3 });
  });

  it('keeps each company to its own counts', async () => {
    expect(await summary(adminB)).toMatchObject({ total_chats: 0, total_integrations: 0 });
    const trend = (await adminB('GET', '/api/messages/statistics/trend')).body.data;
    expect(trend.chats.every((point: { count: number }) => point.count === 0)).toBe(true);
  });

  it('adds what other modules count with incrementDaily, minus deletions', async () => {
    const { companyA } = world;
    await incrementDaily(env.database.db, companyA.id, 'tickets', 3);
    await incrementDaily(env.database.db, companyA.id, 'tickets', 2, new Date(Date.now() - 2 * 86_400_000));
    await incrementDaily(env.database.db, companyA.id, 'knowledge', 2);
    await incrementDaily(env.database.db, companyA.id, 'knowledge', -1);
    await incrementDaily(env.database.db, companyA.id, 'blasts', 1);
    await incrementDaily(env.database.db, companyA.id, 'schedulings', 4);
    // Moved behind the API's back: the answers remembered for a moment are seen after it.
    await new Promise((resolve) => setTimeout(resolve, REMEMBER_MS));
    expect(await summary(adminA)).toEqual({
      total_chats: 3,
      total_blasts: 1,
      total_knowledge: 1,
      total_tickets: 5,
      total_integrations: 1,
      total_schedulings: 4,
    });
    const rows = await env.database.db
      .select()
      .from(statisticsDaily)
      .where(eq(statisticsDaily.companyId, companyA.id));
    expect(rows.filter((row) => row.type === 'tickets')).toHaveLength(2);
  });

  it('answers the trend as one point per day, the last 30 days by default', async () => {
    const { body } = await adminA('GET', '/api/messages/statistics/trend');
    expect(body.status_code).toBe(200);
    expect(body.data.start_date).toBe(daysAgo(29));
    expect(body.data.end_date).toBe(today);
    for (const type of ['chats', 'blasts', 'knowledge', 'tickets']) {
      expect(body.data[type]).toHaveLength(30);
      expect(body.data[type][0].date).toBe(daysAgo(29));
    }
    expect(body.data.tickets.at(-1).count).toBe(3);
    expect(body.data.tickets.at(-3)).toEqual({ date: daysAgo(2), count: 2 });
    expect(body.data.knowledge.at(-1).count).toBe(1);
  });

  it('takes a date range, inclusive, and refuses a reversed or too long one', async () => {
    const range = await adminA(
      'GET',
      `/api/messages/statistics/trend?start_date=${daysAgo(2)}&end_date=${daysAgo(1)}`,
    );
    expect(range.status).toBe(200);
    expect(range.body.data.tickets).toEqual([
      { date: daysAgo(2), count: 2 },
      { date: daysAgo(1), count: 0 },
    ]);
    // A full timestamp is read as its day.
    const stamped = await adminA(
      'GET',
      `/api/messages/statistics/trend?start_date=${daysAgo(2)}T00:00:00.000Z`,
    );
    expect(stamped.body.data.chats).toHaveLength(3);

    const reversed = await adminA(
      'GET',
      `/api/messages/statistics/trend?start_date=${today}&end_date=${daysAgo(3)}`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('start_date must not be after end_date');
    expect((await adminA('GET', '/api/messages/statistics/trend?start_date=2020-01-01')).status).toBe(400);
    expect((await adminA('GET', '/api/messages/statistics/trend?start_date=yesterday')).status).toBe(400);
  });

  it('needs dashboard_read and a company', async () => {
    const superAdmin = await world.as(world.superAdmin);
    await superAdmin('POST', '/api/rbac/roles', {
      name: 'chat_only',
      description: 'Answers chats',
      policies: [{ action: 'chat_read' }],
    });
    const chatOnly = await world.as(await world.make.user('chat_only', world.companyA.id));
    for (const path of ['/api/messages/statistics', '/api/messages/statistics/trend']) {
      const denied = await chatOnly('GET', path);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe("You don't have permission to do this");
      expect((await superAdmin('GET', path)).status).toBe(403);
      expect((await env.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
    // client_user reads the dashboard.
    expect((await (await world.as(world.agentA))('GET', '/api/messages/statistics')).status).toBe(200);
  });
});
