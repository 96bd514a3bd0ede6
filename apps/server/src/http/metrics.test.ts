import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { fakeLlm } from '../test/fake-llm.ts';
import { standardWorld, startApp, type TestEnv } from '../test/harness.ts';
import { activeTelegram, giveQuota, postTelegram, telegramUpdate } from '../test/messaging.ts';

let env: TestEnv;
let llm: Awaited<ReturnType<typeof fakeLlm>>;
beforeAll(async () => {
  llm = await fakeLlm();
  env = await startApp(
    { METRICS_TOKEN: 'scrape-token-0123456789', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'metrics-model' },
    { listen: true },
  );
});
afterAll(async () => {
  await env.close();
  await llm.close();
});

const scrape = async (token = 'scrape-token-0123456789') =>
  env.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });

describe('/api/metrics', () => {
  it('is closed without the metrics token', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await scrape('wrong-token-0123456789xx')).statusCode).toBe(401);
  });

  it('reports request latency by route, queue depth per job kind and messages sent per provider', async () => {
    await env.app.inject({ method: 'GET', url: '/api/health' });
    await env.database.db
      .insert(jobs)
      .values({ kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 60_000) });
    const world = await standardWorld(env);
    const admin = await world.as(world.adminA);
    const bot = await activeTelegram(env, admin);
    await giveQuota(env, world.companyA.id, 10);
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(1, { id: 901, name: 'Ani' }, 'hello'));
    const sent = await admin('POST', '/api/chats/room/901@telegram/messages', { message: 'Hi Ani' });
    expect(sent.status).toBeLessThan(300);

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
    );
    expect(text).toMatch(/jobs_queued\{kind="metrics.test"\} 1/);
    expect(text).toMatch(/jobs_oldest_age_seconds\{kind="metrics.test"\} (5\d|6\d)/);
    expect(text).toMatch(/channel_messages_total\{provider="telegram",outcome="sent"\} 1/);
    expect(text).toMatch(/websocket_connections 0/);
    expect(text).toMatch(/blast_recipients_pending 0/);
  });

  it('counts the LLM tokens of each completion by model and kind', async () => {
    const world = await standardWorld(env);
    const admin = await world.as(world.adminB);
    await giveQuota(env, world.companyB.id, 0, 5);
    const saved = await admin('POST', '/api/ai-characters', {
      conversation_type: 'friendly',
      primary_language: 'en',
      categories: [{ icon: 'question', title: 'Hours', description: 'When the store is open.' }],
    });
    expect(saved.status).toBe(200);
    const simulated = await admin('POST', '/api/ai-characters/simulate', {
      category_id: saved.body.data.categories[0].id,
      message: 'Are you open on Sunday?',
    });
    expect(simulated.status).toBe(200);
    expect(simulated.body.data.meta).toMatchObject({
      mode: 'llm',
      prompt_tokens: 120,
      completion_tokens: 30,
    });

    const text = (await scrape()).body;
    const tokens = (kind: string) =>
      Number(
        text.match(
          new RegExp(`^llm_tokens_total\\{model="metrics-model",kind="${kind}"\\} (\\d+)$`, 'm'),
        )?.[1],
      );
    const completions = llm.completions().length;
    expect(completions).toBeGreaterThan(0);
    // The fake LLM reports 120 prompt and 30 completion tokens for every completion.
    expect(tokens('prompt')).toBe(120 * completions);
    expect(tokens('completion')).toBe(30 * completions);
  });
});
